// Tables as a person sees them, on a real pseudo-terminal (util-linux `script`) of 80 and
// 60 columns: every row fits, no id, UUID or URL is cut, columns line up for every row
// (ids from 2 to 3 digits, combining marks, emoji, wide characters); long tables go through
// the pager (which never gets the token), short or empty ones and pipes never do. Skipped
// where `script` is missing.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, CANARY_WEBHOOK_SECRET, makeConfigDir, runCli, runInProcess } from '../helpers/cli.js';
import { hasPty, runInPty as runOnTerminal } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

const EMOJI_TITLE = 'Cafe\u0301 launch 👨‍👩‍👧 party ❤️ 日本';
const IDS = Array.from({ length: 160 }, (_, i) => 40 + i);
const LONG_URLS = ['http://127.0.0.1:9/hooks/pwctl/receiver-one', 'http://127.0.0.1:9/hooks/pwctl/receiver-two-x'];

let sb: RunningSandbox;
const configDir = makeConfigDir();

beforeAll(async () => {
  sb = await startTestSandbox();
  // 160 milestones due before the seeded ones, so the list runs 40, 41 … 199: ids cross
  // from 2 to 3 digits, with titles of every length and one of combining marks and emoji.
  const template = sb.state.milestones[71]!;
  for (const id of IDS) {
    const title = id === 150 ? EMOJI_TITLE : `Milestone ${id}${' and its deliverables'.repeat(id % 4)}`;
    (sb.state.milestones as Record<number, unknown>)[id] = {
      ...structuredClone(template),
      id,
      title,
      due_date: '2024-01-01T00:00:00.000000Z',
    };
  }
  for (const [i, url] of LONG_URLS.entries()) {
    const event = i === 0 ? 'task.due_date_updated' : 'milestone.created';
    const created = await runInProcess(
      ['webhooks', 'create', '--url', url, '--event', event, '--company', '1', '--no-save-secret'],
      { env: sandboxEnv(sb), configDir, allowSecrets: true },
    );
    expect(created.code, created.stderr).toBe(0);
  }
});
afterAll(() => sb.close());

function runInPty(args: string[], size: { cols: number; rows?: number }, env: Record<string, string> = {}) {
  return runOnTerminal(args, { ...size, env: { ...baseEnv(configDir), ...sandboxEnv(sb), ...env } });
}

const plain = (line: string) => line.replace(/\u001b\[\d+m/g, '');
const linesOf = (output: string) =>
  output
    .split('\n')
    .filter((l) => l !== '')
    .map(plain);

/** A line as terminal cells: a wide grapheme takes two (the second ''), a combining mark none. */
function cells(line: string): string[] {
  const out: string[] = [];
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(line)) {
    out.push(segment);
    for (let w = stringWidth(segment); w > 1; w--) out.push('');
  }
  return out;
}

/** The terminal column at which each header starts. */
function headerColumns(header: string): Record<string, number> {
  const at: Record<string, number> = {};
  for (const m of header.matchAll(/\S+/g)) at[m[0]] = stringWidth(header.slice(0, m.index));
  return at;
}

