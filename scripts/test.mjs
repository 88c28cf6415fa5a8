#!/usr/bin/env node
// `npm test`: the type check, the lint, the layers check, the build, the bundle check and the
// whole suite. The type check (tsc, about 15 s on one core) needs none of the others, so it runs
// beside them, in time the suite leaves idle while its tests wait on servers and processes; what
// it prints is held and shown if it fails. Any step that fails fails the run (exit 1), naming
// it, and a failed type check stops the step it interrupts. Arguments go to vitest
// (`npm test -- test/unit`).
import { spawn } from 'node:child_process';

const SEQUENCE = [
  ['biome', ['check', '.']],
  ['node', ['scripts/check-layers.mjs']],
  ['node', ['scripts/build.mjs']],
  ['node', ['scripts/check-bundle.mjs']],
  ['vitest', ['run', ...process.argv.slice(2)]],
];

/** Starts `command` (node, or a binary of node_modules/.bin, which npm puts on PATH); `done` resolves with its exit status and, when quiet, its output. */
function run(command, args, { quiet = false } = {}) {
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // The .cmd shims npm writes on Windows start only through a shell.
    shell: process.platform === 'win32' && command !== 'node',
  });
  let output = '';
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve({ status: 1, output: `${output}${command}: ${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output }));
  });
  return { child, done };
}

const typeCheck = run('tsc', ['--noEmit'], { quiet: true });
let current;
let typeCheckFailed = false;
typeCheck.done.then(({ status }) => {
  if (status === 0) return;
  typeCheckFailed = true;
  current?.child.kill('SIGTERM');
});

let failed;
for (const [command, args] of SEQUENCE) {
  if (typeCheckFailed) break;
  current = run(command, args);
  const { status } = await current.done;
  if (status !== 0 && !typeCheckFailed) {
    failed = `${command} ${args.join(' ')}`;
    break;
  }
}
current = undefined;
if (failed) typeCheck.child.kill('SIGTERM');
const types = await typeCheck.done;
if (types.status !== 0 && !failed) {
  process.stderr.write(types.output);
  process.stderr.write('npm test: the type check (tsc --noEmit) failed\n');
  process.exit(1);
}
if (failed) {
  process.stderr.write(`npm test: ${failed} failed\n`);
  process.exit(1);
}
