// Bulk integrity: 200 `steps complete` items with faults chosen by a seeded PRNG. Afterwards
// every item is either completed exactly once (one task.completed event, whatever the
// retries) or reported failed; nothing reported ok is missing. And a batch interrupted with
// Ctrl-C reports what it did and what it never attempted.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultAction, RunningSandbox } from '../../src/sandbox/index.js';
import { assertNoSecrets, baseEnv, cliCommand, makeConfigDir, runInProcess } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { STACK_FRAME, prng } from './support.js';

const SEED = 0x5eed_2025;
const BATCH = 200;
const INTERRUPTED_BATCH = 60;

interface Plan {
  name: string;
  action: FaultAction | null;
  /** Consecutive attempts it strikes. */
  count: number;
  /** Does a struck attempt change the task anyway? */
  applies: boolean;
  weight: number;
}

/** Transient faults (within the retry budget) and persistent ones (beyond it: the item fails). */
const PLANS: Plan[] = [
  { name: 'none', action: null, count: 0, applies: false, weight: 50 },
  { name: '500', action: { type: 'status', status: 500 }, count: 1, applies: false, weight: 8 },
  { name: '503 ×2', action: { type: 'status', status: 503 }, count: 2, applies: false, weight: 7 },
  { name: 'reset-before', action: { type: 'reset-before' }, count: 1, applies: false, weight: 7 },
  { name: 'reset-after', action: { type: 'reset-after' }, count: 1, applies: true, weight: 8 },
  { name: 'truncate', action: { type: 'truncate' }, count: 1, applies: true, weight: 6 },
  { name: 'rate-limit', action: { type: 'rate-limit', retryAfter: 1 }, count: 1, applies: false, weight: 3 },
  {
    name: '503 ×4 (exhausts retries)',
    action: { type: 'status', status: 503, body: { message: 'Overloaded' } },
    count: 4,
    applies: false,
    weight: 5,
  },
  {
    name: 'reset-after ×4 (applied, never answered)',
    action: { type: 'reset-after' },
    count: 4,
    applies: true,
    weight: 2,
  },
  {
    name: '422 (final)',
    action: { type: 'status', status: 422, body: { message: 'Locked by an automation.' } },
    count: 1,
    applies: false,
    weight: 4,
  },
];

function choosePlan(random: () => number): Plan {
  const total = PLANS.reduce((sum, p) => sum + p.weight, 0);
  let x = random() * total;
  for (const plan of PLANS) {
    x -= plan.weight;
    if (x < 0) return plan;
  }
  return PLANS[0]!;
}

let sb: RunningSandbox;
let receiver: Server;
const completedEvents = new Map<number, number>();
let bulkIds: number[];
let interruptIds: number[];

