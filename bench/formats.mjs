#!/usr/bin/env node
// Formats benchmark: `pwctl steps list --all` of 10,000 tasks as -o json, -o ndjson and
// -o yaml, run interleaved (json, ndjson, yaml, json, …) against the same sandbox, medians.
// Target: yaml <= 5x the json time. Every yaml run is parsed back and must hold 10,000 tasks.
// Then, in this process and for information, the cost of serialising those records once
// with JSON.stringify and with the yaml library that -o yaml uses.
// Run `npm run build` first. Loopback only.
import { spawn } from 'node:child_process';
import { BIN, median, report, childEnv, startSandboxOfTasks } from './lib.mjs';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const YAML_TARGET = 5;

/** One run of `steps list --all -o <format>`; the output is kept only when `keep` (to check it). */
function runList(format, env, keep) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'steps', 'list', '--all', '-o', format], {
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    let bytes = 0;
    child.stdout.on('data', (chunk) => {
      bytes += chunk.length;
      if (keep) chunks.push(chunk);
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`-o ${format} exited ${code}: ${stderr.slice(0, 300)}`));
      else resolve({ ms, bytes, text: keep ? Buffer.concat(chunks).toString('utf8') : undefined });
    });
  });
}

/** Time fn over all records, best of three passes (in-process, so no process noise to average). */
function timeSerialiser(records, fn) {
  let best = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    for (const record of records) fn(record);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const sandbox = await startSandboxOfTasks(ROWS);
try {
  const env = { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager };
  const { parse, stringify } = await import('yaml');
  const samples = { json: [], ndjson: [], yaml: [] };
  let yamlRecords = -1;
  let yamlMatchesJson = true;
  let records = [];
  // One untimed warm-up round, then RUNS timed rounds in the same order.
  for (let round = 0; round <= RUNS; round++) {
    for (const format of ['json', 'ndjson', 'yaml']) {
      const check = round === 0 && format !== 'ndjson';
      const run = await runList(format, env, check);
      if (round > 0) samples[format].push(run.ms);
      if (check && format === 'json') records = JSON.parse(run.text);
      if (check && format === 'yaml') {
        const back = parse(run.text);
        yamlRecords = Array.isArray(back) ? back.length : -1;
        yamlMatchesJson = JSON.stringify(back) === JSON.stringify(records);
      }
    }
  }
  const ms = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  const ratio = ms.yaml / ms.json;

  // Serialising alone, in this process: what -o yaml costs over json.
  const jsonMs = timeSerialiser(records, (r) => JSON.stringify(r, null, 2));
  const yaml2Ms = timeSerialiser(records, (r) => stringify([r], { lineWidth: 0 }));

  console.log(`steps list --all of ${ROWS} tasks, median of ${RUNS} interleaved runs per format`);
  report('formats', [
    { name: 'json', value: Math.round(ms.json), unit: 'ms', target: 'informational' },
    { name: 'ndjson', value: Math.round(ms.ndjson), unit: 'ms', target: 'informational' },
    { name: 'yaml', value: Math.round(ms.yaml), unit: 'ms', target: 'informational' },
    {
      name: 'yaml_vs_json',
      value: Number(ratio.toFixed(2)),
      unit: 'x',
      target: `<= ${YAML_TARGET}`,
      met: ratio <= YAML_TARGET,
    },
    {
      name: 'yaml_parses_back',
      value: yamlRecords,
      unit: 'records',
      target: `${ROWS}, equal to -o json`,
      met: yamlRecords === ROWS && yamlMatchesJson,
    },
    { name: 'serialise_json_in_process', value: Number(jsonMs.toFixed(1)), unit: 'ms', target: 'informational' },
    { name: 'serialise_yaml_in_process', value: Number(yaml2Ms.toFixed(1)), unit: 'ms', target: 'informational' },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
}
