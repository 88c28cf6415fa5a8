#!/usr/bin/env node
// --jq: `pwctl steps list --all` of 10,000 tasks with --jq '.[] | select(.completed | not) | .id'
// against the same list as -o json without it, interleaved against one sandbox, medians.
// Target: --jq <= 2x the -o json time. Every run's output is checked. Then, for information,
// the per-record form (-o ndjson --jq), and a one-record command with and without --jq
// (what loading jq costs a short command). Run `npm run build` first. Loopback only.
import { spawn } from 'node:child_process';
import { BIN, childEnv, median, report, startSandboxOfTasks } from './lib.mjs';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET = 2;
const FILTER = '.[] | select(.completed | not) | .id';

function run(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`pwctl ${args.join(' ')} exited ${code}: ${stderr.slice(0, 300)}`));
      else resolve({ ms, text: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

const sandbox = await startSandboxOfTasks(ROWS);
try {
  const env = { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager };
  const commands = {
    json: ['steps', 'list', '--all', '-o', 'json'],
    jq: ['steps', 'list', '--all', '--jq', FILTER],
    ndjsonJq: ['steps', 'list', '--all', '-o', 'ndjson', '--jq', 'select(.completed | not) | .id'],
    getJson: ['steps', 'get', '101', '-o', 'json'],
    getJq: ['steps', 'get', '101', '--jq', '.title'],
  };
  const samples = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  let expected;
  let outputsAgree = true;
  for (let round = 0; round <= RUNS; round++) {
    for (const [name, args] of Object.entries(commands)) {
      const result = await run(args, env);
      if (round > 0) samples[name].push(result.ms);
      if (name === 'json')
        expected ??= JSON.parse(result.text)
          .filter((t) => !t.completed)
          .map((t) => `${t.id}\n`)
          .join('');
      if (name === 'jq' || name === 'ndjsonJq') outputsAgree &&= result.text === expected;
    }
  }
  const ms = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  const ratio = ms.jq / ms.json;
  console.log(`steps list --all of ${ROWS} tasks, median of ${RUNS} interleaved runs per command`);
  report('jq', [
    { name: '-o json', value: Math.round(ms.json), unit: 'ms', target: 'informational' },
    { name: `--jq '${FILTER}'`, value: Math.round(ms.jq), unit: 'ms', target: 'informational' },
    {
      name: '--jq / -o json',
      value: Number(ratio.toFixed(2)),
      unit: 'x',
      target: `<= ${TARGET}`,
      met: ratio <= TARGET,
    },
    { name: '-o ndjson --jq (per record)', value: Math.round(ms.ndjsonJq), unit: 'ms', target: 'informational' },
    {
      name: 'output equals the same filter applied to -o json',
      value: outputsAgree ? 1 : 0,
      unit: 'bool',
      target: '1',
      met: outputsAgree,
    },
    { name: 'steps get -o json', value: ms.getJson, unit: 'ms', target: 'informational' },
    { name: 'steps get --jq .title', value: ms.getJq, unit: 'ms', target: 'informational' },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
}
