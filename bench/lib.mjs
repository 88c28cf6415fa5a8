// Shared helpers for the benchmark scripts: interleaved timing of whole commands, medians,
// and the result line every script ends with. NODE_EXTRA_CA_CERTS is removed from every
// child's environment: it adds ~70 ms to each Node start and would squeeze ratios toward 1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'bin', 'pwctl.js');

export function benchEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Time one synchronous run of a command in ms; throws if it fails. */
export function timeCommand(command, args, env) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

/**
 * Run each named command `runs` times, interleaved (A B C A B C …) so drift in machine load
 * hits all sides alike, after `warmup` untimed rounds. Returns medians by name.
 */
export function interleaved(commands, { runs = 21, warmup = 3, env = benchEnv(), perCommandEnv = {} } = {}) {
  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const [name, [command, args]] of Object.entries(commands)) {
      const ms = timeCommand(command, args, perCommandEnv[name] ? { ...env, ...perCommandEnv[name] } : env);
      if (round >= warmup) samples[name].push(ms);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

/** Print a readable table of figures, then the machine-readable result line. */
export function report(bench, figures) {
  const rows = figures.map((f) => [
    f.name,
    `${round(f.value)} ${f.unit}`,
    f.target ?? '',
    f.met === undefined ? '' : f.met ? 'met' : 'MISSED',
  ]);
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...rows.map((r) => r[i].length), ['figure', 'value', 'target', ''][i].length),
  );
  const line = (r) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(['figure', 'value', 'target', '']));
  for (const r of rows) console.log(line(r));
  console.log(JSON.stringify({ bench, figures }));
}

export function round(value) {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}

/** The bench's environment (no NODE_EXTRA_CA_CERTS), without the developer's PWCTL_* settings. */
export function childEnv(extra = {}) {
  const env = benchEnv(extra);
  for (const key of Object.keys(env)) if (key.startsWith('PWCTL_') && !(key in extra)) delete env[key];
  return env;
}

/**
 * A sandbox holding only `tasks` generated tasks (the seed emptied), answering `rateLimit`
 * requests a window; `controlApi` lets the bench change its state between runs.
 */
export function startSandboxOfTasks(tasks, { rateLimit = 1_000_000, controlApi = false } = {}) {
  return startSandbox([
    '--seed',
    'empty',
    '--extra-steps',
    String(tasks),
    ...(controlApi ? ['--control-api'] : []),
    '--rate-limit',
    String(rateLimit),
  ]);
}

/** Start `pwctl sandbox serve` on a free port; resolves with its base URL and role tokens once ready. */
export function startSandbox(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '-o', 'json', '-q', ...args], {
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      if (!buffered.includes('\n')) return;
      try {
        const ready = JSON.parse(buffered.split('\n')[0]);
        resolve({ child, baseUrl: ready.base_url, tokens: ready.tokens });
      } catch {
        reject(new Error(`sandbox ready line is not JSON: ${buffered}`));
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`sandbox exited early (${code})`)));
  });
}

const GNU_TIME = '/usr/bin/time';

/**
 * Start the CLI with `args` (under GNU `time -v` when it is installed, for the peak RSS).
 * `onStdout` sees each chunk; resolves with the exit code, wall time, stderr and peak RSS.
 */
export function spawnMeasured(args, env, onStdout = () => {}) {
  const useTime = existsSync(GNU_TIME);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = useTime
      ? spawn(GNU_TIME, ['-v', process.execPath, BIN, ...args], {
          env: childEnv(env),
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, [BIN, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', (chunk) => onStdout(chunk, performance.now() - started));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      resolve({ code, ms: performance.now() - started, stderr, rssKb: m ? Number(m[1]) : null });
    });
  });
}

/**
 * The Node binaries a bench compares: the one running it, plus the major versions named in
 * PWCTL_BENCH_NODES (e.g. `22,24`), fetched from the npm registry by scripts/node-versions.mjs.
 */
export async function benchNodes() {
  const own = process.versions.node.split('.')[0];
  const nodes = [{ name: `node ${own}`, bin: process.execPath }];
  // The running Node's major, named again, is the running Node: once is enough.
  const extra = (process.env.PWCTL_BENCH_NODES ?? '').split(',').filter((major) => major !== '' && major !== own);
  if (extra.length > 0) {
    const { nodeBinary } = await import('../scripts/node-versions.mjs');
    for (const major of extra) nodes.push({ name: `node ${major}`, bin: nodeBinary(major) });
  }
  return nodes;
}

/**
 * Writes the floor pwctl's one GET is measured against: the least a Node program does to print
 * the record. CommonJS, as such a script is usually written (an ES import of node:http also
 * loads all of its lazy exports). Returns its path.
 */
export function writeBareHttpScript(dir, url, token) {
  const path = join(dir, 'bare-http.cjs');
  writeFileSync(
    path,
    `const http = require('node:http');
http.get(${JSON.stringify(url)}, { headers: { authorization: 'Bearer ${token}', accept: 'application/json' } }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (body += c));
  res.on('end', () => process.stdout.write(JSON.stringify(JSON.parse(body).data, null, 2) + '\\n'));
});
`,
  );
  return path;
}
