// Resuming `steps import --results`: after Ctrl-C, after creates whose answers were lost
// (injected faults), and after a killed process, a second run with the same results file
// creates every line exactly once — and never re-sends a create that may have been applied.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseEnv, cliCommand, makeConfigDir } from '../helpers/cli.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const CREATE = '/api/v1/steps';

let dir: string;
let seeded: Set<number>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pwctl-resume-'));
  seeded = new Set(Object.values(cli.sb.state.steps).map((t) => t.id));
});

function rowsFile(count: number): string {
  const path = join(dir, 'rows.csv');
  writeFileSync(path, `title,phase_id\n${Array.from({ length: count }, (_, i) => `Row ${i + 1},41`).join('\n')}\n`);
  return path;
}

/** How many tasks each title has among those created by this test. */
function titleCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of Object.values(cli.sb.state.steps))
    if (!seeded.has(t.id)) counts.set(t.title, (counts.get(t.title) ?? 0) + 1);
  return counts;
}

function expectEachRowOnce(count: number): void {
  const counts = titleCounts();
  expect([...counts.keys()].sort()).toEqual(Array.from({ length: count }, (_, i) => `Row ${i + 1}`).sort());
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
}

const records = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as { line: number; id?: number | null; sent_at?: string; digest?: string; pending?: string[] },
    );
const creates = () => cli.sent(CREATE, 'POST').filter((e) => e.path === CREATE);

/** Start an import as a child process; resolves once `ready(resultsText)` holds. */
function startImport(args: string[], ready: (results: string) => boolean) {
  const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) };
  const child = spawn(...cliCommand(['steps', 'import', ...args]), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const results = args[args.indexOf('--results') + 1]!;
  const started = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (existsSync(results) && ready(readFileSync(results, 'utf8'))) {
        clearInterval(poll);
        resolve();
      }
    }, 20);
    void exited.then(() => clearInterval(poll));
  });
  return { child, exited, started, stderr: () => stderr };
}

