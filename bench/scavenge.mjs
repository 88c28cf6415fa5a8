#!/usr/bin/env node
// Why one `steps get` pays for a scavenge that the bare node:http script never does (issue 33;
// BENCHMARKS.md figure 2, fifth pass). For each Node version:
//
//   1. Young memory. A preload (never a V8 flag: any flag makes V8 reject every code cache,
//      Node's own built-ins' included) notes the new-space bytes allocated when the first
//      socket connects — the run's first turn of the event loop — and where each scavenge
//      came and what it cost (v8.GCProfiler), for pwctl and for the bare script.
//   2. V8's trigger. The bare script again, with a preload that allocates more and more young
//      objects before it starts: the most it may have allocated at its first turn without a
//      scavenge, and the least with one. V8 posts a scavenge as a task once the young
//      generation is about 80% full, and the task runs at the next turn; the young generation's
//      1 MB limit is only the last resort.
//
//   node bench/scavenge.mjs                          the running node only
//   PWCTL_BENCH_NODES=22,24,26 node bench/scavenge.mjs   also those (scripts/node-versions.mjs)
//
// Reported, not held to a target.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchNodes, BIN, childEnv, report, startSandbox, writeBareHttpScript } from './lib.mjs';

/** The preload's steps, in kB of young objects allocated before the bare script starts. */
const STEPS = Array.from({ length: 16 }, (_, i) => i * 20);

const dir = mkdtempSync(join(tmpdir(), 'pwctl-scavenge-'));
const probe = join(dir, 'probe.cjs');
writeFileSync(
  probe,
  `// The young bytes allocated by the first connect, and every scavenge, on stderr at exit.
const v8 = require('node:v8');
const net = require('node:net');
const newSpace = (spaces) => spaces.find((s) => (s.spaceName ?? s.space_name) === 'new_space');
const used = () => newSpace(v8.getHeapSpaceStatistics()).space_used_size;
// Young bytes allocated and the scavenges, over the GCs a profiler saw and the bytes since.
let allocated = 0;
let after = 0;
const scavenges = [];
const tally = (profiler) => {
  for (const gc of profiler.stop().statistics) {
    const before = newSpace(gc.beforeGC.heapSpaceStatistics).spaceUsedSize;
    allocated += before - after;
    after = newSpace(gc.afterGC.heapSpaceStatistics).spaceUsedSize;
    if (gc.gcType === 'Scavenge') scavenges.push({ at: allocated, survivors: after, ms: gc.cost / 1000 });
  }
  return allocated + used() - after;
};
// Node 24's profiler leaves out a GC made before the first heap-space statistics were asked for.
used();
let profiler = new v8.GCProfiler();
profiler.start();
let atConnect = null;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  if (atConnect === null) {
    atConnect = tally(profiler);
    profiler = new v8.GCProfiler();
    profiler.start();
  }
  return connect.apply(this, args);
};
process.on('exit', () => {
  const total = tally(profiler);
  process.stderr.write('SCAVENGE ' + JSON.stringify({ atConnect, allocated: total, scavenges }) + '\\n');
});
`,
);
const alloc = join(dir, 'alloc.cjs');
writeFileSync(
  alloc,
  `// ALLOC_KB kB of small young objects before the script runs, every other one kept alive.
const kept = [];
for (let i = 0; i < (Number(process.env.ALLOC_KB) * 1024) / 64; i++) {
  const object = { a: i, b: i, c: i, d: i, e: i, f: i, g: i, h: i, i, j: i, k: i, l: i };
  if (i % 2 === 0) kept.push(object);
}
globalThis.keptByPreload = kept;
`,
);

const sandbox = await startSandbox(['--rate-limit', '1000000']);
try {
  const url = `${sandbox.baseUrl}/api/v1/steps/101`;
  const token = sandbox.tokens.manager;
  const bare = writeBareHttpScript(dir, url, token);
  const env = childEnv({ PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: token, PWCTL_CONFIG_DIR: dir, HOME: dir });
  const kb = (bytes) => Math.round(bytes / 1024);
  const measure = (node, args, extra = {}) => {
    const result = spawnSync(node.bin, ['-r', probe, ...args], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const line = /^SCAVENGE (.*)$/m.exec(result.stderr.toString());
    if (result.status !== 0 || !line) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    return JSON.parse(line[1]);
  };

  const figures = [];
  for (const node of await benchNodes()) {
    // pwctl's code caches are written by its first runs.
    for (let i = 0; i < 2; i++) measure(node, [BIN, 'steps', 'get', '101', '-o', 'json']);
    for (const [name, args] of [
      ['pwctl', [BIN, 'steps', 'get', '101', '-o', 'json']],
      ['bare node:http', [bare]],
    ]) {
      const run = measure(node, args);
      const first = run.scavenges[0];
      figures.push({
        name: `${node.name}: ${name}: young kB at the first connect`,
        value: kb(run.atConnect),
        unit: 'kB',
      });
      figures.push({ name: `${node.name}: ${name}: young kB in all`, value: kb(run.allocated), unit: 'kB' });
      figures.push({
        name: `${node.name}: ${name}: scavenges (first at kB, survivors kB, ms)`,
        value: run.scavenges.length,
        unit: first ? `(${kb(first.at)}, ${kb(first.survivors)}, ${first.ms.toFixed(2)} ms)` : '',
      });
    }

    let under;
    let over;
    for (const step of STEPS) {
      const run = measure(node, ['-r', alloc, bare], { ALLOC_KB: String(step) });
      if (run.scavenges.length > 0) {
        over = { at: run.atConnect, scavengeAt: run.scavenges[0].at };
        break;
      }
      under = { at: run.atConnect };
    }
    if (!under || !over) {
      figures.push({ name: `${node.name}: the trigger was not found within ${STEPS.at(-1)} kB`, value: NaN, unit: '' });
      continue;
    }
    figures.push({
      name: `${node.name}: bare + preload: young kB at the first connect, none / one scavenge`,
      value: kb(under.at),
      unit: `/ ${kb(over.at)} kB (the scavenge at ${kb(over.scavengeAt)} kB)`,
    });
  }
  report('scavenge', figures);
} finally {
  sandbox.child.kill('SIGTERM');
}
