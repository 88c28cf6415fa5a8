// The bulk verbs `steps complete|reopen|delete` end to end: ids from arguments or stdin
// (the `steps list -o ndjson | steps complete -` pipe), approval verdicts, per-item results,
// exit 8 on partial failure, confirmation rules, --dry-run and Ctrl-C.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/sandbox/index.js';
import { baseEnv, cliCommand, makeConfigDir } from '../helpers/cli.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ extraSteps: 40 });
const pw = cli.pw;

function sent(method?: string): RequestLogEntry[] {
  return cli.sent('/api/v1/steps', method);
}

const step = (id: number) => cli.sb.state.steps[id];
const ndjson = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('steps complete', () => {
  it('completes a task with {completed: true} and prints its result', async () => {
    const r = await pw(['steps', 'complete', '103']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('103\tok\tStakeholder interviews\n');
    expect(r.stderr).toBe('');
    expect(sent('PUT').map((e) => [e.path, e.body])).toEqual([['/api/v1/steps/103', { completed: true }]]);
    expect(step(103)!.completed).toBe(true);
  });

  it('completing an already completed task is not an error', async () => {
    const r = await pw(['steps', 'complete', '101', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject([{ id: 101, ok: true, data: { id: 101, completed: true } }]);
  });

  it('--approve and --reject record the verdict on approval tasks', async () => {
    const approve = await pw(['steps', 'complete', '108', '--approve']);
    expect(approve.code).toBe(0);
    const reject = await pw(['steps', 'complete', '120', '--reject', '-o', 'json']);
    expect(reject.code).toBe(0);
    expect(sent('PUT').map((e) => e.body)).toEqual([
      { completed: true, approval_status: 'approved' },
      { completed: true, approval_status: 'not_approved' },
    ]);
    expect(step(108)).toMatchObject({ completed: true, approval_status: 'approved' });
    expect(step(120)).toMatchObject({ completed: true, approval_status: 'not_approved' });
    expect(JSON.parse(reject.stdout)[0].data.approval_status).toBe('not_approved');
    const list = await pw(['steps', 'list', '--fields', 'id,approval_status', '--completed', '-o', 'ndjson']);
    expect(ndjson(list.stdout)).toContainEqual({ id: 120, approval_status: 'not_approved' });
  });

  it('says clearly when a verdict is refused because the task is not an approval task', async () => {
    const r = await pw(['steps', 'complete', '103', '--approve']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /^error: task 103 refused --approve: a verdict applies only to approval tasks \(complete it without --approve, or make it an approval task first with `pwctl steps update 103 --approval`\)\n {2}approval_status: /,
    );
    expect(step(103)!.completed).toBe(false);
  });

  it('a batch of one that fails says so once: the error line, no table row; json keeps the per-item result', async () => {
    const table = await pw(['steps', 'complete', '103', '--approve']);
    expect(table.stdout).toBe('');
    const json = await pw(['steps', 'complete', '103', '--approve', '-o', 'json']);
    expect(json.code).toBe(5);
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ id: 103, ok: false, status: 422 })]);
  });

  it('--approve with --reject is a usage error', async () => {
    const r = await pw(['steps', 'complete', '108', '--approve', '--reject']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --approve and --reject cannot be used together; choose one\n');
    expect(sent()).toEqual([]);
  });

  it('a batch with a failure exits 8 with one result per item and a summary', async () => {
    const r = await pw(['steps', 'complete', '103', '999', '106', '-o', 'json']);
    expect(r.code).toBe(8);
    const results = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(results.map((x) => [x.id, x.ok])).toEqual([
      [103, true],
      [999, false],
      [106, true],
    ]);
    // A short batch reads each task first: the missing one is found missing by that read.
    expect(results[1]).toEqual({
      id: 999,
      ok: false,
      status: 404,
      error: 'GET /api/v1/steps/999: 404 Not Found: Task not found.',
    });
    expect(r.stderr).toBe('2 completed, 1 failed\n');
    expect(step(103)!.completed && step(106)!.completed).toBe(true);
  });

  it('a repeated id is sent once', async () => {
    expect(step(105)!.completed).toBe(false);
    const r = await pw(['steps', 'complete', '105', '105', '-q']);
    expect(r.code).toBe(0);
    expect(sent('PUT')).toHaveLength(1);
  });

  it('a task already completed is said to be, and nothing is sent for it', async () => {
    expect(step(101)!.completed).toBe(true);
    const json = await pw(['steps', 'complete', '101', '105', '-o', 'json']);
    expect(json.code).toBe(0);
    const [done, open] = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(done).toEqual(expect.objectContaining({ id: 101, ok: true, note: 'already completed; nothing was sent' }));
    expect(open).not.toHaveProperty('note');
    const table = await pw(['steps', 'complete', '101']);
    expect(table.stdout).toBe('101\tok\tKickoff call with Acme — already completed; nothing was sent\n');
    expect(sent('PUT').map((r) => r.path)).toEqual(['/api/v1/steps/105']);
  });

  it('reads ids from the ndjson output of steps list on stdin', async () => {
    const list = await pw(['steps', 'list', '--open', '--has-due-date', '-o', 'ndjson']);
    const listed = ndjson(list.stdout).map((t) => t.id as number);
    expect(listed.length).toBeGreaterThan(3);
    cli.mark();
    const r = await pw(['steps', 'complete', '-', '-o', 'ndjson'], { stdin: list.stdout });
    expect(r.code).toBe(0);
    expect(
      ndjson(r.stdout)
        .map((x) => x.id)
        .sort(),
    ).toEqual([...listed].sort());
    expect(r.stderr).toBe(`${listed.length} completed, 0 failed\n`);
    expect(
      sent('PUT')
        .map((e) => Number(e.path.split('/').pop()))
        .sort(),
    ).toEqual([...listed].sort());
    expect(listed.every((id) => step(id)!.completed)).toBe(true);
  });

  it('reads bare ids and a JSON array from stdin', async () => {
    expect((await pw(['steps', 'complete', '-', '-q'], { stdin: '103\n\n106\n' })).code).toBe(0);
    expect((await pw(['steps', 'complete', '-', '-q'], { stdin: '[107, {"id": 109}]' })).code).toBe(0);
    expect(sent('PUT').map((e) => e.path)).toEqual([
      '/api/v1/steps/103',
      '/api/v1/steps/106',
      '/api/v1/steps/107',
      '/api/v1/steps/109',
    ]);
  });

  it('does nothing, says so and exits 0 when standard input holds no ids (safe in cron)', async () => {
    for (const [verb, stdin] of [
      ['complete', ''],
      ['reopen', '\n  \n'],
      ['delete', ''],
    ] as const) {
      // delete without --yes and without a terminal: nothing to confirm, so no refusal either.
      const r = await pw(['steps', verb, '-'], { stdin });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('nothing to do: standard input held no ids\n');
    }
    expect(sent()).toEqual([]);
  });

  it('rejects bad ids, on the command line or stdin, before any request', async () => {
    for (const [args, stdin, pattern] of [
      [['103', 'abc'], '', /<id> must be a positive integer id \(e\.g\. 42\), got "abc"/],
      [['-'], '103\nabc\n', /<id> \(stdin item 2\) must be a positive integer id/],
      [['-'], '{"title": "no id"}\n', /expected an id or an object with an "id" field/],
      [['-', '103'], '', /'-' \(read from standard input\) cannot be combined with other ids/],
    ] as const) {
      const r = await pw(['steps', 'complete', ...args], { stdin });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(sent()).toEqual([]);
  });

  it('--dry-run prints each request and sends nothing', async () => {
    const r = await pw(['steps', 'complete', '103', '106', '--approve', '--dry-run', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      {
        dry_run: true,
        method: 'PUT',
        path: '/api/v1/steps/103',
        body: { completed: true, approval_status: 'approved' },
      },
      {
        dry_run: true,
        method: 'PUT',
        path: '/api/v1/steps/106',
        body: { completed: true, approval_status: 'approved' },
      },
    ]);
    expect(r.stderr).toBe('--dry-run: 2 requests shown, none sent\n');
    expect(sent()).toEqual([]);
    expect(step(103)!.completed).toBe(false);
  });
});

describe('steps reopen', () => {
  it('reopens tasks and clears an approval verdict', async () => {
    const r = await pw(['steps', 'reopen', '104', '101', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(sent('PUT').map((e) => e.body)).toEqual([{ completed: false }, { completed: false }]);
    expect(step(104)).toMatchObject({ completed: false, approval_status: null });
    expect(step(101)!.completed).toBe(false);
    expect(r.stderr).toBe('2 reopened, 0 failed\n');
  });

  it("a batch of one exits with that item's code", async () => {
    const r = await pw(['steps', 'reopen', '131']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: GET /api/v1/steps/131: 404 Not Found: Task not found.\n');
  });
});

describe('steps delete', () => {
  it('without a terminal it needs --yes, and says so before any request', async () => {
    const r = await pw(['steps', 'delete', '103']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: Permanently delete task 103: refusing without a terminal to confirm; pass --yes\n');
    expect(sent()).toEqual([]);
    expect(step(103)).toBeDefined();
  });

  it('deletes with --yes (before or after the verb)', async () => {
    const r = await pw(['steps', 'delete', '103', '105', '--yes', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { id: 103, ok: true, data: null },
      { id: 105, ok: true, data: null },
    ]);
    expect(sent('DELETE').map((e) => [e.path, e.status])).toEqual([
      ['/api/v1/steps/103', 204],
      ['/api/v1/steps/105', 204],
    ]);
    expect(step(103)).toBeUndefined();
    expect((await pw(['-y', 'steps', 'delete', '106', '-q'])).code).toBe(0);
    expect(step(106)).toBeUndefined();
  });

  it('partial failure exits 8; a client user gets exit 4', async () => {
    const r = await pw(['steps', 'delete', '103', '999', '--yes']);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('103\tok\t\n999\tfailed\tDELETE /api/v1/steps/999: 404 Not Found: Task not found.\n');
    expect(r.stderr).toBe('1 deleted, 1 failed\n');
    const client = await pw(['steps', 'delete', '107', '--yes'], { role: 'client' });
    expect(client.code).toBe(4);
    expect(step(107)).toBeDefined();
  });

  it('--dry-run needs no confirmation and sends nothing', async () => {
    const r = await pw(['steps', 'delete', '103', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('DELETE /api/v1/steps/103\n');
    expect(sent()).toEqual([]);
  });
});

describe('Ctrl-C during a batch', () => {
  it('stops sending, reports what was done and exits 130', async () => {
    // Every PUT takes 400 ms, so the batch is still running when the first result arrives.
    cli.sb.faults.add({
      method: 'PUT',
      path: /^\/api\/v1\/steps\/\d+$/,
      count: 100,
      action: { type: 'delay', ms: 400 },
    });
    const ids = Object.values(cli.sb.state.steps)
      .filter((s) => s.title.startsWith('Bulk task'))
      .slice(0, 30)
      .map((s) => String(s.id));
    const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) };
    const child = spawn(...cliCommand(['steps', 'complete', ...ids, '-o', 'ndjson']), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c;
        if (stdout.includes('\n')) resolve();
      });
    });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const results = ndjson(stdout);
    expect(results).toHaveLength(30);
    const skipped = results.filter((r) => r.error === 'not attempted: interrupted');
    expect(skipped.length).toBeGreaterThan(0);
    const puts = sent('PUT');
    expect(puts.length).toBe(30 - skipped.length);
    const done = 30 - skipped.length;
    expect(stderr.split('\n')).toEqual([
      'interrupting… (Ctrl-C again to force)',
      `${done} completed, 0 failed, ${skipped.length} not attempted (interrupted)`,
      `error: interrupted after ${done} of 30 items`,
      JSON.stringify({ error: { status: null, code: 130, message: `interrupted after ${done} of 30 items` } }),
      '',
    ]);
  });
});
