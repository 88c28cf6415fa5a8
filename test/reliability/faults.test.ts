// Faults on the wire, injected by the sandbox: reads, updates and deletes recover within the
// retry budget; a create whose answer is lost is never sent twice and says the outcome is
// unknown; 429 waits out Retry-After; a final failure names the server's status and message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultAction, RunningSandbox } from '../../src/sandbox/index.js';
import { runInProcess, type CliResult } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { gapMs, STACK_FRAME } from './support.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const pw = (args: string[]): Promise<CliResult> => runInProcess(args, { env: sandboxEnv(sb) });
const logged = (method: string, path: string) => sb.requests.filter((r) => r.method === method && r.path === path);

/** Transient faults a retry must get past, and how many times each strikes in a row. */
const RECOVERABLE: Array<[string, FaultAction, number]> = [
  ['500', { type: 'status', status: 500 }, 2],
  ['503', { type: 'status', status: 503, body: { message: 'Back soon' } }, 3],
  ['reset-before', { type: 'reset-before' }, 2],
  ['html-502', { type: 'html-502' }, 2],
  ['truncated JSON', { type: 'truncate' }, 1],
];

describe('GET recovers within the retry budget', () => {
  RECOVERABLE.forEach(([name, action, count], i) => {
    it.concurrent(`steps get survives ${count} × ${name}`, async () => {
      const id = 101 + i;
      const path = `/api/v1/steps/${id}`;
      sb.faults.add({ method: 'GET', path, count, action });
      const r = await pw(['steps', 'get', String(id), '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ id });
      expect(r.stderr).not.toMatch(STACK_FRAME);
      expect(logged('GET', path)).toHaveLength(count + 1);
    });
  });

  it.concurrent('a stalled answer times out (--timeout) and the retry succeeds', async () => {
    const path = '/api/v1/steps/110';
    sb.faults.add({ method: 'GET', path, action: { type: 'stall' } });
    const r = await pw(['--timeout', '1', 'steps', 'get', '110', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 110 });
    expect(logged('GET', path).map((e) => e.status)).toEqual([0, 200]);
  });

  it.concurrent('a list recovers mid-pagination', async () => {
    sb.faults.add({ method: 'GET', path: '/api/v1/milestones', count: 2, action: { type: 'html-502' } });
    const r = await pw(['milestones', 'list', '-o', 'ndjson', '--project', '31']);
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(expect.arrayContaining([71, 72]));
  });
});

describe('PUT recovers within the retry budget and lands once in effect', () => {
  RECOVERABLE.forEach(([name, action, count], i) => {
    it.concurrent(`steps update survives ${count} × ${name}`, async () => {
      const id = 113 + i;
      const path = `/api/v1/steps/${id}`;
      const title = `Renamed through ${name}`;
      sb.faults.add({ method: 'PUT', path, count, action });
      const r = await pw(['steps', 'update', String(id), '--title', title, '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ id, title });
      expect(sb.state.steps[id]?.title).toBe(title);
      const puts = logged('PUT', path);
      expect(puts).toHaveLength(count + 1);
      // Every attempt carried the same body: a retried PUT is the same request.
      expect(new Set(puts.map((p) => p.rawBody)).size).toBe(1);
    });
  });

  it.concurrent('a PUT whose answer was lost (reset-after) is re-sent: the same body lands again, harmlessly', async () => {
    const path = '/api/v1/steps/118';
    sb.faults.add({ method: 'PUT', path, action: { type: 'reset-after' } });
    const r = await pw(['steps', 'update', '118', '--due', '2026-07-01', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(sb.state.steps[118]?.due_date).toBe('2026-07-01');
    expect(logged('PUT', path).map((e) => e.status)).toEqual([0, 200]);
  });
});

describe('DELETE recovers within the retry budget', () => {
  const cases: Array<[string, FaultAction, number, number]> = [
    ['503', { type: 'status', status: 503 }, 2, 71],
    ['reset-before', { type: 'reset-before' }, 2, 72],
    ['html-502', { type: 'html-502' }, 3, 73],
  ];
  for (const [name, action, count, id] of cases) {
    it.concurrent(`milestones delete survives ${count} × ${name}`, async () => {
      const path = `/api/v1/milestones/${id}`;
      sb.faults.add({ method: 'DELETE', path, count, action });
      const r = await pw(['milestones', 'delete', String(id), '--yes']);
      expect(r.code, r.stderr).toBe(0);
      expect(sb.state.milestones[id]).toBeUndefined();
      expect(logged('DELETE', path)).toHaveLength(count + 1);
    });
  }

  it.concurrent('a DELETE whose answer was lost (reset-after) is retried and its 404 counts as done', async () => {
    const id = 74;
    const path = `/api/v1/milestones/${id}`;
    sb.faults.add({ method: 'DELETE', path, action: { type: 'reset-after' } });
    const r = await pw(['milestones', 'delete', String(id), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(sb.state.milestones[id]).toBeUndefined();
    expect(logged('DELETE', path).map((e) => e.status)).toEqual([0, 404]);
  });

  it.concurrent('without a lost answer before it, a 404 on DELETE is still "not found" (exit 3)', async () => {
    const r = await pw(['milestones', 'delete', '9999', '--yes']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: DELETE /api/v1/milestones/9999: 404 Not Found: Milestone not found.\n');
  });
});

describe('a create whose response was lost is not re-sent', () => {
  const creates: Array<{
    name: string;
    path: string;
    table: 'milestones' | 'documents' | 'steps';
    args: string[];
    hint: RegExp;
  }> = [
    {
      name: 'milestones create',
      path: '/api/v1/milestones',
      table: 'milestones',
      args: ['milestones', 'create', '--project', '31', '--title', 'Lost answer', '--due', '2026-09-01'],
      hint: /pwctl milestones list --project 31/,
    },
    {
      name: 'docs create',
      path: '/api/v1/documents',
      table: 'documents',
      args: ['docs', 'create', '--project', '31', '--title', 'Lost answer', '--content', '# Body'],
      hint: /pwctl docs list --project 31/,
    },
    {
      name: 'steps create',
      path: '/api/v1/steps',
      table: 'steps',
      args: ['steps', 'create', '--phase', '41', '--title', 'Lost answer'],
      hint: /pwctl steps list/,
    },
  ];

  for (const c of creates) {
    for (const fault of ['reset-after', 'truncate'] as const) {
      it(`${c.name}: ${fault} → exit 7, "outcome unknown", exactly one new record`, async () => {
        const before = Object.keys(sb.state[c.table]).length;
        const posts = logged('POST', c.path).length;
        sb.faults.add({ method: 'POST', path: c.path, action: { type: fault } });
        const r = await pw(c.args);
        expect(r.code, r.stderr).toBe(7);
        const lines = r.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          fault === 'reset-after'
            ? /^error: POST \/api\/v1\/\w+: .*the outcome is unknown and the request was not re-sent/
            : /^error: POST .*not valid JSON.*probably applied and was not re-sent/,
        );
        expect(lines[0]).toMatch(c.hint);
        expect(r.stderr).not.toMatch(STACK_FRAME);
        expect(logged('POST', c.path).length - posts).toBe(1);
        expect(Object.keys(sb.state[c.table]).length - before).toBe(1);
      });
    }

    it(`${c.name}: a 5xx is not re-sent either, and nothing is created`, async () => {
      const before = Object.keys(sb.state[c.table]).length;
      const posts = logged('POST', c.path).length;
      sb.faults.add({
        method: 'POST',
        path: c.path,
        action: { type: 'status', status: 503, body: { message: 'Upstream timeout' } },
      });
      const r = await pw(c.args);
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(
        /^error: POST \/api\/v1\/\w+: 503 Service Unavailable: Upstream timeout; the request was not re-sent because it may have been applied/,
      );
      expect(logged('POST', c.path).length - posts).toBe(1);
      expect(Object.keys(sb.state[c.table]).length).toBe(before);
    });
  }

  it('a create that stalls past --timeout is not re-sent and says the outcome is unknown', async () => {
    const before = Object.keys(sb.state.milestones).length;
    const posts = logged('POST', '/api/v1/milestones').length;
    sb.faults.add({ method: 'POST', path: '/api/v1/milestones', action: { type: 'stall' } });
    const r = await pw([
      '--timeout',
      '1',
      'milestones',
      'create',
      '--project',
      '31',
      '--title',
      'Stalled',
      '--due',
      '2026-09-02',
    ]);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(
      /the service did not answer within 1 s \(--timeout\) after the request was sent; the outcome is unknown and the request was not re-sent/,
    );
    expect(logged('POST', '/api/v1/milestones').length - posts).toBe(1);
    expect(Object.keys(sb.state.milestones).length).toBe(before); // a stall never applies
  });
});

describe('429 with Retry-After', () => {
  it.concurrent('a GET waits at least Retry-After before trying again', async () => {
    const path = '/api/v1/steps/119';
    sb.faults.add({ method: 'GET', path, action: { type: 'rate-limit', retryAfter: 2 } });
    const r = await pw(['steps', 'get', '119', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const [first, second] = logged('GET', path);
    expect([first?.status, second?.status]).toEqual([429, 200]);
    expect(gapMs(first!.at, second!.at)).toBeGreaterThanOrEqual(2000 - 50);
  });

  it.concurrent('a create POST is retried after a 429 (it was not applied) and lands once', async () => {
    const before = Object.keys(sb.state.documents).length;
    sb.faults.add({ method: 'POST', path: '/api/v1/documents', action: { type: 'rate-limit', retryAfter: 1 } });
    const r = await pw(['docs', 'create', '--company', '1', '--title', 'After a 429', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const posts = logged('POST', '/api/v1/documents').filter(
      (p) => (p.body as { title?: string }).title === 'After a 429',
    );
    expect(posts.map((p) => p.status)).toEqual([429, 201]);
    expect(gapMs(posts[0]!.at, posts[1]!.at)).toBeGreaterThanOrEqual(1000 - 50);
    expect(Object.keys(sb.state.documents).length - before).toBe(1);
  });

  it.concurrent('a PUT waits too', async () => {
    const path = '/api/v1/steps/124';
    sb.faults.add({ method: 'PUT', path, action: { type: 'rate-limit', retryAfter: 1 } });
    const r = await pw(['steps', 'update', '124', '--title', 'Waited']);
    expect(r.code, r.stderr).toBe(0);
    const [first, second] = logged('PUT', path);
    expect(gapMs(first!.at, second!.at)).toBeGreaterThanOrEqual(1000 - 50);
    expect(sb.state.steps[124]?.title).toBe('Waited');
  });
});

describe('the final error names the server status and message', () => {
  it.concurrent('GET: 503 with a JSON message, every attempt → exit 7 after the retry budget', async () => {
    const path = '/api/v1/steps/120';
    sb.faults.add({
      method: 'GET',
      path,
      count: 10,
      action: { type: 'status', status: 503, body: { message: 'Maintenance until 10:00 UTC' } },
    });
    const r = await pw(['steps', 'get', '120']);
    expect(r.code).toBe(7);
    const lines = r.stderr.trim().split('\n');
    expect(lines.slice(0, -1).map((l) => l.replace(/(, in [\d.]+ s)?:/, ':'))).toEqual(
      [2, 3, 4].map((n) => `retrying (${n}/4) after a 503 answer: GET ${path}`),
    );
    expect(lines.at(-1)).toBe('error: GET /api/v1/steps/120: 503 Service Unavailable: Maintenance until 10:00 UTC');
    expect(logged('GET', path)).toHaveLength(4);
  });

  it.concurrent('PUT: html-502 every attempt → exit 7 naming the gateway page, not its HTML', async () => {
    const path = '/api/v1/steps/121';
    sb.faults.add({ method: 'PUT', path, count: 10, action: { type: 'html-502' } });
    const r = await pw(['steps', 'update', '121', '--title', 'never']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /^error: PUT \/api\/v1\/steps\/121: 502 Bad Gateway: the server answered with an HTML error page/m,
    );
    expect(r.stderr).not.toMatch(/<html|nginx/);
    expect(sb.state.steps[121]?.title).not.toBe('never');
  });

  it.concurrent('DELETE: resets every attempt → exit 7 naming the network failure', async () => {
    const path = '/api/v1/milestones/75';
    sb.faults.add({ method: 'DELETE', path, count: 10, action: { type: 'reset-before' } });
    const r = await pw(['milestones', 'delete', '75', '--yes']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^error: DELETE \/api\/v1\/milestones\/75: the connection failed \(\w+\)\n$/m);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('retrying ('))).toHaveLength(3);
    expect(logged('DELETE', path)).toHaveLength(4);
  });

  it.concurrent('429 that never ends → exit 6 naming 429 and the server message, as JSON too', async () => {
    const path = '/api/v1/steps/122';
    sb.faults.add({ method: 'GET', path, count: 20, action: { type: 'rate-limit', retryAfter: 0 } });
    const r = await pw(['steps', 'get', '122', '-o', 'json']);
    expect(r.code).toBe(6);
    const lines = r.stderr.trim().split('\n');
    const [line, json] = lines.slice(-2);
    // Seven waits (of 0 s) were said, one line each, where no terminal counts down.
    expect(lines.slice(0, -2)).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((n) => `rate limited: retrying (${n}/8): GET ${path}`),
    );
    expect(line).toBe('error: GET /api/v1/steps/122: 429 Too Many Requests: Too Many Attempts.');
    expect(JSON.parse(json!)).toEqual({
      error: { status: 429, code: 6, message: 'GET /api/v1/steps/122: 429 Too Many Requests: Too Many Attempts.' },
    });
  });

  it.concurrent('a 422 from a faulted server keeps its field errors', async () => {
    const path = '/api/v1/steps/123';
    sb.faults.add({
      method: 'PUT',
      path,
      action: {
        type: 'status',
        status: 422,
        body: { message: 'The title is taken.', errors: { title: ['The title is taken.'] } },
      },
    });
    const r = await pw(['steps', 'update', '123', '--title', 'dup']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('error: PUT /api/v1/steps/123: 422 Unprocessable Content\n  title: The title is taken.\n');
    expect(logged('PUT', path)).toHaveLength(1);
  });
});
