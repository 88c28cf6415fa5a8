#!/usr/bin/env node
// Table benchmark: `pwctl steps list --all` of 10,000 tasks rendered as a table, to a pipe
// (tab-separated rows) and to a pseudo-terminal of 160 and of 80 columns (every row laid
// out to widths fitted to the terminal, run under util-linux `script`, --no-pager), each
// against the ndjson time in the same medium.
// Target: table <= 2x ndjson. ndjson and table run interleaved, so machine noise hits both
// alike; medians.
// Run `npm run build` first. Loopback only.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BIN, benchEnv, median, report, startSandbox } from './lib.mjs';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SCRIPT = '/usr/bin/script';

/** The bench's environment (no NODE_EXTRA_CA_CERTS), a color terminal, no PWCTL_* settings of the developer's. */
function childEnv(extra = {}) {
  const env = benchEnv({ TERM: 'xterm-256color', ...extra });
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  for (const key of Object.keys(env)) if (key.startsWith('PWCTL_') && !(key in extra)) delete env[key];
  return env;
}

const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One run; output is counted (lines, bytes), not kept. `columns`: a pseudo-terminal that wide, else a pipe. */
function runOnce(format, columns, env) {
  const cli = [process.execPath, BIN, 'steps', 'list', '--all', '--no-pager', '-o', format];
  const [cmd, args] = columns
    ? [SCRIPT, ['-qefc', `stty cols ${columns} rows 50 2>/dev/null; exec ${cli.map(quote).join(' ')}`, '/dev/null']]
    : [cli[0], cli.slice(1)];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let bytes = 0;
    child.stdout.on('data', (chunk) => {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ms: performance.now() - started, lines, bytes, stderr }));
  });
}

/** ndjson and table in one medium, interleaved (the order alternating by round); medians. */
async function measure(columns, env) {
  const times = { ndjson: [], table: [] };
  const last = {};
  for (let i = 0; i < RUNS; i++) {
    for (const format of i % 2 === 0 ? ['ndjson', 'table'] : ['table', 'ndjson']) {
      const run = await runOnce(format, columns, env);
      if (run.code !== 0)
        throw new Error(
          `${format} to ${columns ? `a ${columns}-column pty` : 'a pipe'} exited ${run.code}: ${run.stderr.slice(0, 300)}`,
        );
      times[format].push(run.ms);
      last[format] = run;
    }
  }
  const result = (format) => ({ ms: median(times[format]), lines: last[format].lines, bytes: last[format].bytes });
  return { ndjson: result('ndjson'), table: result('table') };
}

const sandbox = await startSandbox(['--seed', 'empty', '--extra-steps', String(ROWS), '--rate-limit', '100000']);
try {
  const env = { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager };
  const { ndjson: pipeNdjson, table: pipeTable } = await measure(0, env);
  const pipeRatio = pipeTable.ms / pipeNdjson.ms;
  console.log(
    `steps list --all of ${ROWS} tasks, median of ${RUNS} interleaved runs each; table vs ndjson in the same medium`,
  );
  const figures = [
    {
      name: 'ndjson_pipe',
      value: Math.round(pipeNdjson.ms),
      unit: 'ms',
      target: `${ROWS} lines`,
      met: pipeNdjson.lines === ROWS,
    },
    {
      name: 'table_pipe',
      value: Math.round(pipeTable.ms),
      unit: 'ms',
      target: `${ROWS} lines`,
      met: pipeTable.lines === ROWS,
    },
    {
      name: 'table_pipe_vs_ndjson',
      value: Number(pipeRatio.toFixed(2)),
      unit: 'x',
      target: '<= 2',
      met: pipeRatio <= 2,
    },
  ];
  if (existsSync(SCRIPT)) {
    for (const columns of [160, 80]) {
      const { ndjson, table } = await measure(columns, env);
      const ratio = table.ms / ndjson.ms;
      figures.push(
        {
          name: `ndjson_pty${columns}`,
          value: Math.round(ndjson.ms),
          unit: 'ms',
          target: `${ROWS} lines`,
          met: ndjson.lines === ROWS,
        },
        // A header line plus one line per task.
        {
          name: `table_pty${columns}`,
          value: Math.round(table.ms),
          unit: 'ms',
          target: `${ROWS + 1} lines`,
          met: table.lines === ROWS + 1,
        },
        {
          name: `table_pty${columns}_vs_ndjson`,
          value: Number(ratio.toFixed(2)),
          unit: 'x',
          target: '<= 2',
          met: ratio <= 2,
        },
      );
    }
  } else {
    console.log(`(${SCRIPT} not found: pseudo-terminal runs skipped)`);
  }
  report('table', figures);
} finally {
  sandbox.child.kill('SIGTERM');
}
