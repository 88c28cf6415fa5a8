#!/usr/bin/env node
// One request, side by side with its peers: `GET /api/v1/steps/101` against a sandbox on
// loopback, by curl, by gh (`gh api`, GitHub's CLI, a Go binary — the peer users compare us
// with), by a bare node:http script that prints the record, and by `pwctl steps get 101 -o
// json` — on every Node version given, interleaved in one run; medians. Then a loop of 100
// `steps get` with different ids, as a shell script would run them, against the same loop of
// `gh api`.
//
//   node bench/one-request.mjs                       the running node only
//   PWCTL_BENCH_NODES=22,24 node bench/one-request.mjs   also Node 22 and 24 (fetched from
//                                                    the npm registry by scripts/node-versions.mjs)
//   PWCTL_BENCH_BASELINE=<checkout> …                also an earlier build (its bin/pwctl.js), for
//                                                    `steps get` and `--help`
//
// Targets (issue 33): on Node 22, 24 and 26, pwctl ≤ 1.2x gh and ≤ 1.2x the bare node:http
// script, in the same run (Node 20 is reported, not held to them); the loop ≤ 1.2x gh's loop.
// gh and curl are skipped, with a note, where they are not installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchNodes, BIN, childEnv, median, report, startSandbox, writeBareHttpScript } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const LOOP = 100;
const LOOP_ROUNDS = Number(process.env.BENCH_LOOP_ROUNDS ?? 3);
/** pwctl's time over gh's and over the bare script's, at most (issue 33). */
const TARGET = 1.2;

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const nodes = await benchNodes();
const baseline = process.env.PWCTL_BENCH_BASELINE;

const sandbox = await startSandbox(['--rate-limit', '1000000']);
try {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-bench-'));
  const url = `${sandbox.baseUrl}/api/v1/steps/101`;
  const token = sandbox.tokens.manager;
  const bare = writeBareHttpScript(dir, url, token);
  // Each pwctl run has the config directory and cache of a user who has run it before.
  const env = childEnv({
    PWCTL_BASE_URL: sandbox.baseUrl,
    PWCTL_TOKEN: token,
    PWCTL_CONFIG_DIR: dir,
    HOME: dir,
    GH_TOKEN: 'unused',
    GH_CONFIG_DIR: join(dir, 'gh'),
  });
  const ghArgs = (id) => ['api', `${sandbox.baseUrl}/api/v1/steps/${id}`, '-H', `Authorization: Bearer ${token}`];

  const commands = {};
  if (has('curl')) commands.curl = ['curl', ['-sf', '-H', `Authorization: Bearer ${token}`, url]];
  if (has('gh')) commands.gh = ['gh', ghArgs(101)];
  for (const node of nodes) {
    commands[`${node.name}: node -e 0`] = [node.bin, ['-e', '0']];
    commands[`${node.name}: bare node:http`] = [node.bin, [bare]];
    commands[`${node.name}: pwctl`] = [node.bin, [BIN, 'steps', 'get', '101', '-o', 'json']];
    if (baseline) {
      commands[`${node.name}: pwctl (baseline)`] = [
        node.bin,
        [join(baseline, 'bin', 'pwctl.js'), 'steps', 'get', '101', '-o', 'json'],
      ];
      // --help builds the whole command tree: the start-up the declarations cost.
      commands[`${node.name}: pwctl --help`] = [node.bin, [BIN, '--help']];
      commands[`${node.name}: pwctl --help (baseline)`] = [node.bin, [join(baseline, 'bin', 'pwctl.js'), '--help']];
    }
  }
  const samples = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let round = -2; round < RUNS; round++) {
    for (const [name, [command, args]] of Object.entries(commands)) {
      const ms = time(command, args, env);
      if (round >= 0) samples[name].push(ms);
    }
  }
  const ms = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));

  const figures = Object.entries(ms).map(([name, value]) => ({ name, value, unit: 'ms' }));
  for (const node of nodes) {
    const pwctl = ms[`${node.name}: pwctl`];
    const vsBare = pwctl / ms[`${node.name}: bare node:http`];
    // Node 20 is reported beside the others, without a target.
    const held = !/^node 20$/.test(node.name);
    figures.push({
      name: `${node.name}: pwctl / bare node:http`,
      value: vsBare,
      unit: 'x',
      ...(held ? { target: '<= 1.2x', met: vsBare <= TARGET } : {}),
    });
    if (ms.gh)
      figures.push({
        name: `${node.name}: pwctl / gh`,
        value: pwctl / ms.gh,
        unit: 'x',
        ...(held ? { target: '<= 1.2x', met: pwctl / ms.gh <= TARGET } : {}),
      });
    if (baseline) {
      const vsBase = pwctl / ms[`${node.name}: pwctl (baseline)`];
      figures.push({
        name: `${node.name}: pwctl / baseline build`,
        value: vsBase,
        unit: 'x',
        target: '<= 1.0x',
        met: vsBase <= 1.0,
      });
      const helpVsBase = ms[`${node.name}: pwctl --help`] / ms[`${node.name}: pwctl --help (baseline)`];
      figures.push({
        name: `${node.name}: --help / baseline build`,
        value: helpVsBase,
        unit: 'x',
        target: '<= 1.0x',
        met: helpVsBase <= 1.0,
      });
    }
  }

  // The loop: 100 different ids in a row, each a new process, as `for id in …` runs them.
  if (ms.gh && LOOP_ROUNDS > 0) {
    const ids = Array.from({ length: LOOP }, (_, i) => 101 + (i % 26));
    const loops = { gh: [] };
    for (const node of nodes) loops[node.name] = [];
    for (let round = 0; round < LOOP_ROUNDS; round++) {
      loops.gh.push(ids.reduce((sum, id) => sum + time('gh', ghArgs(id), env), 0));
      for (const node of nodes)
        loops[node.name].push(
          ids.reduce((sum, id) => sum + time(node.bin, [BIN, 'steps', 'get', String(id), '-o', 'json'], env), 0),
        );
    }
    const ghLoop = median(loops.gh);
    figures.push({ name: `loop of ${LOOP}: gh api`, value: ghLoop, unit: 'ms' });
    for (const node of nodes) {
      const loop = median(loops[node.name]);
      figures.push({ name: `loop of ${LOOP}: ${node.name}: pwctl`, value: loop, unit: 'ms' });
      figures.push({
        name: `loop of ${LOOP}: ${node.name}: pwctl / gh`,
        value: loop / ghLoop,
        unit: 'x',
        target: '<= 1.2x',
        met: loop / ghLoop <= TARGET,
      });
    }
  } else if (!ms.gh) {
    console.log('gh is not installed (Debian: apt-get install gh): the peer and the loop are skipped');
  }
  report('one-request', figures);
} finally {
  sandbox.child.kill('SIGTERM');
}

function time(command, args, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}
