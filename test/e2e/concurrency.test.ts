// --concurrency on the bulk verbs, end to end: a bad value exits 2 before any request (and
// before the delete confirmation), and the number of requests in flight never exceeds it.
// The sandbox holds every matching request for a moment (its delay fault), so requests that
// run together overlap; the test samples how many are unanswered at once.
import { describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

const DOC = (id: number) => `5eed0000-0000-4000-8000-0000000000${id}`;

/** The five bulk verbs, each with four ids the manager may act on, and the method they send. */
const VERBS: Array<{ name: string; args: string[]; method: string; path: RegExp }> = [
  // Open tasks: a task already completed is read, said to be, and not sent.
  {
    name: 'steps complete',
    args: ['steps', 'complete', '103', '105', '106', '107'],
    method: 'PUT',
    path: /^\/api\/v1\/steps\/\d+$/,
  },
  // Completed tasks: a task already open is read, said to be, and not sent.
  {
    name: 'steps reopen',
    args: ['steps', 'reopen', '101', '102', '104', '111'],
    method: 'PUT',
    path: /^\/api\/v1\/steps\/\d+$/,
  },
  {
    name: 'steps delete',
    args: ['steps', 'delete', '101', '102', '103', '106', '--yes'],
    method: 'DELETE',
    path: /^\/api\/v1\/steps\/\d+$/,
  },
  {
    name: 'docs delete',
    args: ['docs', 'delete', DOC(81), DOC(82), DOC(83), DOC(84), '--yes'],
    method: 'DELETE',
    path: /^\/api\/v1\/documents\//,
  },
  {
    name: 'milestones delete',
    args: ['milestones', 'delete', '71', '72', '73', '74', '--yes'],
    method: 'DELETE',
    path: /^\/api\/v1\/milestones\/\d+$/,
  },
];

/** Run the CLI while counting, every millisecond, the requests the sandbox has not answered yet. */
async function runCountingInFlight(
  args: string[],
  method: string,
): Promise<{ result: CliResult; maxInFlight: number }> {
  const from = cli.sb.requests.length;
  let maxInFlight = 0;
  const timer = setInterval(() => {
    const open = cli.sb.requests.slice(from).filter((e) => e.method === method && e.status === 0).length;
    maxInFlight = Math.max(maxInFlight, open);
  }, 1);
  try {
    return { result: await pw(args), maxInFlight };
  } finally {
    clearInterval(timer);
  }
}

function holdRequests(method: string, path: RegExp): void {
  cli.sb.faults.add({ method, path, count: 100, action: { type: 'delay', ms: 40 } });
}

describe('--concurrency: local validation', () => {
  it.each([
    ['0', ['steps', 'complete', '101']],
    ['33', ['steps', 'reopen', '101', '102']],
    ['abc', ['steps', 'complete', '-']],
    ['2.5', ['docs', 'delete', DOC(81), '--yes']],
    ['', ['milestones', 'delete', '71', '--yes']],
  ])('--concurrency %j exits 2 naming the flag and the range, before any request', async (value, args) => {
    const r = await pw([...args, '--concurrency', value], { stdin: '101\n' });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: --concurrency must be a whole number from 1 to 32, got "${value}"\n`);
    expect(cli.sent('/api/v1/')).toEqual([]);
  });

  it('is checked before a delete asks for confirmation (no terminal, no --yes)', async () => {
    const r = await pw(['steps', 'delete', '101', '--concurrency=-1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --concurrency must be a whole number from 1 to 32, got "-1"\n');
    expect(cli.sb.state.steps[101]).toBeDefined();
  });

  it('with -o json the usage error is also one JSON line', async () => {
    const r = await pw(['steps', 'complete', '101', '--concurrency', '64', '-o', 'json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr.split('\n')[1]!)).toMatchObject({
      error: { status: null, code: 2, message: '--concurrency must be a whole number from 1 to 32, got "64"' },
    });
  });

  it('is listed in the help of every bulk verb', async () => {
    for (const verb of VERBS) {
      const r = await pw([...verb.args.slice(0, 2), '--help']);
      expect(r.stdout, verb.name).toMatch(
        /--concurrency <n>\s+items in flight at once, 1-32; the service.s rate limit\s+is respected either way \(default: 8\)/,
      );
    }
  });
});

describe('--concurrency: requests in flight', () => {
  it('--concurrency 1 sends one request at a time and still completes every task', async () => {
    const ids = [103, 105, 106, 107, 108, 109, 110, 112];
    holdRequests('PUT', /^\/api\/v1\/steps\/\d+$/);
    const { result, maxInFlight } = await runCountingInFlight(
      ['steps', 'complete', ...ids.map(String), '--concurrency', '1', '-o', 'ndjson'],
      'PUT',
    );
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; ok: boolean });
    expect(lines.map((l) => [l.id, l.ok])).toEqual(ids.map((id) => [id, true]));
    expect(result.stderr).toBe('8 completed, 0 failed\n');
    expect(maxInFlight).toBe(1);
    const puts = cli.sent('/api/v1/steps', 'PUT');
    expect(puts.map((e) => e.path).sort()).toEqual(ids.map((id) => `/api/v1/steps/${id}`).sort());
    expect(puts.every((e) => e.status === 200)).toBe(true);
    for (const id of ids) expect(cli.sb.state.steps[id]!.completed, `task ${id}`).toBe(true);
  });

  it.each(VERBS)('$name --concurrency 2 keeps exactly two requests in flight', async (verb) => {
    holdRequests(verb.method, verb.path);
    const { result, maxInFlight } = await runCountingInFlight(
      [...verb.args, '--concurrency', '2', '-o', 'ndjson'],
      verb.method,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(4);
    expect(maxInFlight).toBe(2);
    expect(cli.sent(verb.path, verb.method)).toHaveLength(4);
  });

  it('without the flag, up to the default of 8 run together', async () => {
    const ids = ['101', '102', '103', '105', '106', '107', '109', '110', '112', '113'];
    holdRequests('PUT', /^\/api\/v1\/steps\/\d+$/);
    const { result, maxInFlight } = await runCountingInFlight(['steps', 'complete', ...ids, '-o', 'ndjson'], 'PUT');
    expect(result.code).toBe(0);
    expect(maxInFlight).toBeGreaterThan(2);
    expect(maxInFlight).toBeLessThanOrEqual(8);
  });
});
