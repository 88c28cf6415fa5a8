#!/usr/bin/env node
// `npm run bench`: runs every benchmark script in turn (each in its own process, stopped after
// two minutes, or its own limit, NODE_EXTRA_CA_CERTS removed from its environment), shows its output as it
// goes, reads the result line each script ends with ({"bench","figures":[…]}), and prints one
// table of every figure: value, target, met or MISSED.
//
//   npm run bench                      all scripts
//   node bench/run.mjs startup table   only these (after `npm run build`)
//
// Exit status: 0 when every script ran to its result line, even if a target was missed (a
// missed target is a finding, reported in the table); 1 when a script crashed, timed out or
// printed no result line.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, benchEnv, round } from './lib.mjs';

// In the order of the figures: 1-6 from issue 9, then issue 16's (export, import), issue 15's (mcp, jq) and issue 26's (restore).
const SCRIPTS = [
  { name: 'startup', figure: 1 },
  { name: 'one-request', figure: 2 },
  // issue 33's: why one GET scavenges and the bare node:http script does not.
  { name: 'scavenge', figure: 2 },
  { name: 'steps-list', figure: 3 },
  { name: 'table', figure: 3 },
  { name: 'formats', figure: 3 },
  { name: 'steps-bulk', figure: 4 },
  { name: 'listen', figure: 5 },
  { name: 'completion', figure: 6 },
  { name: 'export', figure: 7 },
  { name: 'import', figure: 8 },
  { name: 'mcp', figure: 9 },
  { name: 'jq', figure: 10 },
  // 37 windows of a time-scaled rate limit cannot be hurried: see bench/restore.mjs.
  { name: 'restore', figure: 11, timeLimitMs: 270_000 },
  // issue 24's: the picker at 20,000 tasks, and the structure lists' requests.
  { name: 'picker', figure: 12 },
  { name: 'structure', figure: 13 },
  // issue 32's: --sort with --limit reads every page.
  { name: 'steps-sort', figure: 14 },
];
const TIME_LIMIT_MS = 120_000;
// A pause between scripts, so one script's teardown (sandboxes exiting, output flushed to
// disk) does not land in the next script's first timings.
const SETTLE_MS = 2_000;

// Scripts run in their own process group (so a timeout can stop the sandboxes they started);
// Ctrl-C or a kill of the runner must reach that group too.
let current;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    if (current) {
      try {
        process.kill(-current.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(code);
  });
}

/** Run one script, echoing its output; resolves with its exit code, time and last result line. */
function runScript(path, timeLimitMs = TIME_LIMIT_MS) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path], {
      cwd: ROOT,
      env: benchEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    current = child;
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    let timedOut = false;
    // The script's whole process group: a sandbox it started must not outlive it.
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeLimitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, error: error.message, ms: performance.now() - started });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      resolve({ code, signal, timedOut, ms: performance.now() - started, result: lastResultLine(out) });
    });
  });
}

function lastResultLine(text) {
  const lines = text.trim().split('\n').reverse();
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(line);
      if (typeof parsed.bench === 'string' && Array.isArray(parsed.figures)) return parsed;
    } catch {
      // not the result line
    }
  }
  return undefined;
}

function printTable(rows) {
  const header = ['fig', 'bench', 'figure', 'value', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SCRIPTS.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`error: unknown bench ${unknown.join(', ')}; known: ${SCRIPTS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
if (!existsSync(BIN) || !existsSync(join(ROOT, 'dist', 'cli.cjs'))) {
  console.error('error: dist/ is missing; run `npm run build` first (npm run bench does)');
  process.exit(2);
}

const rows = [];
const problems = [];
let met = 0;
let missed = 0;
for (const script of SCRIPTS.filter((s) => wanted.length === 0 || wanted.includes(s.name))) {
  const path = join(ROOT, 'bench', `${script.name}.mjs`);
  const fig = String(script.figure);
  if (!existsSync(path)) {
    rows.push([fig, script.name, '-', '-', '-', 'not run: missing']);
    continue;
  }
  if (rows.length > 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  console.log(`\n== ${script.name} (figure ${script.figure}) ==`);
  const run = await runScript(path, script.timeLimitMs);
  const seconds = `${Math.round(run.ms / 1000)} s`;
  if (run.timedOut || run.code !== 0 || !run.result) {
    const why = run.timedOut
      ? `timed out after ${(script.timeLimitMs ?? TIME_LIMIT_MS) / 1000} s`
      : run.code !== 0
        ? `exit ${run.code ?? run.signal ?? run.error}`
        : 'no result line';
    problems.push(`${script.name}: ${why}`);
    rows.push([fig, script.name, '-', '-', '-', `CRASHED (${why})`]);
    continue;
  }
  console.log(`(${script.name}: ${seconds})`);
  for (const f of run.result.figures) {
    const result = f.met === undefined ? '' : f.met ? 'met' : 'MISSED';
    if (f.met === true) met++;
    if (f.met === false) missed++;
    rows.push([fig, run.result.bench, f.name, `${round(f.value)} ${f.unit}`, String(f.target ?? ''), result]);
  }
}

console.log('\n== summary ==');
printTable(rows);
console.log(
  `\n${met} targets met, ${missed} missed${problems.length ? `; ${problems.length} script(s) failed: ${problems.join('; ')}` : ''}`,
);
process.exit(problems.length > 0 ? 1 : 0);
