#!/usr/bin/env node
// Restore benchmark: `pwctl restore` of 2,000 deleted tasks into a service that still holds
// 20,000, under a rate limit of 60 requests per window, against the ideal schedule.
//
// Setup: a sandbox (unthrottled) with the demo seed plus generated tasks, 22,000 in all, spread
// over the five live phases of company 1; the last 2,000 generated (the last 400 of each phase)
// get a tag on every 20th, completion on every 4th and an approval completed "not approved" on
// every 40th; then the export. The timed sandbox starts on the same port (the same service, as
// restore sees it) with the same seed and 2,000 fewer generated tasks: the service as it is
// once those 2,000 were deleted (generated tasks are deterministic: same ids, titles, order).
// (Deleting them over the API under the rate limit would take half an hour, and a sandbox
// restarted from a --state file rewrites that file every 200 ms, stalling the timed run.)
//
// The service's limit is 60 requests per minute; a real run of ~2,200 requests at that rate
// takes 37 minutes. So the window is time-scaled: the sandbox admits 60 requests per 5 s
// instead of per 60 s, the same limit shape (60 per fixed window, 429 with Retry-After in whole
// seconds beyond it) twelve times faster; the run takes about three minutes (bench/run.mjs
// gives this script four and a half). Scaling shrinks the window, not the time it takes to send a window's 60
// requests, and each window loses about that time (the next one opens only when a request's
// Retry-After, counted from the window's start and rounded up to whole seconds, has passed),
// so the ratio below is lower than it would be against the real minute-long window.
//
// The least a restore can send: the reads (each list once, in pages of 1000: 20 task pages,
// one each for documents and milestones; no webhook subscription was exported, so that list
// is not read), one create per task, a tag request per tagged task and a completion request
// per "not approved" verdict (the other completions go in the create) — and no reorder: the
// deleted tasks were the last of their phases, so created in order they land in place.
// The ideal schedule sends each window's 60 requests as soon as the window opens: with R
// requests that is ceil(R / 60) windows, so ideal = (time to the first request) +
// (ceil(R / 60) - 1) x 5 s + (time from the last window's first request to the end), the
// first and last parts taken from the run itself (start-up and the last window's work are not
// rate-limited). Target: ideal / elapsed >= 0.95. Checks: every task created exactly once,
// with its tag, completion and verdict, nothing failed, nothing but those requests sent.
// Run `npm run build` first. Loopback only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, childEnv, report, startSandbox } from './lib.mjs';

const TOTAL = 22_000;
const DELETED = 2_000;
const DEMO_LIVE_TASKS = 26;
const LIMIT = 60;
const WINDOW_S = 5;

const dir = mkdtempSync(join(tmpdir(), 'pwctl-bench-restore-'));
const backup = join(dir, 'backup');

function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, startedAt, endedAt: Date.now(), ms: performance.now() - started, stdout, stderr }),
    );
  });
}