/** Wait for a condition the sandbox reaches by itself (a delayed request being applied). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('steps import --results: resuming', () => {
  it('after Ctrl-C, a second run creates the rest and nothing twice', async () => {
    const rows = rowsFile(40);
    const results = join(dir, 'results.ndjson');
    cli.sb.faults.add({ method: 'POST', path: CREATE, count: 1000, action: { type: 'delay', ms: 150 } });
    const run = startImport(
      [rows, '--results', results, '--concurrency', '2', '-o', 'ndjson'],
      (text) => (text.match(/"id":\d+/g) ?? []).length >= 4,
    );
    await run.started;
    run.child.kill('SIGINT');
    const first = await run.exited;
    expect(first.code).toBe(130);
    expect(run.stderr()).toMatch(/\d+ created, 0 failed, \d+ not attempted \(interrupted\)\n/);
    const createdFirst = records(results).filter((r) => typeof r.id === 'number').length;
    expect(createdFirst).toBeGreaterThanOrEqual(4);
    expect(createdFirst).toBeLessThan(40);
    // Every create the first run sent was answered and recorded before it exited.
    expect(creates()).toHaveLength(createdFirst);

    cli.sb.faults.clear();
    const second = await pw(['steps', 'import', rows, '--results', results, '-o', 'json']);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`skipping ${createdFirst} of 40 rows: created by an earlier run (${results})\n`);
    expect(JSON.parse(second.stdout)).toHaveLength(40 - createdFirst);
    expect(creates()).toHaveLength(40);
    expectEachRowOnce(40);
    const ids = new Map(
      records(results)
        .filter((r) => typeof r.id === 'number')
        .map((r) => [r.line, r.id]),
    );
    expect([...ids.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));

    const third = await pw(['steps', 'import', rows, '--results', results]);
    expect(third.code).toBe(0);
    expect(third.stderr).toBe(
      `skipping 40 of 40 rows: created by an earlier run (${results})\nnothing to do: every row was created by an earlier run\n`,
    );
    expect(creates()).toHaveLength(40);
  });

  it('after creates whose answers were lost, looks them up instead of sending them again', async () => {
    const rows = rowsFile(12);
    const results = join(dir, 'results.ndjson');
    // One request at a time, so the faults strike rows 1-5 (lines 2-6) in order.
    const faults = [
      { type: 'reset-after' }, // applied, no answer
      { type: 'status', status: 503 }, // not applied, but a 5xx on a create may have been
      { type: 'reset-before' }, // not applied, connection lost
      { type: 'truncate' }, // applied, answer cut short
      { type: 'rate-limit', retryAfter: 0 }, // not applied: retried at once, created
    ] as const;
    for (const action of faults) cli.sb.faults.add({ method: 'POST', path: CREATE, action });
    const first = await pw(['steps', 'import', rows, '--results', results, '--concurrency', '1', '-o', 'json']);
    expect(first.code).toBe(8);
    const firstResults = JSON.parse(first.stdout) as { line: number; ok: boolean; error?: string }[];
    expect(firstResults.filter((r) => !r.ok).map((r) => r.line)).toEqual([2, 3, 4, 5]);
    for (const failed of firstResults.filter((r) => !r.ok))
      expect(failed.error).toMatch(/looks the task up before sending anything/);
    expect(creates()).toHaveLength(13); // 12 rows + the 429's retry
    expect(titleCounts().get('Row 1')).toBe(1); // reset-after: applied
    expect(titleCounts().get('Row 2')).toBeUndefined();

    cli.mark();
    const second = await pw(['steps', 'import', rows, '--results', results, '-o', 'json']);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(
      /^skipping 8 of 12 rows: created by an earlier run .*\nlooking up 4 row\(s\) an earlier run sent without an answer\nline 2: created task \d+ in the earlier run; recorded\nline 5: created task \d+ in the earlier run; recorded\n/,
    );
    // Only rows 2 and 3 (lines 3 and 4) were never applied: they alone are sent.
    expect(
      creates()
        .map((e) => (e.body as { title: string }).title)
        .sort(),
    ).toEqual(['Row 2', 'Row 3']);
    expectEachRowOnce(12);
    const last = new Map(records(results).map((r) => [r.line, r]));
    expect([...last.values()].every((r) => typeof r.id === 'number')).toBe(true);
  });

  it('after a killed run, the create it left unanswered is found, not repeated', async () => {
    const rows = rowsFile(3);
    const results = join(dir, 'results.ndjson');
    cli.sb.faults.add({ method: 'POST', path: CREATE, count: 1, action: { type: 'delay', ms: 500 } });
    // Killed once its first create has reached the service, before the answer.
    const run = startImport(
      [rows, '--results', results, '--concurrency', '1'],
      (text) => text.includes('"sent_at"') && creates().length === 1,
    );
    await run.started;
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    await until(() => titleCounts().get('Row 1') === 1); // the delayed create lands on the service

    cli.mark();
    const second = await pw(['steps', 'import', rows, '--results', results, '-q']);
    expect(second.code).toBe(0);
    expect(creates().map((e) => (e.body as { title: string }).title)).toEqual(['Row 2', 'Row 3']);
    expectEachRowOnce(3);
  });

  it('a line it cannot tell apart is reported, never sent', async () => {
    const rows = rowsFile(2);
    const results = join(dir, 'results.ndjson');
    writeFileSync(results, `${JSON.stringify({ line: 2, sent_at: new Date(Date.now() - 60_000).toISOString() })}\n`);
    // Two tasks titled like line 2 appeared since: which one (if either) did that create make?
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${cli.sb.baseUrl}/api/v1/steps`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${cli.sb.tokens.manager}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Row 1', phase_id: 41 }),
      });
      expect(response.ok).toBe(true);
    }
    cli.mark();
    const r = await pw(['steps', 'import', rows, '--results', results, '-o', 'json']);
    expect(r.code).toBe(8);
    const [line2, line3] = JSON.parse(r.stdout) as { line: number; ok: boolean; error?: string }[];
    expect(line2).toMatchObject({ line: 2, ok: false });
    expect(line2!.error).toMatch(
      /^outcome unknown: .*2 task\(s\) titled "Row 1" in phase 41 .*were created since, for 1 such line/,
    );
    expect(line3).toMatchObject({ line: 3, ok: true });
    expect(creates().map((e) => (e.body as { title: string }).title)).toEqual(['Row 2']);
  });

  it('after a run killed between a create and its tags, the next run adds the tags and creates nothing', async () => {
    const rows = join(dir, 'tagged.csv');
    writeFileSync(rows, 'title,phase_id,tags\nTagged 1,41,urgent\nTagged 2,41,urgent\n');
    const results = join(dir, 'results.ndjson');
    const TAGS = /^\/api\/v1\/steps\/\d+\/tags$/;
    cli.sb.faults.add({ method: 'POST', path: TAGS, count: 1, action: { type: 'delay', ms: 1500 } });
    // Killed once line 2's task exists and its tags are on their way.
    const run = startImport([rows, '--results', results, '--concurrency', '1'], (text) =>
      text.includes('"pending":["tags"]'),
    );
    await run.started;
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    const [created] = records(results).filter((r) => typeof r.id === 'number');
    expect(created).toMatchObject({ line: 2, pending: ['tags'] });

    cli.sb.faults.clear();
    cli.mark();
    const second = await pw(['steps', 'import', rows, '--results', results, '-o', 'json']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(
      `adding the tags of 1 task(s) an earlier run created without them: ${created!.id}\n`,
    );
    const out = JSON.parse(second.stdout) as { line: number; id: number; ok: boolean; note?: string; data: any }[];
    expect(out.map((r) => [r.line, r.ok, r.note ?? null, r.data.title])).toEqual([
      [2, true, 'created by an earlier run; its tags added now', 'Tagged 1'],
      [3, true, null, 'Tagged 2'],
    ]);
    expect(out[0]!.id).toBe(created!.id);
    // Line 2's task was not created again; both tasks carry the tag; the file says both lines are done.
    expect(creates().map((e) => (e.body as { title: string }).title)).toEqual(['Tagged 2']);
    expect(titleCounts()).toEqual(
      new Map([
        ['Tagged 1', 1],
        ['Tagged 2', 1],
      ]),
    );
    for (const r of out) expect(cli.sb.state.steps[r.id]!.tag_ids).toContain(61);
    const last = new Map(records(results).map((r) => [r.line, r]));
    expect([...last.values()].map((r) => [r.line, typeof r.id, 'pending' in r])).toEqual([
      [2, 'number', false],
      [3, 'number', false],
    ]);

    const third = await pw(['steps', 'import', rows, '--results', results]);
    expect(third.stderr).toMatch(/nothing to do: every row was created by an earlier run\n$/);
    expect(cli.sent(TAGS, 'POST')).toHaveLength(2);
  });

  it('when adding the tags failed, the message says how to finish, and the next run does', async () => {
    const rows = join(dir, 'tagged.csv');
    writeFileSync(rows, 'title,phase_id,tags\nRefused tags,41,urgent\n');
    const results = join(dir, 'results.ndjson');
    cli.sb.faults.add({ method: 'POST', path: /\/tags$/, count: 1, action: { type: 'status', status: 422 } });
    const first = await pw(['steps', 'import', rows, '--results', results, '-o', 'json']);
    expect(first.code).toBe(8);
    const [failed] = JSON.parse(first.stdout) as { line: number; id: number; ok: boolean; error: string }[];
    expect(failed).toMatchObject({ line: 2, ok: false });
    expect(failed!.error).toMatch(
      new RegExp(
        `^created task ${failed!.id}, but adding its tags failed: .*; add them with \`pwctl tags add ${failed!.id} name:urgent\`, or run the import again with --results ${results.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`,
      ),
    );

    const second = await pw(['steps', 'import', rows, '--results', results, '-q']);
    expect(second.code, second.stderr).toBe(0);
    expect(creates()).toHaveLength(1);
    expect(cli.sb.state.steps[failed!.id]!.tag_ids).toEqual([61]);
  });

  it('refuses a results file it did not write', async () => {
    const results = join(dir, 'results.ndjson');
    writeFileSync(results, 'line,id\n2,5\n');
    cli.expectUsageError(
      await pw(['steps', 'import', rowsFile(2), '--results', results]),
      /--results: line 1 of ".*results\.ndjson" is not a record pwctl wrote/,
    );
  });
});

describe('steps import --results: a file edited between runs', () => {
  /** A CSV of these titles in phase 41 (line 2 is the first). */
  function csv(...titles: string[]): string {
    const path = join(dir, 'plan.csv');
    writeFileSync(path, `title,phase_id\n${titles.map((t) => `${t},41`).join('\n')}\n`);
    return path;
  }
  const createdTitles = () => creates().map((e) => (e.body as { title: string }).title);

  it('records what each line held, beside its task id', async () => {
    const results = join(dir, 'results.ndjson');
    expect((await pw(['steps', 'import', csv('A', 'B'), '--results', results, '-q'])).code).toBe(0);
    const created = records(results).filter((r) => typeof r.id === 'number');
    expect(created.map((r) => r.line)).toEqual([2, 3]);
    for (const r of created) expect(r.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(created[0]!.digest).not.toBe(created[1]!.digest);
  });

  it('a row inserted at the top is created; the rows it pushed down are not created again', async () => {
    const results = join(dir, 'results.ndjson');
    expect((await pw(['steps', 'import', csv('A', 'B', 'C'), '--results', results, '-q'])).code).toBe(0);
    cli.mark();
    const second = await pw(['steps', 'import', csv('New', 'A', 'B', 'C'), '--results', results, '-o', 'json']);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(
      `skipping 3 of 4 rows: created by an earlier run (${results}; 3 of them on other lines now)\n`,
    );
    expect(createdTitles()).toEqual(['New']);
    expect((JSON.parse(second.stdout) as { line: number }[]).map((r) => r.line)).toEqual([2]);
    expect([...titleCounts()].sort()).toEqual([
      ['A', 1],
      ['B', 1],
      ['C', 1],
      ['New', 1],
    ]);

    // The log now matches the file as it is: sorted differently, nothing is sent.
    cli.mark();
    const third = await pw(['steps', 'import', csv('C', 'B', 'A', 'New'), '--results', results]);
    expect(third.code).toBe(0);
    expect(third.stderr).toMatch(/nothing to do: every row was created by an earlier run\n$/);
    expect(creates()).toEqual([]);
  });

  it("a deleted row's task is kept and said so; a row added in its place at the end is created", async () => {
    const results = join(dir, 'results.ndjson');
    expect((await pw(['steps', 'import', csv('A', 'B', 'C'), '--results', results, '-q'])).code).toBe(0);
    const idOfA = records(results).find((r) => r.line === 2 && typeof r.id === 'number')!.id;
    cli.mark();
    const r = await pw(['steps', 'import', csv('B', 'C', 'D'), '--results', results, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `${results} records a task made from rows no longer in the file: ${idOfA} (line 2); left as they are\n`,
    );
    expect(createdTitles()).toEqual(['D']);
    expect(cli.sb.state.steps[idOfA!]?.title).toBe('A');
    cli.mark();
    const again = await pw(['steps', 'import', csv('B', 'C', 'D'), '--results', results]);
    expect(again.stderr).toMatch(/nothing to do: every row was created by an earlier run\n$/);
    expect(creates()).toEqual([]);
  });

  it('a row edited in place is refused before any request, and either answer can be recorded', async () => {
    const results = join(dir, 'results.ndjson');
    expect((await pw(['steps', 'import', csv('A', 'B', 'C'), '--results', results, '-q'])).code).toBe(0);
    const [idOfA, idOfB] = records(results)
      .filter((r) => typeof r.id === 'number')
      .map((r) => r.id);
    const edited = csv('A (v2)', 'B (v2)', 'C');
    cli.mark();
    const refused = await pw(['steps', 'import', edited, '--results', results]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')).toEqual([
      `error: 2 rows changed since an earlier run recorded them in ${results} (lines 2, 3); nothing was sent`,
      `  line 2: changed since an earlier run created task ${idOfA} from it: append {"line": 2, "id": ${idOfA}} to ${JSON.stringify(results)} to keep task ${idOfA} for this row (change it with \`pwctl steps update ${idOfA}\`), or {"line": 2, "id": null} to create a new task`,
      expect.stringMatching(new RegExp(`^  line 3: changed since an earlier run created task ${idOfB} from it: `)),
      '',
    ]);
    expect(cli.sent('/')).toEqual([]);

    // Line 2 keeps its task; line 3 is a new task.
    writeFileSync(results, `${readFileSync(results, 'utf8')}{"line": 2, "id": ${idOfA}}\n{"line": 3, "id": null}\n`);
    const answered = await pw(['steps', 'import', edited, '--results', results, '-q']);
    expect(answered.code).toBe(0);
    expect(createdTitles()).toEqual(['B (v2)']);
    // And the answer is kept with what line 2 holds now.
    expect(
      records(results)
        .filter((r) => r.line === 2)
        .at(-1),
    ).toEqual({ line: 2, id: idOfA, digest: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('one row edited in place is one error line naming it', async () => {
    const results = join(dir, 'results.ndjson');
    expect((await pw(['steps', 'import', csv('A', 'B'), '--results', results, '-q'])).code).toBe(0);
    cli.mark();
    cli.expectUsageError(
      await pw(['steps', 'import', csv('A', 'B!'), '--results', results]),
      /^error: line 3: changed since an earlier run created task \d+ from it: append \{"line": 3, "id": \d+\} to /,
    );
    // The same with --dry-run: nothing is sent and nothing recorded.
    const before = readFileSync(results, 'utf8');
    cli.expectUsageError(
      await pw(['steps', 'import', csv('A', 'B!'), '--results', results, '--dry-run']),
      /^error: line 3: changed since/,
    );
    expect(readFileSync(results, 'utf8')).toBe(before);
  });

  it('a results file from before digests is still read: lines match by number, as they did', async () => {
    const results = join(dir, 'results.ndjson');
    const existing = Object.values(cli.sb.state.steps)[0]!.id;
    writeFileSync(results, `{"line": 2, "id": ${existing}}\n`);
    const r = await pw(['steps', 'import', csv('A', 'B'), '--results', results, '-q']);
    expect(r.code).toBe(0);
    expect(createdTitles()).toEqual(['B']);
    const last = records(results);
    expect(last[0]).toEqual({ line: 2, id: existing });
    // Line 2's task is recorded again with what the line holds, so an edit is noticed from now on.
    expect(last.filter((x) => x.line === 2).at(-1)).toMatchObject({ id: existing, digest: expect.any(String) });
  });
});
