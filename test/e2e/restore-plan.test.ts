// What `restore --dry-run` shows a person (issue 32): changes first, unchanged records folded
// into the summary's count, each differing field old → new, parents named `Title (id)` as
// every table names a reference; the data formats still list every record. And
// `restore --map auto`: the map made from unique same-titled parents on the target, printed,
// written for review, and read back by --map.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir, runInProcess } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
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

describe('restore --map auto, into another service', () => {
  let other: RunningSandbox;
  beforeAll(async () => {
    other = await startTestSandbox();
  });
  afterAll(() => other.close());
  beforeEach(() => other.reset('demo'));
  const onOther = (args: string[]) => runInProcess(args, { env: sandboxEnv(other) });
  const otherWrites = (from: number) => other.requests.slice(from).filter((e) => e.method !== 'GET');

  it('maps each parent to the one same-titled record (a phase within its mapped project), writes the map beside the export, and --map reads it', async () => {
    await ok(['export', dir]);
    // The target has two phases titled "Design": the export's, in project 31, and one in project 32.
    other.state.phases[44]!.title = 'Design';
    const from = other.requests.length;
    const r = await onOther(['restore', dir, '--map', 'auto', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(otherWrites(from)).toEqual([]);
    const rows = JSON.parse(r.stdout) as Record<string, any>[];
    expect(rows.find((x) => x.kind === 'phases' && x.id === 42)).toEqual({
      kind: 'phases',
      id: 42,
      title: 'Design',
      status: 'mapped',
      new_id: 42,
      candidates: [42],
      within_project: 31,
    });
    // The export's Strategy (44) is missing there now, and said so; it is not guessed.
    expect(rows.find((x) => x.kind === 'phases' && x.id === 44)).toMatchObject({ status: 'missing', new_id: null });
    const file = `${dir}.map.json`;
    const map = JSON.parse(readFileSync(file, 'utf8'));
    expect(map).toEqual({
      phases: { 41: 41, 42: 42, 43: 43, 45: 45 },
      projects: { 31: 31, 32: 32, 33: 33 },
      clients: { 11: 11, 12: 12 },
      companies: { 1: 1 },
    });
    expect(r.stderr).toContain('11 parents: 10 mapped by title, 0 ambiguous, 1 missing (left out of the map');
    expect(r.stderr).toContain(
      `wrote the map to ${file}; nothing was restored. Review it, then: pwctl restore ${dir} --map ${file} --dry-run\n`,
    );

    // The map is what --map reads: the restore places the tasks; Strategy's are unplaceable.
    const restored = await onOther(['restore', dir, '--only', 'steps', '--map', file, '-o', 'json']);
    expect(restored.code).toBe(8);
    const results = JSON.parse(restored.stdout) as Record<string, any>[];
    expect(new Set(results.filter((x) => !x.ok).map((x) => x.action))).toEqual(new Set(['unplaceable']));
    expect(results.filter((x) => x.action === 'create').length).toBeGreaterThan(0);

    // Made again, the same map: the file is left as it is. Edited, it is not overwritten.
    expect((await onOther(['restore', dir, '--map', 'auto', '-q'])).code).toBe(0);
    writeFileSync(file, JSON.stringify({ ...map, phases: { ...map.phases, 44: 48 } }));
    const edited = readFileSync(file, 'utf8');
    const refused = await onOther(['restore', dir, '--map', 'auto']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^error: --map-out: .*backup\.map\.json exists and holds another map/m);
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });

  it('lists ambiguous and missing titles first, with the candidates, and leaves them out of the map', async () => {
    await ok(['export', dir]);
    other.state.projects[32]!.title = 'Acme Website Redesign';
    other.state.phases[44]!.title = 'Discovery';
    other.state.phases[45]!.title = 'Production line';
    const out = join(work, 'review.json');
    const r = await onOther(['restore', dir, '--only', 'steps', '--map', 'auto', '--map-out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      'phases\tDiscovery (41)\tambiguous\t2 phases titled "Discovery": 41, 44',
      'phases\tStrategy (44)\tmissing\tno phase titled "Strategy"',
      'phases\tProduction (45)\tmissing\tno phase titled "Production"',
      'phases\tDesign (42)\t42\tsame id',
      'phases\tInternal QA (43)\t43\tsame id',
      'projects\tAcme Website Redesign (31)\tambiguous\t2 projects titled "Acme Website Redesign": 31, 32',
      'projects\tBlue Harbor Brand Refresh (32)\tmissing\tno project titled "Blue Harbor Brand Refresh"',
    ]);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
      phases: { 42: 42, 43: 43 },
      projects: {},
      clients: {},
      companies: {},
    });
    expect(existsSync(`${dir}.map.json`)).toBe(false);
    expect(r.stderr).toContain('7 parents: 2 mapped by title, 2 ambiguous, 3 missing');
    expect(r.stderr).toContain(`pwctl restore ${dir} --map ${out} --only steps --dry-run`);
  });

  it('--dry-run writes no file; --map-out without --map auto is refused before any request', async () => {
    await ok(['export', dir]);
    const dry = await onOther(['restore', dir, '--map', 'auto', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(existsSync(`${dir}.map.json`)).toBe(false);
    expect(dry.stderr).toContain(`--dry-run: the map was not written (it would go to ${dir}.map.json)`);
    const from = other.requests.length;
    const alone = await onOther(['restore', dir, '--map-out', join(work, 'm.json')]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/^error: --map-out .*--map/);
    writeFileSync(join(work, 'given.json'), '{}');
    const withFile = await onOther([
      'restore',
      dir,
      '--map',
      join(work, 'given.json'),
      '--map-out',
      join(work, 'm.json'),
    ]);
    expect(withFile.code).toBe(2);
    expect(withFile.stderr).toBe('error: --map-out goes with --map auto: it names where the map made goes\n');
    expect(other.requests.slice(from)).toEqual([]);
  });
});