async function call(sandbox, method, path, body) {
  const response = await fetch(`${sandbox.baseUrl}/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${sandbox.tokens.manager}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

async function eachAtOnce(items, work, width = 16) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function stop(sandbox) {
  const exited = new Promise((resolve) => sandbox.child.once('exit', resolve));
  sandbox.child.kill('SIGTERM');
  await exited;
}

/** What each deleted task was given before the export, by its place among the deleted. */
const tagged = (i) => i % 20 === 0;
const completed = (i) => i % 4 === 0;
const rejected = (i) => i % 40 === 1;

// ---- setup, unthrottled ---------------------------------------------------------------------
const setup = await startSandbox([
  '--seed',
  'demo',
  '--extra-steps',
  String(TOTAL - DEMO_LIVE_TASKS),
  '--rate-limit',
  '1000000',
  '--control-api',
]);
let deleted;
try {
  const state = await (await fetch(`${setup.baseUrl}/_sandbox/state`)).json();
  const generated = Object.values(state.steps)
    .filter((s) => s.title.startsWith('Bulk task '))
    .sort((a, b) => a.id - b.id);
  deleted = generated.slice(-DELETED);
  await eachAtOnce(
    deleted.map((s, i) => [s, i]),
    async ([step, i]) => {
      if (tagged(i)) await call(setup, 'POST', `steps/${step.id}/tags`, { tags: ['urgent'] });
      if (rejected(i))
        await call(setup, 'PUT', `steps/${step.id}`, {
          is_approval: true,
          completed: true,
          approval_status: 'not_approved',
        });
      else if (completed(i)) await call(setup, 'PUT', `steps/${step.id}`, { completed: true });
    },
  );
  const exported = await runCli(['export', backup, '-q'], {
    PWCTL_BASE_URL: setup.baseUrl,
    PWCTL_TOKEN: setup.tokens.manager,
  });
  if (exported.code !== 0) throw new Error(`export failed (${exported.code}): ${exported.stderr}`);
} finally {
  await stop(setup);
}

// ---- the timed restore ----------------------------------------------------------------------
const sandbox = await startSandbox([
  '--seed',
  'demo',
  '--extra-steps',
  String(TOTAL - DEMO_LIVE_TASKS - DELETED),
  '--control-api',
  '--rate-limit',
  String(LIMIT),
  '--rate-window',
  String(WINDOW_S),
  '--port',
  new URL(setup.baseUrl).port,
]);
try {
  if (sandbox.baseUrl !== setup.baseUrl)
    throw new Error(`the sandbox came back on ${sandbox.baseUrl}, not ${setup.baseUrl}`);
  const before = await (await fetch(`${sandbox.baseUrl}/_sandbox/state`)).json();
  if (deleted.some((step) => before.steps[step.id]) || !before.steps[deleted[0].id - 1])
    throw new Error('the timed sandbox does not hold the service as it is after the deletes');
  const results = join(dir, 'results.ndjson');
  const run = await runCli(['restore', backup, '--results', results, '-o', 'ndjson', '-q'], {
    PWCTL_BASE_URL: sandbox.baseUrl,
    PWCTL_TOKEN: sandbox.tokens.manager,
  });
  if (run.code !== 0) console.log(`restore exited ${run.code}: ${run.stderr.trim()}`);
  const lines = run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const failures = lines.filter((r) => !r.ok).length;
  const createdResults = lines.filter((r) => r.action === 'create');

  const log = (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()).data.filter(
    (e) => e.tokenRole === 'manager',
  );
  if (process.env.BENCH_DUMP)
    (await import('node:fs')).writeFileSync(
      process.env.BENCH_DUMP,
      JSON.stringify({
        startedAt: run.startedAt,
        endedAt: run.endedAt,
        log: log.map((e) => ({ at: e.at, method: e.method, path: e.path, status: e.status })),
      }),
    );
  const answered = log.filter((e) => e.status !== 429);
  const throttled = log.length - answered.length;
  const kind = (e) => `${e.method} ${e.path.replace(/\d+/g, 'N')}`;
  const count = (what) => answered.filter((e) => kind(e) === what).length;
  const reads = answered.filter((e) => e.method === 'GET').length;
  const creates = count('POST /api/vN/steps');
  const tagRequests = count('POST /api/vN/steps/N/tags');
  const verdicts = count('PUT /api/vN/steps/N');
  const stray = answered.length - reads - creates - tagRequests - verdicts;
  const expected = {
    reads: Math.ceil((TOTAL - DELETED) / 1000) + 2,
    tags: deleted.filter((_, i) => tagged(i)).length,
    verdicts: deleted.filter((_, i) => rejected(i)).length,
  };

  const state = await (await fetch(`${sandbox.baseUrl}/_sandbox/state`)).json();
  const byTitle = new Map();
  for (const step of Object.values(state.steps)) byTitle.set(step.title, [...(byTitle.get(step.title) ?? []), step]);
  const faithful = deleted.every((old, i) => {
    const copies = byTitle.get(old.title) ?? [];
    if (copies.length !== 1) return false;
    const [step] = copies;
    const tagNames = step.tag_ids.map((id) => state.tags[id]?.name);
    return (
      step.phase_id === old.phase_id &&
      step.completed === (completed(i) || rejected(i)) &&
      (step.approval_status ?? null) === (rejected(i) ? 'not_approved' : null) &&
      JSON.stringify(tagNames) === JSON.stringify(tagged(i) ? ['urgent'] : [])
    );
  });
  const inOrder = [41, 42, 43, 44, 45].every((phase) => {
    const ids = Object.values(state.steps)
      .filter((s) => s.phase_id === phase)
      .sort((a, b) => a.order - b.order)
      .map((s) => Number(s.title.replace(/\D+/g, '')) || 0);
    const generated = ids.filter((n) => n > 0);
    return generated.every((n, k) => k === 0 || n > generated[k - 1]);
  });

  // The fixed windows the sandbox counted, rebuilt from its request log.
  const times = log.map((e) => Date.parse(e.at)).sort((a, b) => a - b);
  let windowStart = times[0];
  for (const t of times) if (t - windowStart >= WINDOW_S * 1000) windowStart = t;
  const windows = Math.ceil(answered.length / LIMIT);
  const idealMs = times[0] - run.startedAt + (windows - 1) * WINDOW_S * 1000 + (run.endedAt - windowStart);
  const elapsedMs = run.endedAt - run.startedAt;
  const ratio = idealMs / elapsedMs;

  console.log(
    `restore of ${DELETED} deleted tasks into ${TOTAL - DELETED} against a sandbox limit of ${LIMIT} requests / ${WINDOW_S} s (the service's 60 / 60 s, time-scaled 12x); exit ${run.code}`,
  );
  console.log(
    `${answered.length} requests = ${windows} windows; ideal: ${Math.round(times[0] - run.startedAt)} ms to the first request + ${windows - 1} x ${WINDOW_S} s + the last window's ${Math.round(run.endedAt - windowStart)} ms`,
  );
  report('restore', [
    { name: 'elapsed', value: Math.round(elapsedMs), unit: 'ms', target: 'informational' },
    { name: 'ideal', value: Math.round(idealMs), unit: 'ms', target: 'informational' },
    { name: 'ideal_vs_elapsed', value: Number(ratio.toFixed(3)), unit: 'x', target: '>= 0.95', met: ratio >= 0.95 },
    { name: 'failures', value: failures, unit: 'records', target: '0', met: failures === 0 && run.code === 0 },
    {
      name: 'tasks_restored_exactly_once',
      value: createdResults.length,
      unit: 'tasks',
      target: `${DELETED}, each with its tag, completion and verdict, in its phase's order`,
      met: createdResults.length === DELETED && faithful && inOrder,
    },
    {
      name: 'reads',
      value: reads,
      unit: 'requests',
      target: `${expected.reads} (each list once, pages of 1000)`,
      met: reads === expected.reads,
    },
    { name: 'creates', value: creates, unit: 'requests', target: `${DELETED}`, met: creates === DELETED },
    {
      name: 'tag_requests',
      value: tagRequests,
      unit: 'requests',
      target: `${expected.tags} (tagged tasks only)`,
      met: tagRequests === expected.tags,
    },
    {
      name: 'completion_requests',
      value: verdicts,
      unit: 'requests',
      target: `${expected.verdicts} ("not approved" verdicts only)`,
      met: verdicts === expected.verdicts,
    },
    { name: 'other_requests', value: stray, unit: 'requests', target: '0 (no reorder needed)', met: stray === 0 },
    {
      name: 'rate_limited_answers',
      value: throttled,
      unit: 'requests',
      target: 'informational (about one per window)',
    },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
