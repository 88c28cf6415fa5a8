#!/usr/bin/env node
// Picker benchmark: `pwctl steps complete` without ids, on a real pseudo-terminal (util-linux
// `script`), over 20,000 open tasks. Figures:
// - open: from the answer to the last page of the list (its `--debug` line on the terminal)
//   to the first frame of the picker showing tasks (target < 300 ms);
// - keystroke: from a key typed in the filter to the redrawn frame showing what was typed
//   (median and worst of a search typed key by key; target: no lag, < 100 ms median).
// Both are measured by this process on one clock, from the same terminal stream.
// Run `npm run build` first. Loopback only.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BIN, childEnv, median, percentile, report, startSandboxOfTasks } from './lib.mjs';

const TASKS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const QUERY = 'bulk task 1999';
const SCRIPT = '/usr/bin/script';
if (!existsSync(SCRIPT)) {
  console.log('picker bench skipped: util-linux `script` is not installed');
  process.exit(0);
}

const visible = (text) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\u001b\][^\u0007]*\u0007/g, '');
const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

async function oneRun(sandbox) {
  const env = childEnv({
    PWCTL_BASE_URL: sandbox.baseUrl,
    PWCTL_TOKEN: sandbox.tokens.manager,
    TERM: 'xterm',
    PWCTL_PAGER: '',
  });
  const command = `stty cols 120 rows 40; exec ${[process.execPath, BIN, '--debug', 'steps', 'complete'].map(quote).join(' ')}`;
  const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  let output = '';
  const waiters = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const now = performance.now();
    for (const w of waiters.splice(0)) if (!w(now)) waiters.push(w);
  });
  const until = (test) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out; the terminal showed:\n${visible(output).slice(-2000)}`)),
        60_000,
      );
      const check = (now) => {
        if (!test(visible(output))) return false;
        clearTimeout(timer);
        resolve(now);
        return true;
      };
      if (!check(performance.now())) waiters.push(check);
    });
  // The last page of 20,000 in pages of 1000 is page 20.
  const lastPage = await until((text) => /← 200 GET \/api\/v1\/steps\?[^\n]*page=20\b/.test(text));
  const firstFrame = await until((text) => /Bulk task \d+ \(\d+\)/.test(text.slice(text.search(/page=20\b/))));
  const keys = [];
  for (let i = 1; i <= QUERY.length; i++) {
    const typed = QUERY.slice(0, i);
    const mark = output.length;
    const sent = performance.now();
    child.stdin.write(QUERY[i - 1]);
    // The prompt redraws what changed: at least its search line, showing what was typed so far.
    const shown = await until(() => visible(output.slice(mark)).includes(`Search: ${typed}`));
    keys.push(shown - sent);
  }
  child.stdin.write('\u0003');
  await new Promise((resolve) => child.on('close', resolve));
  return { open: firstFrame - lastPage, keys };
}

const sandbox = await startSandboxOfTasks(TASKS, { rateLimit: 100_000 });
try {
  const opens = [];
  const keys = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun(sandbox);
    opens.push(run.open);
    keys.push(...run.keys);
  }
  const openMs = median(opens);
  const keyMs = median(keys);
  report('picker', [
    {
      name: `picker open after the list (${TASKS} tasks, median of ${RUNS})`,
      value: openMs,
      unit: 'ms',
      target: '< 300 ms',
      met: openMs < 300,
    },
    {
      name: `keystroke to frame (median of ${keys.length})`,
      value: keyMs,
      unit: 'ms',
      target: '< 100 ms',
      met: keyMs < 100,
    },
    { name: 'keystroke to frame (p95)', value: percentile(keys, 95), unit: 'ms' },
    { name: 'keystroke to frame (worst)', value: Math.max(...keys), unit: 'ms' },
  ]);
} finally {
  sandbox.child.kill();
}