beforeAll(async () => {
  sb = await startTestSandbox({ extraSteps: BATCH + INTERRUPTED_BATCH });
  const extra = Object.values(sb.state.steps)
    .filter((s) => s.title.startsWith('Bulk task '))
    .map((s) => s.id)
    .sort((a, b) => a - b);
  bulkIds = extra.slice(0, BATCH);
  interruptIds = extra.slice(BATCH);
  // A task.completed subscription: the service fires it once per open → completed transition,
  // so the deliveries count how many times each task was really completed.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }).id;
      completedEvents.set(id, (completedEvents.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const created = await fetch(`${sb.baseUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, event: 'task.completed', company_id: 1 }),
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await sb.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('bulk steps complete under random faults', () => {
  it(`${BATCH} items: each completed exactly once or reported failed`, async () => {
    const random = prng(SEED);
    const plans = new Map<number, Plan>();
    for (const id of bulkIds) {
      const plan = choosePlan(random);
      plans.set(id, plan);
      if (plan.action)
        sb.faults.add({ method: 'PUT', path: `/api/v1/steps/${id}`, count: plan.count, action: plan.action });
    }
    const mark = sb.requests.length;

    const r = await runInProcess(['steps', 'complete', '-', '-o', 'ndjson'], {
      env: sandboxEnv(sb),
      stdin: bulkIds.map((id) => JSON.stringify({ id, title: `Bulk task ${id}` })).join('\n'),
      timeoutMs: 60_000,
    });
    await sb.flushDeliveries();

    expect(r.stderr).not.toMatch(STACK_FRAME);
    const results = r.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            id: number;
            ok: boolean;
            status?: number | null;
            error?: string;
            data?: { id: number; completed: boolean };
          },
      );
    // One result per item, none lost, none repeated.
    expect(results.map((x) => x.id).sort((a, b) => a - b)).toEqual(bulkIds);
    const ok = results.filter((x) => x.ok);
    const failed = results.filter((x) => !x.ok);
    expect(failed.length).toBeGreaterThan(0);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(`${ok.length} completed, ${failed.length} failed\n`);

    const puts = sb.requests.slice(mark).filter((e) => e.method === 'PUT');
    const survived: Record<string, number> = {};
    for (const result of results) {
      const plan = plans.get(result.id)!;
      const attempts = puts.filter((e) => e.path === `/api/v1/steps/${result.id}`);
      const state = sb.state.steps[result.id]!;
      const applied =
        attempts.filter((e) => e.status === 200).length +
        (plan.applies && plan.action?.type === 'reset-after' ? Math.min(plan.count, attempts.length) : 0);
      if (result.ok) {
        // Reported ok: really completed, and the service saw it completed exactly once.
        expect(result.data, `task ${result.id} (${plan.name})`).toMatchObject({ id: result.id, completed: true });
        expect(state.completed, `task ${result.id} (${plan.name})`).toBe(true);
        expect(applied, `task ${result.id} (${plan.name})`).toBeGreaterThanOrEqual(1);
        expect(completedEvents.get(result.id), `task ${result.id} (${plan.name})`).toBe(1);
        survived[plan.name] = (survived[plan.name] ?? 0) + 1;
      } else {
        // Reported failed, with the status and message the service gave.
        expect(
          ['503 ×4 (exhausts retries)', 'reset-after ×4 (applied, never answered)', '422 (final)'],
          `task ${result.id}: ${result.error}`,
        ).toContain(plan.name);
        expect(result.error).toBeTruthy();
        if (plan.name === '422 (final)')
          expect(result).toMatchObject({ status: 422, error: expect.stringContaining('Locked by an automation.') });
        if (plan.name.startsWith('503'))
          expect(result).toMatchObject({ status: 503, error: expect.stringContaining('Overloaded') });
        if (plan.name.startsWith('reset-after')) {
          // Each attempt was applied before its answer was lost: completed once all the same.
          expect(state.completed).toBe(true);
          expect(completedEvents.get(result.id)).toBe(1);
        } else {
          expect(state.completed).toBe(false);
          expect(completedEvents.has(result.id)).toBe(false);
        }
      }
    }
    if (process.env.RELIABILITY_REPORT)
      console.log(JSON.stringify({ ok: ok.length, failed: failed.length, survived, retries: puts.length - BATCH }));
    // Every transient fault was met at least once and survived.
    for (const name of ['500', '503 ×2', 'reset-before', 'reset-after', 'truncate', 'rate-limit'])
      expect(survived[name], name).toBeGreaterThan(0);
    // No task outside the batch was touched.
    expect(new Set(puts.map((e) => e.path))).toEqual(new Set(bulkIds.map((id) => `/api/v1/steps/${id}`)));
  }, 60_000);
});

describe('an interrupted batch', () => {
  it('SIGINT mid-batch: exit 130, a summary, results for attempted items and "not attempted" for the rest', async () => {
    sb.faults.add({ method: 'PUT', path: /^\/api\/v1\/steps\/\d+$/, count: 1000, action: { type: 'delay', ms: 250 } });
    const configDir = makeConfigDir();
    const child = spawn(...cliCommand(['steps', 'complete', ...interruptIds.map(String), '-o', 'ndjson']), {
      env: { ...baseEnv(configDir), ...sandboxEnv(sb) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      if (!signalled && stdout.includes('\n')) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    sb.faults.clear();
    assertNoSecrets({ stdout, stderr }, ['steps', 'complete'], [sb.tokens.manager]);

    expect(signalled).toBe(true);
    expect(code).toBe(130);
    expect(stderr).not.toMatch(STACK_FRAME);
    const results = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; ok: boolean; error?: string });
    expect(results.map((x) => x.id).sort((a, b) => a - b)).toEqual(interruptIds);
    const done = results.filter((x) => x.ok);
    const skipped = results.filter((x) => !x.ok);
    expect(done.length).toBeGreaterThan(0);
    expect(skipped.length).toBeGreaterThan(0);
    for (const s of skipped) expect(s.error).toBe('not attempted: interrupted');
    expect(stderr).toContain(`${done.length} completed, 0 failed, ${skipped.length} not attempted (interrupted)\n`);
    expect(stderr).toMatch(/error: interrupted after \d+ of 60 items/);
    // What it reports is what happened: done ones completed, skipped ones never sent.
    const sentPaths = new Set(sb.requests.filter((e) => e.method === 'PUT').map((e) => e.path));
    for (const d of done) expect(sb.state.steps[d.id]?.completed).toBe(true);
    for (const s of skipped) {
      expect(sb.state.steps[s.id]?.completed).toBe(false);
      expect(sentPaths.has(`/api/v1/steps/${s.id}`)).toBe(false);
    }
  }, 30_000);
});