describe.skipIf(!hasPty)('tables on a terminal', () => {
  it.each([80, 60])(
    'a %i-column terminal: ids from 2 to 3 digits stay whole, every row fits and lines up',
    async (cols) => {
      const r = await runInPty(['milestones', 'list', '--all', '--no-pager'], { cols });
      expect(r.code).toBe(0);
      const [header, ...rows] = linesOf(r.output);
      expect(header).toMatch(/^ID +TITLE +DUE /);
      const at = headerColumns(header!);
      const shown = rows.filter((row) => /^\d+ /.test(row));
      expect(shown.slice(0, IDS.length).map((row) => Number(row.split(' ')[0]))).toEqual(IDS);
      expect(shown).toHaveLength(rows.length);
      for (const row of [header!, ...rows]) {
        const c = cells(row);
        expect(c.length, row).toBeLessThanOrEqual(cols);
        if (row === header) continue;
        // The id is the whole first column; every later column starts where its header does.
        expect(c.slice(0, at.TITLE).join('').trim(), row).toMatch(/^\d+$/);
        expect(c[at.TITLE! - 1], row).toBe(' ');
        expect(c[at.TITLE!], row).not.toBe(' ');
        expect(c.slice(at.DUE, at.DUE! + 10).join(''), row).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(c[at.DUE! - 1], row).toBe(' ');
      }
      const emojiRow = rows.find((row) => row.startsWith('150 '))!;
      // Cut, when it is, after a whole grapheme: the combining mark stays with its letter, the family emoji whole.
      expect(emojiRow).toContain('Cafe\u0301 launch 👨‍👩‍👧');
    },
  );

  it('docs list shows every UUID whole at 80 columns', async () => {
    const r = await runInPty(['docs', 'list', '--all'], { cols: 80 });
    expect(r.code).toBe(0);
    const hidden = /^\(hidden at 80 columns: /;
    expect(linesOf(r.output).filter((l) => hidden.test(l))).toHaveLength(1);
    const [header, ...rows] = linesOf(r.output).filter((l) => !hidden.test(l));
    expect(header).toMatch(/^UUID +TITLE/);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(cells(row).length).toBeLessThanOrEqual(80);
      const uuid = row.split(' ')[0]!;
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(sb.state.documents[uuid]).toBeDefined();
    }
  });

  it('webhooks list shows every URL whole at 80 columns', async () => {
    const r = await runInPty(['webhooks', 'list'], { cols: 80 });
    expect(r.code).toBe(0);
    const [header, ...rows] = linesOf(r.output).filter((l) => !/^\(hidden at 80 columns: /.test(l));
    expect(header).toMatch(/^ID +EVENT +URL/);
    expect(rows).toHaveLength(LONG_URLS.length);
    for (const [i, url] of LONG_URLS.entries()) {
      expect(cells(rows[i]!).length).toBeLessThanOrEqual(80);
      expect(rows[i]!.split(/ +/)).toContain(url);
    }
    expect(rows[0]).toMatch(/ task\.due_date_updated /);
  });
});

describe.skipIf(!hasPty)('the pager', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-pager-'));
  let run = 0;

  /** A pager that records what it was given, and the LESS it saw, in files of its own. */
  function fakePager(): { command: string; paged: () => string | undefined; less: () => string | undefined } {
    const base = join(dir, `pager-${++run}`);
    writeFileSync(`${base}.sh`, `#!/bin/sh\nprintf '%s' "\${LESS-unset}" > '${base}.less'\ncat > '${base}.out'\n`);
    chmodSync(`${base}.sh`, 0o755);
    const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    return { command: `${base}.sh`, paged: () => read(`${base}.out`), less: () => read(`${base}.less`) };
  }

  it('a table longer than the terminal goes through PWCTL_PAGER, with LESS=FRX', async () => {
    const pager = fakePager();
    const r = await runInPty(['milestones', 'list', '--all'], { cols: 80, rows: 40 }, { PWCTL_PAGER: pager.command });
    expect(r.code).toBe(0);
    const paged = pager.paged()!;
    expect(paged.split('\n').filter((l) => l !== '').length).toBeGreaterThan(IDS.length);
    expect(plain(paged)).toMatch(/^ID +TITLE +DUE/);
    expect(paged).toContain('Cafe\u0301 launch 👨‍👩‍👧');
    // The terminal itself got none of it.
    expect(r.output).not.toContain('Milestone 41');
    expect(pager.less()).toBe('FRX');
  });

  it('the pager gets our environment without the token or a webhook secret', async () => {
    const dump = join(dir, `env-${++run}.txt`);
    const r = await runInPty(
      ['milestones', 'list', '--all'],
      { cols: 80, rows: 40 },
      {
        PWCTL_PAGER: `env > '${dump}'; cat > /dev/null`,
        PWCTL_WEBHOOK_SECRET: CANARY_WEBHOOK_SECRET,
        PAGER_TEST_MARK: 'kept',
      },
    );
    expect(r.code).toBe(0);
    const env = readFileSync(dump, 'utf8');
    expect(env).toMatch(/^PAGER_TEST_MARK=kept$/m);
    expect(env).toMatch(/^PWCTL_BASE_URL=/m);
    expect(env).not.toMatch(/^PWCTL_TOKEN=/m);
    expect(env).not.toMatch(/^PWCTL_WEBHOOK_SECRET=/m);
    expect(env).not.toContain(sandboxEnv(sb).PWCTL_TOKEN!);
    expect(env).not.toContain(CANARY_WEBHOOK_SECRET);
  });

  it('PAGER is used when PWCTL_PAGER is unset, and a LESS of the user is left alone', async () => {
    const pager = fakePager();
    const r = await runInPty(
      ['milestones', 'list', '--all'],
      { cols: 80, rows: 40 },
      { PAGER: pager.command, LESS: '-S' },
    );
    expect(r.code).toBe(0);
    expect(pager.paged()).toContain('Milestone 41');
    expect(pager.less()).toBe('-S');
  });

  it('--no-pager or an empty PWCTL_PAGER prints straight to the terminal', async () => {
    for (const [args, env] of [
      [['--no-pager'], {}],
      [[], { PWCTL_PAGER: '' }],
    ] as const) {
      const pager = fakePager();
      const r = await runInPty(
        [...args, 'milestones', 'list', '--all'],
        { cols: 80, rows: 40 },
        { PAGER: pager.command, ...env },
      );
      expect(r.code).toBe(0);
      expect(r.output).toContain('Milestone 41');
      expect(pager.paged()).toBeUndefined();
    }
  });

  it('never for a table that fits the screen, nor for an empty one', async () => {
    const pager = fakePager();
    const short = await runInPty(
      ['milestones', 'list', '--limit', '5'],
      { cols: 80, rows: 40 },
      { PWCTL_PAGER: pager.command },
    );
    expect(short.code).toBe(0);
    expect(short.output).toMatch(/^44 +Milestone 44 /m);
    const empty = await runInPty(
      ['milestones', 'list', '--project', '34'],
      { cols: 80, rows: 40 },
      { PWCTL_PAGER: pager.command },
    );
    expect(empty.code).toBe(0);
    expect(pager.paged()).toBeUndefined();
  });

  it('a pager that quits before reading everything is not an error', async () => {
    const r = await runInPty(['milestones', 'list', '--all'], { cols: 80, rows: 40 }, { PWCTL_PAGER: 'true' });
    expect(r.code).toBe(0);
    expect(r.output).not.toMatch(/error|EPIPE/i);
  });

  it('a pager command that does not exist: the table is printed after all', async () => {
    const r = await runInPty(
      ['milestones', 'list', '--all'],
      { cols: 80, rows: 40 },
      { PWCTL_PAGER: 'no-such-pager-f3a9' },
    );
    expect(r.code).toBe(0);
    expect(r.output).toContain('Milestone 199');
  });

  it('pipes never page', async () => {
    const pager = fakePager();
    const r = await runCli(['milestones', 'list', '--all'], {
      env: { ...sandboxEnv(sb), PWCTL_PAGER: pager.command, PAGER: pager.command },
      configDir,
    });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^40\tMilestone 40\t/);
    expect(pager.paged()).toBeUndefined();
  });
});
