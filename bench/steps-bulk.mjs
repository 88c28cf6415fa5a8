#!/usr/bin/env node
// Bulk benchmark: `pwctl steps complete` of 120 ids against a sandbox that admits 30
// requests per 3 s window. The ideal schedule sends each window's 30 requests as soon as the
// window opens, so it takes (windows - 1) x 3 s plus the time one unthrottled window of work
// takes (measured here with another user, who has a rate window of its own).
// Figures: elapsed vs ideal (target <= 1.15x), failures (0), PUTs per id (exactly 1 each).
// Run `npm run build` first. Loopback only.
import { spawn } from 'node:child_process';
import { BIN, benchEnv, report } from './lib.mjs';

const IDS = 120;
const LIMIT = 30;
const WINDOW_S = 3;

/** The bench's environment (no NODE_EXTRA_CA_CERTS), without the developer's PWCTL_* settings. */
function childEnv(extra = {}) {
  const env = benchEnv(extra);
  for (const key of Object.keys(env)) if (key.startsWith('PWCTL_') && !(key in extra)) delete env[key];
  return env;
}

function startSandbox(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '-o', 'json', '-q', ...args], {
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n')) {
        try {
          const ready = JSON.parse(line);
          resolve({ child, baseUrl: ready.base_url, tokens: ready.tokens });
        } catch (error) {
          reject(new Error(`sandbox ready line is not JSON: ${line}`));
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`sandbox exited early (${code})`)));
  });
}

function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, ms: performance.now() - started, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
    });
  });
}

async function control(sandbox, path) {
  const response = await fetch(`${sandbox.baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

const sandbox = await startSandbox(['--seed', 'demo', '--extra-steps', '20000', '--control-api', '--rate-limit', String(LIMIT), '--rate-window', String(WINDOW_S)]);
try {
  const state = await control(sandbox, '/_sandbox/state');
  const open = Object.values(state.steps)
    .filter((s) => s.title.startsWith('Bulk task') && !s.completed)
    .map((s) => s.id)
    .sort((a, b) => a - b);
  const ids = open.slice(0, IDS);
  const baselineIds = open.slice(IDS, IDS + LIMIT);

  // One window's worth of work by another user (own rate window): the unthrottled cost.
  const baseline = await runCli(['steps', 'complete', ...baselineIds.map(String), '-o', 'ndjson'], {
    PWCTL_BASE_URL: sandbox.baseUrl,
    PWCTL_TOKEN: sandbox.tokens.member,
  });
  if (baseline.code !== 0) throw new Error(`baseline run failed (${baseline.code}): ${baseline.stderr}`);

  const run = await runCli(['steps', 'complete', ...ids.map(String), '-o', 'ndjson'], {
    PWCTL_BASE_URL: sandbox.baseUrl,
    PWCTL_TOKEN: sandbox.tokens.manager,
  });
  const results = run.stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const failures = results.filter((r) => !r.ok).length + (IDS - results.length);

  const log = (await control(sandbox, '/_sandbox/requests')).data.filter((e) => e.tokenRole === 'manager');
  const puts = new Map(ids.map((id) => [id, 0]));
  let throttled = 0;
  let stray = 0;
  for (const entry of log) {
    if (entry.status === 429) {
      throttled++;
      continue;
    }
    const m = /^\/api\/v1\/steps\/(\d+)$/.exec(entry.path);
    if (entry.method === 'PUT' && m && puts.has(Number(m[1])) && entry.status === 200) puts.set(Number(m[1]), puts.get(Number(m[1])) + 1);
    else stray++;
  }
  const finalState = await control(sandbox, '/_sandbox/state');
  const completedNow = ids.filter((id) => finalState.steps[id]?.completed).length;
  const onceEach = [...puts.values()].every((n) => n === 1);

  const windows = Math.ceil(IDS / LIMIT);
  const idealMs = (windows - 1) * WINDOW_S * 1000 + baseline.ms;
  const ratio = run.ms / idealMs;

  console.log(`steps complete of ${IDS} ids against a sandbox limit of ${LIMIT} requests / ${WINDOW_S} s (exit ${run.code})`);
  console.log(`ideal: ${windows - 1} x ${WINDOW_S} s + one unthrottled window of ${LIMIT} ids (${Math.round(baseline.ms)} ms)`);
  if (!onceEach) console.log(`ids not updated exactly once: ${JSON.stringify([...puts].filter(([, n]) => n !== 1))}`);
  report('steps-bulk', [
    { name: 'elapsed', value: Math.round(run.ms), unit: 'ms', target: 'informational' },
    { name: 'ideal', value: Math.round(idealMs), unit: 'ms', target: 'informational' },
    { name: 'elapsed_vs_ideal', value: Number(ratio.toFixed(3)), unit: 'x', target: '<= 1.15', met: ratio <= 1.15 },
    { name: 'failures', value: failures, unit: 'items', target: '0', met: failures === 0 && run.code === 0 },
    { name: 'ids_updated_exactly_once', value: [...puts.values()].filter((n) => n === 1).length, unit: 'ids', target: `${IDS}`, met: onceEach && completedNow === IDS },
    { name: 'rate_limited_answers', value: throttled, unit: 'requests', target: 'informational (one per window)' },
    { name: 'other_requests', value: stray, unit: 'requests', target: '0', met: stray === 0 },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
}
