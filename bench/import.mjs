#!/usr/bin/env node
// Import benchmark: `pwctl steps import` of 500 CSV rows under a rate limit of 60 requests per
// window, against the ideal schedule.
//
// The service's limit is 60 requests per minute; a real run of 500 rows at that rate takes over
// 8 minutes (the bench runner stops a script after 2). So the window is time-scaled: the sandbox
// admits 60 requests per 6 s instead of per 60 s, the same limit shape (60 per fixed window, 429
// with Retry-After in whole seconds beyond it) ten times faster.
//
// The ideal schedule sends each window's 60 creates as soon as the window opens: 500 rows are 9
// windows, so it takes 8 x 6 s plus the time the last window's 20 rows take unthrottled
// (measured by importing 20 rows as another user, who has a rate window of its own: process
// start included). Target: elapsed <= 1.15x ideal. Checks: every row created exactly once, no
// row failed, nothing but creates sent.
// Run `npm run build` first. Loopback only.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, childEnv, report, startSandbox } from './lib.mjs';

const ROWS = 500;
const LIMIT = 60;
const WINDOW_S = 6;

function runImport(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'steps', 'import', ...args], {
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ms: performance.now() - started, stdout, stderr }));
  });
}

function csv(path, prefix, count) {
  writeFileSync(
    path,
    `title,phase_id,due_date\n${Array.from({ length: count }, (_, i) => `${prefix} ${i + 1},41,2026-12-${String((i % 28) + 1).padStart(2, '0')}`).join('\n')}\n`,
  );
  return path;
}

const dir = mkdtempSync(join(tmpdir(), 'pwctl-bench-import-'));
const sandbox = await startSandbox([
  '--seed',
  'empty',
  '--control-api',
  '--rate-limit',
  String(LIMIT),
  '--rate-window',
  String(WINDOW_S),
]);
try {
  const lastWindow = ROWS % LIMIT || LIMIT;
  const baseline = await runImport([csv(join(dir, 'baseline.csv'), 'Baseline row', lastWindow), '-o', 'ndjson', '-q'], {
    PWCTL_BASE_URL: sandbox.baseUrl,
    PWCTL_TOKEN: sandbox.tokens.member,
  });
  if (baseline.code !== 0) throw new Error(`baseline import failed (${baseline.code}): ${baseline.stderr}`);

  const results = join(dir, 'results.ndjson');
  const run = await runImport(
    [csv(join(dir, 'plan.csv'), 'Plan row', ROWS), '--results', results, '-o', 'ndjson', '-q'],
    {
      PWCTL_BASE_URL: sandbox.baseUrl,
      PWCTL_TOKEN: sandbox.tokens.manager,
    },
  );
  const lines = run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const failures = lines.filter((r) => !r.ok).length + (ROWS - lines.length);

  const log = (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()).data.filter(
    (e) => e.tokenRole === 'manager',
  );
  const throttled = log.filter((e) => e.status === 429).length;
  const creates = log.filter((e) => e.method === 'POST' && e.path === '/api/v1/steps' && e.status === 200).length;
  const stray = log.length - throttled - creates;
  const state = await (await fetch(`${sandbox.baseUrl}/_sandbox/state`)).json();
  const titles = new Map();
  for (const step of Object.values(state.steps))
    if (step.title.startsWith('Plan row ')) titles.set(step.title, (titles.get(step.title) ?? 0) + 1);
  const onceEach = titles.size === ROWS && [...titles.values()].every((n) => n === 1);
  const recorded = new Set(
    readFileSync(results, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((r) => typeof r.id === 'number')
      .map((r) => r.line),
  );

  const windows = Math.ceil(ROWS / LIMIT);
  const idealMs = (windows - 1) * WINDOW_S * 1000 + baseline.ms;
  const ratio = run.ms / idealMs;
  console.log(
    `steps import of ${ROWS} rows against a sandbox limit of ${LIMIT} requests / ${WINDOW_S} s (the service's 60 / 60 s, time-scaled 10x); exit ${run.code}`,
  );
  console.log(
    `ideal: ${windows - 1} x ${WINDOW_S} s + the last window's ${lastWindow} rows unthrottled (${Math.round(baseline.ms)} ms)`,
  );
  report('import', [
    { name: 'elapsed', value: Math.round(run.ms), unit: 'ms', target: 'informational' },
    { name: 'ideal', value: Math.round(idealMs), unit: 'ms', target: 'informational' },
    { name: 'elapsed_vs_ideal', value: Number(ratio.toFixed(3)), unit: 'x', target: '<= 1.15', met: ratio <= 1.15 },
    { name: 'failures', value: failures, unit: 'rows', target: '0', met: failures === 0 && run.code === 0 },
    {
      name: 'rows_created_exactly_once',
      value: [...titles.values()].filter((n) => n === 1).length,
      unit: 'rows',
      target: `${ROWS}, each recorded in --results`,
      met: onceEach && creates === ROWS && recorded.size === ROWS,
    },
    {
      name: 'rate_limited_answers',
      value: throttled,
      unit: 'requests',
      target: 'informational (about one per window)',
    },
    { name: 'other_requests', value: stray, unit: 'requests', target: '0', met: stray === 0 },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
