#!/usr/bin/env node
// `steps list --sort due_date --limit 3` over 20,000 tasks (issue 32): --sort orders every
// matching task before --limit applies, so it reads every page. Floors in the same run:
// `steps list --limit 3` (one request of 3) and `steps list --all -o ndjson` (the whole list
// streamed, 20 pages of 1000). Figures: requests each command sent (sandbox request log),
// median wall time of each (interleaved runs), the sorted list's time against the whole
// list's, and the sorted run's peak RSS (it holds every task to sort them). The sandbox holds
// only the 20,000 generated tasks (empty seed).
// Run `npm run build` first. Loopback only.
import { BIN, childEnv, interleaved, report, spawnMeasured, startSandboxOfTasks } from './lib.mjs';

const TASKS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const pages = Math.ceil(TASKS / 1000);

const COMMANDS = {
  limit: ['steps', 'list', '--limit', '3'],
  sorted: ['steps', 'list', '--sort', 'due_date', '--limit', '3'],
  all: ['steps', 'list', '--all', '-o', 'ndjson'],
};

const sandbox = await startSandboxOfTasks(TASKS, { controlApi: true });
try {
  const given = { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager };
  const env = childEnv(given);
  const requestLog = async () => (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()).data;

  // Requests of one run of each, and what the sorted run printed.
  const requests = {};
  const rssMb = {};
  let sortedOutput = '';
  for (const [name, args] of Object.entries(COMMANDS)) {
    const before = (await requestLog()).length;
    let stdout = '';
    const run = await spawnMeasured([...args, ...(name === 'sorted' ? ['-o', 'json'] : [])], given, (chunk) => {
      if (name === 'sorted') stdout += chunk;
    });
    if (run.code !== 0) throw new Error(`${args.join(' ')} exited ${run.code}: ${run.stderr}`);
    if (name === 'sorted') sortedOutput = stdout;
    rssMb[name] = run.rssKb === null ? -1 : Math.round(run.rssKb / 102.4) / 10;
    requests[name] = (await requestLog()).length - before;
  }
  const sorted = JSON.parse(sortedOutput);
  const dues = sorted.map((t) => t.due_date);
  const sortedRight = sorted.length === 3 && dues.every((d, i) => d !== '' && (i === 0 || dues[i - 1] <= d));

  const ms = interleaved(
    Object.fromEntries(Object.entries(COMMANDS).map(([name, args]) => [name, [process.execPath, [BIN, ...args]]])),
    { runs: RUNS, warmup: 2, env },
  );
  console.log(`over ${TASKS} tasks, ${RUNS} interleaved runs each (medians)`);
  report('steps-sort', [
    {
      name: 'steps list --limit 3: requests',
      value: requests.limit,
      unit: 'requests',
      target: '1 (floor)',
      met: requests.limit === 1,
    },
    {
      name: 'steps list --sort due_date --limit 3: requests',
      value: requests.sorted,
      unit: 'requests',
      target: `${pages} (every page of 1000)`,
      met: requests.sorted === pages && sortedRight,
    },
    {
      name: 'steps list --all -o ndjson: requests',
      value: requests.all,
      unit: 'requests',
      target: `${pages} (floor)`,
      met: requests.all === pages,
    },
    { name: 'steps list --limit 3: wall time', value: Math.round(ms.limit), unit: 'ms', target: 'floor' },
    { name: 'steps list --sort due_date --limit 3: wall time', value: Math.round(ms.sorted), unit: 'ms' },
    { name: 'steps list --all -o ndjson: wall time', value: Math.round(ms.all), unit: 'ms', target: 'floor' },
    {
      name: 'steps list --sort due_date --limit 3: peak RSS',
      value: rssMb.sorted,
      unit: 'MB',
      target: `informational (--all ndjson, streamed: ${rssMb.all} MB)`,
    },
    {
      name: 'sorted / --all ndjson',
      value: ms.sorted / ms.all,
      unit: 'x',
      target: '<= 1.5 (reads the same pages, prints 3)',
      met: ms.sorted / ms.all <= 1.5,
    },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
}
