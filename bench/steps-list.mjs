#!/usr/bin/env node
// List benchmark: `pwctl steps list --all -o ndjson` over 20,000 tasks.
// Figures: requests sent (must be 20: pages of 1000), wall time, records/s, time to the
// first record, and the CLI's peak RSS (target < 120 MB: records are streamed, not kept).
// Medians of several runs for the times; the worst run for memory and the checks.
// The sandbox runs with the empty seed plus 20,000 generated tasks, so the list holds exactly
// 20,000 (the demo seed would add 26 visible tasks and a 21st page).
// Run `npm run build` first. Loopback only.
import { median, report, spawnMeasured, startSandboxOfTasks } from './lib.mjs';

const TASKS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RSS_TARGET_MB = 120;

/** One `steps list --all -o ndjson`, counting output lines (and checking a sample) without keeping them. */
async function runList(env) {
  let lines = 0;
  let bytes = 0;
  let firstMs = null;
  let partial = '';
  let valid = true;
  const run = await spawnMeasured(['steps', 'list', '--all', '-o', 'ndjson'], env, (chunk, at) => {
    firstMs ??= at;
    bytes += chunk.length;
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop();
    for (const line of parts) {
      lines++;
      if (lines % 997 !== 1) continue;
      try {
        if (typeof JSON.parse(line).id !== 'number') valid = false;
      } catch {
        valid = false;
      }
    }
  });
  return { ...run, firstMs, lines, bytes, valid };
}

const sandbox = await startSandboxOfTasks(TASKS, { rateLimit: 100_000, controlApi: true });
try {
  // Several runs: medians for the times, the worst for memory and the checks, requests counted per run.
  const runs = [];
  let seen = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = await runList({ PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager });
    if (run.code !== 0) throw new Error(`steps list exited ${run.code}: ${run.stderr.slice(0, 500)}`);
    const log = (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()).data.slice(seen);
    seen += log.length;
    const listRequests = log.filter((e) => e.method === 'GET' && e.path === '/api/v1/steps');
    runs.push({
      ...run,
      requests: log.length,
      listRequests: listRequests.length,
      perPage: [...new Set(listRequests.map((e) => e.query.per_page))],
    });
  }
  const records = Math.min(...runs.map((r) => r.lines));
  const requests = Math.max(...runs.map((r) => r.requests));
  const wallMs = median(runs.map((r) => r.ms));
  const rate = median(runs.map((r) => r.lines / (r.ms / 1000)));
  const firstMs = median(runs.map((r) => r.firstMs ?? -1));
  const rssMb = runs.some((r) => r.rssKb === null) ? null : Math.max(...runs.map((r) => r.rssKb)) / 1024;

  console.log(
    `steps list --all -o ndjson over ${TASKS} tasks, ${RUNS} runs: ${records} records, ${(runs[0].bytes / 1024 / 1024).toFixed(1)} MiB, per_page ${runs[0].perPage.join(', ')}`,
  );
  report('steps-list', [
    {
      name: 'records',
      value: records,
      unit: 'records',
      target: `${TASKS}, each a task`,
      met: runs.every((r) => r.lines === TASKS && r.valid),
    },
    {
      name: 'requests',
      value: requests,
      unit: 'requests',
      target: '20',
      met: runs.every((r) => r.listRequests === 20 && r.requests === 20),
    },
    { name: 'wall_time', value: Math.round(wallMs), unit: 'ms', target: 'informational (median)' },
    { name: 'records_per_second', value: Math.round(rate), unit: 'records/s', target: 'informational (median)' },
    { name: 'first_record', value: Math.round(firstMs), unit: 'ms', target: 'informational (median; streamed)' },
    {
      name: 'peak_rss',
      value: rssMb === null ? -1 : Number(rssMb.toFixed(1)),
      unit: 'MB',
      target: `< ${RSS_TARGET_MB} (worst run)`,
      met: rssMb !== null && rssMb < RSS_TARGET_MB,
    },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
}
