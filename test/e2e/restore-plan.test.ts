// What `restore --dry-run` shows a person (issue 32): changes first, unchanged records folded
// into the summary's count, each differing field old → new, parents named `Title (id)` as
// every table names a reference; the data formats still list every record. And
// `restore --map auto`: the map made from unique same-titled parents on the target, printed,
// written for review, and read back by --map.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const uuid = (id: number) => `5eed0000-0000-4000-8000-${String(id).padStart(12, '0')}`;

let work: string;
let dir: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'pwctl-restore-plan-'));
  dir = join(work, 'backup');
});

async function ok(args: string[]): Promise<void> {
  const r = await pw([...args, '-q']);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
}

/** An export, then one task deleted and a few records changed on the service. */
async function exportThenChange(): Promise<void> {
  await ok(['export', dir]);
  await ok(['steps', 'delete', '105', '--yes']);
  await ok(['steps', 'update', '108', '--title', 'Approve the homepage', '--due', 'none']);
  await ok(['steps', 'move', '103', '--phase', '42']);
  await ok(['tags', 'add', '104', 'urgent']);
  await ok(['milestones', 'update', '71', '--color', '#ff0000']);
  await ok(['docs', 'update', uuid(82), '--edit-access', 'private']);
}

describe('restore --dry-run as a table', () => {
  it('changes first, unchanged folded into the count, old → new, parents as Title (id)', async () => {
    await exportThenChange();
    cli.mark();
    const r = await pw(['restore', dir, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows.map((row) => row.split('\t').slice(0, 3).join(' '))).toEqual([
      'create steps 105',
      `changed documents ${uuid(82)}`,
      'changed steps 103',
      'changed steps 104',
      'changed steps 108',
      'changed milestones 71',
    ]);
    const byId = Object.fromEntries(rows.map((row) => [row.split('\t')[2], row.split('\t')]));
    expect(byId['105']!.slice(3)).toEqual(['Sitemap draft', 'Discovery (41)', '']);
    expect(byId['103']!.slice(4)).toEqual(['Discovery (41)', 'phase: Design (42) → Discovery (41)']);
    expect(byId['104']![5]).toBe('tags: urgent → none');
    expect(byId['108']![5]).toBe('title: Approve the homepage → Approve homepage design; due_date: none → 2025-03-10');
    expect(byId['71']!.slice(4)).toEqual(['Acme Website Redesign (31)', 'color: #ff0000 → #7C3AED']);
    expect(byId[uuid(82)]![5]).toBe('edit_access: private → team');
    expect(r.stderr).toBe(
      '--dry-run: 36 records: 1 to create, 0 to update, 5 changed, 0 unplaceable or unknown, 30 unchanged (not listed; -o json lists every record); nothing was sent\n',
    );
    expect(cli.sent('/api/v1/').filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('-o json lists every record, changes first, with each change as {from, to}', async () => {
    await exportThenChange();
    const r = await pw(['restore', dir, '--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Record<string, any>[];
    expect(plan).toHaveLength(36);
    expect(plan.slice(0, 6).map((p) => p.action)).toEqual(['create', ...Array(5).fill('changed')]);
    expect(new Set(plan.slice(6).map((p) => p.action))).toEqual(new Set(['unchanged']));
    expect(plan.find((p) => p.id === 108)).toMatchObject({
      parent: 'phase 42 "Design"',
      changes: {
        title: { from: 'Approve the homepage', to: 'Approve homepage design' },
        due_date: { from: null, to: '2025-03-10' },
      },
    });
  });

  it.skipIf(!hasPty)('on a terminal: the aligned table, the changes at the top', async () => {
    await exportThenChange();
    const { code, output } = await startInPty(['restore', dir, '--dry-run'], {
      cols: 200,
      rows: 50,
      env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb), PWCTL_PAGER: '' },
    }).done;
    expect(code).toBe(0);
    // What each line shows once the progress line before it is overwritten (\r, then the text).
    const lines = visibleText(output)
      .split('\n')
      .map((l) => l.replace(/\r$/, '').split('\r').at(-1)!)
      .filter((l) => /^(ACTION|create|changed|unchanged) /.test(l));
    expect(lines[0]).toMatch(/^ACTION +KIND +ID +TITLE +PARENT +DETAIL$/);
    expect(lines[1]).toMatch(/^create +steps +105 +Sitemap draft +Discovery \(41\)$/);
    expect(lines.filter((l) => l.startsWith('unchanged'))).toEqual([]);
    expect(lines).toHaveLength(7);
    expect(output).toContain('30 unchanged (not listed; -o json lists every record)');
  });
});
