#!/usr/bin/env node
// Benchmark of `pwctl webhooks listen`, with its delivery inbox on (the default) and off
// (--no-inbox), in the same run: verified deliveries per second at 10 connections (targets:
// >= 20,000/s without the inbox, >= 15,000/s with it, on the 2-core machine of
// BENCHMARKS.md), p99 latency at half of the inbox's rate (target <= 10 ms), memory over
// 100,000 deliveries (flat: growth <= 8 MB after V8 has sized its heap) and the inbox's size
// on disk after them (bounded: its newest 10,000 plus a segment). A bare node:http server that
// reads the whole body and answers 204 without verifying runs in the same run too, all three
// interleaved round by round; on a shared, noisy machine the ratios between them are the
// figures to trust.
//
//   npm run build && node bench/listen.mjs [--quick] [--format table|ndjson]
//
// Prints a table, then (last line) {"bench":"listen","figures":[{name,value,unit,target,met}]}.
// Load generator: node's own http client with keep-alive agents (no extra dependencies).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, benchEnv, median, percentile, report } from './lib.mjs';
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const FORMAT = args.includes('--format') ? args[args.indexOf('--format') + 1] : 'table';

// Every knob in one place. The whole run stays under two minutes on a 2-core machine.
const CONFIG = {
  secret: 'bench-secret-3f1c9a7d',
  // Many short interleaved windows, compared by their medians, resist a noisy neighbour.
  rounds: QUICK ? 2 : 6,
  warmupMs: QUICK ? 200 : 300,
  measureMs: QUICK ? 600 : 1_200,
  concurrencies: [1, 10],
  halfLoadMs: QUICK ? 1_000 : 1_500,
  halfLoadRounds: QUICK ? 1 : 3,
  memoryDeliveries: QUICK ? 30_000 : 100_000,
  // V8 sizes its heap during the first tens of thousands; "flat" is judged after that.
  memoryBaselineAt: QUICK ? 15_000 : 50_000,
  targets: { perSecond10: 20_000, perSecond10Inbox: 15_000, p99HalfMs: 10, memoryGrowthMb: 8 },
  // listen's default --inbox-size, and what a segment adds (src/webhooks/inbox/segments.ts).
  inboxSize: 10_000,
  inboxSegment: 1_000,
};

// ---- Deliveries: realistic ~2 KB task.tags_updated bodies, each one distinct -------------

const TEMPLATE = {
  id: 0,
  title: 'Prepare the quarterly client review deck with revenue, delivery and satisfaction figures',
  completed: false,
  published: true,
  is_approval: false,
  approval_status: null,
  due_date: '2025-06-30T00:00:00.000000Z',
  created_at: '2025-01-06T10:42:00.000000Z',
  updated_at: '',
  phase: { id: 41, title: 'Discovery and stakeholder alignment', is_internal: false },
  project: { id: 31, title: 'Acme Website Redesign and Content Migration' },
  client: { id: 11, title: 'Acme Corporation International' },
  company: { id: 1, title: 'Northwind Studio' },
  assignees: [
    { id: 1, name: 'Maya Patel' },
    { id: 2, name: 'Sam Rivera' },
    { id: 3, name: 'Chloe Martin' },
  ],
  tags: [
    { id: 61, name: 'urgent', color: 'mandarin' },
    { id: 62, name: 'design', color: 'orchid' },
    { id: 63, name: 'backend', color: 'steel' },
    { id: 64, name: 'copy', color: 'mint' },
    { id: 65, name: '2024', color: 'aqua' },
    { id: 68, name: 'blocked', color: 'pink' },
  ],
  added_tags: [{ id: 68, name: 'blocked', color: 'pink' }],
  removed_tags: [{ id: 66, name: 'legacy-review', color: 'coral' }],
  notes: 'Deliveries carry the full record; this field pads the body to a realistic size. '.repeat(9),
};

function makeDelivery(n) {
  const micros = String(n % 1_000_000).padStart(6, '0');
  const body = Buffer.from(JSON.stringify({ ...TEMPLATE, id: 1000 + n, updated_at: `2025-03-01T12:00:00.${micros}Z` }));
  return { body, signature: createHmac('sha256', CONFIG.secret).update(body).digest('hex') };
}

// Signed up front, so the load generator spends its time sending, not hashing. The pool is
// larger than listen's duplicate memory, so a delivery is forgotten before it comes round again.
const POOL = Array.from({ length: 25_000 }, (_, n) => makeDelivery(n));
let sequence = 0;
function nextDelivery() {
  return POOL[sequence++ % POOL.length];
}
const BODY_BYTES = POOL[0].body.length;

// ---- Servers under test ------------------------------------------------------------------

const BARE_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => { Buffer.concat(chunks); res.writeHead(204); res.end(); });
});
server.listen(0, '127.0.0.1', () => process.stderr.write('listening on http://127.0.0.1:' + server.address().port + '/\\n'));
process.on('SIGINT', () => server.close(() => process.exit(0)));
`;

function startChild(command, argv, stdoutFd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      stdio: ['ignore', stdoutFd ?? 'ignore', 'pipe'],
      env: benchEnv({ PWCTL_CONFIG_DIR: workDir }),
    });
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve({ child, url: new URL(m[1]), stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`${argv.join(' ')} exited ${code}: ${err}`)));
  });
}

function stopChild(server) {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', resolve);
    server.child.kill('SIGINT');
  });
}

/** CPU time (user + system) a process has used, in microseconds; Linux /proc. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}
const TICKS_PER_SECOND = 100;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

// ---- Load generator ----------------------------------------------------------------------

function send(agent, url, delivery) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': delivery.body.length,
          Signature: delivery.signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(delivery.body);
  });
}

/** `connections` closed loops for `ms`: each sends the next delivery when the last is answered. */
async function closedLoop(url, connections, ms, limit = Infinity) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let ok = 0;
  let sent = 0;
  const end = performance.now() + ms;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < end && sent < limit) {
      sent++;
      const delivery = nextDelivery();
      const t = performance.now();
      const status = await send(agent, url, delivery);
      latencies.push(performance.now() - t);
      if (status === 204) ok++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { perSecond: ok / seconds, ok, sent, latencies };
}

/**
 * Open loop at a fixed rate (deliveries go out on schedule whether or not earlier ones were
 * answered). Latency runs from the request's start to the end of its answer; on a small
 * machine the generator's own scheduling lag would otherwise swamp both servers' figures.
 */
async function fixedRate(url, perSecond, ms, connections = 10) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const pending = new Set();
  let ok = 0;
  let due = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - started;
      const shouldHave = Math.min(Math.floor((elapsed / 1000) * perSecond), Math.floor((ms / 1000) * perSecond));
      while (due < shouldHave) {
        due++;
        const delivery = nextDelivery();
        const sentAt = performance.now();
        const p = send(agent, url, delivery).then((status) => {
          latencies.push(performance.now() - sentAt);
          if (status === 204) ok++;
          pending.delete(p);
        });
        pending.add(p);
      }
      if (elapsed >= ms) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  await Promise.all(pending);
  agent.destroy();
  return { ok, sent: due, latencies };
}

// ---- Run ---------------------------------------------------------------------------------

const workDir = mkdtempSync(join(tmpdir(), 'pwctl-bench-listen-'));
const outputPath = join(workDir, 'deliveries.out');
// Where listen keeps its inbox with PWCTL_CONFIG_DIR=workDir (src/config/paths.ts dataDir).
const inboxDir = join(workDir, 'data', 'inbox', 'default');
const runStarted = performance.now();

/** listen with its inbox (the default) or without (--no-inbox), printing to the output file. */
async function startListen(inbox) {
  const fd = openSync(outputPath, 'a');
  const server = await startChild(
    process.execPath,
    [
      BIN,
      'webhooks',
      'listen',
      '--port',
      '0',
      '--secret',
      CONFIG.secret,
      '-q',
      '-o',
      FORMAT,
      ...(inbox ? [] : ['--no-inbox']),
    ],
    fd,
  );
  closeSync(fd);
  return server;
}

async function startBare() {
  return startChild(process.execPath, ['-e', BARE_SERVER]);
}

/** The inbox's segments on disk: their bytes and their records (lines). */
function inboxOnDisk() {
  let bytes = 0;
  let records = 0;
  for (const name of readdirSync(inboxDir).filter((n) => n.endsWith('.ndjson'))) {
    const data = readFileSync(join(inboxDir, name));
    bytes += data.length;
    for (let at = data.indexOf(10); at >= 0; at = data.indexOf(10, at + 1)) records++;
  }
  return { bytes, records };
}

const NAMES = ['bare', 'off', 'on'];
const LABELS = { bare: 'bare node:http', off: 'listen --no-inbox', on: 'listen (inbox)' };

async function main() {
  console.log(
    `webhooks listen benchmark: ${BODY_BYTES}-byte signed deliveries, listen output (${FORMAT}) to a file, inbox on and off, ${CONFIG.rounds} interleaved round(s)\n`,
  );
  const servers = { bare: await startBare(), off: await startListen(false), on: await startListen(true) };
  const throughput = Object.fromEntries(NAMES.map((n) => [n, {}]));
  const latency = Object.fromEntries(NAMES.map((n) => [n, {}]));
  // Server CPU per delivery: far steadier than throughput on a machine shared with others.
  const cpu = Object.fromEntries(NAMES.map((n) => [n, []]));

  for (const connections of CONFIG.concurrencies) {
    for (const name of NAMES) {
      throughput[name][connections] = [];
      latency[name][connections] = [];
    }
    for (let round = 0; round < CONFIG.rounds; round++) {
      // Each round starts with another server, so drift in the machine's load hits all alike.
      const order = NAMES.map((_, i) => NAMES[(i + round) % NAMES.length]);
      for (const name of order) {
        const server = servers[name];
        await closedLoop(server.url, connections, CONFIG.warmupMs);
        const cpuBefore = cpuMicros(server.child.pid);
        const result = await closedLoop(server.url, connections, CONFIG.measureMs);
        cpu[name].push((cpuMicros(server.child.pid) - cpuBefore) / result.ok);
        if (result.ok !== result.sent)
          throw new Error(`${name}: only ${result.ok} of ${result.sent} deliveries answered 204`);
        throughput[name][connections].push(result.perSecond);
        latency[name][connections].push(...result.latencies);
      }
    }
  }

  const best = (name, c) => median(throughput[name][c]);
  // Half of the inbox's rate, for both listeners: the same load, with and without it.
  const halfRate = Math.round(best('on', 10) / 2);
  const halfRounds = Object.fromEntries(NAMES.map((n) => [n, { p50: [], p99: [] }]));
  for (let round = 0; round < CONFIG.halfLoadRounds; round++) {
    for (const name of NAMES.map((_, i) => NAMES[(i + round) % NAMES.length])) {
      const result = await fixedRate(servers[name].url, halfRate, CONFIG.halfLoadMs);
      if (result.ok !== result.sent)
        throw new Error(`${name}: only ${result.ok} of ${result.sent} deliveries answered 204 at half load`);
      halfRounds[name].p50.push(percentile(result.latencies, 50));
      halfRounds[name].p99.push(percentile(result.latencies, 99));
    }
  }
  const half = Object.fromEntries(
    NAMES.map((n) => [n, { p50: median(halfRounds[n].p50), p99: median(halfRounds[n].p99) }]),
  );
  await stopChild(servers.bare);

  // Memory: a fresh listener of each kind, RSS after a warm-up share of the deliveries and after all of them.
  const memory = {};
  for (const name of ['off', 'on']) {
    await stopChild(servers[name]);
    const fresh = await startListen(name === 'on');
    await closedLoop(fresh.url, 10, 600_000, CONFIG.memoryBaselineAt);
    const baseline = rssMb(fresh.child.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(fresh.child.pid))), 100);
    const run = await closedLoop(fresh.url, 10, 600_000, CONFIG.memoryDeliveries - CONFIG.memoryBaselineAt);
    clearInterval(sampler);
    const end = rssMb(fresh.child.pid);
    if (run.ok !== run.sent) throw new Error(`memory run (${name}): not every delivery was answered 204`);
    await stopChild(fresh);
    memory[name] = { baseline, peak, end, growth: end - baseline };
  }
  // The inbox now holds what every inbox-on listener of this run kept; its bound holds regardless.
  const disk = inboxOnDisk();
  const recordBytes = disk.bytes / Math.max(1, disk.records);
  const recordBound = CONFIG.inboxSize + 2 * CONFIG.inboxSegment;
  const outputBytes = statSync(outputPath).size;

  const t = CONFIG.targets;
  const fmt = (n, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  const ratio = (a, b) => `${fmt(a / b, 2)}x`;
  const rows = [
    ['', LABELS.bare, LABELS.off, LABELS.on, 'inbox on / off', 'target (inbox on)'],
    [
      'deliveries/s, 1 connection',
      fmt(best('bare', 1)),
      fmt(best('off', 1)),
      fmt(best('on', 1)),
      ratio(best('on', 1), best('off', 1)),
      '',
    ],
    [
      'deliveries/s, 10 connections',
      fmt(best('bare', 10)),
      fmt(best('off', 10)),
      fmt(best('on', 10)),
      ratio(best('on', 10), best('off', 10)),
      `≥ ${fmt(t.perSecond10Inbox)}/s`,
    ],
    ['p50 latency, 1 connection (ms)', ...NAMES.map((n) => fmt(median(latency[n][1]), 3)), '', ''],
    ['p99 latency, 10 connections (ms)', ...NAMES.map((n) => fmt(percentile(latency[n][10], 99), 2)), '', ''],
    [
      'server CPU per delivery (µs)',
      ...NAMES.map((n) => fmt(median(cpu[n]), 1)),
      ratio(median(cpu.on), median(cpu.off)),
      '',
    ],
    [`p50 at ${fmt(halfRate)}/s (ms)`, ...NAMES.map((n) => fmt(half[n].p50, 3)), '', ''],
    [`p99 at ${fmt(halfRate)}/s (ms)`, ...NAMES.map((n) => fmt(half[n].p99, 2)), '', `≤ ${t.p99HalfMs} ms`],
    [
      `RSS at ${fmt(CONFIG.memoryBaselineAt)} → ${fmt(CONFIG.memoryDeliveries)} (MB)`,
      '',
      ...['off', 'on'].map(
        (n) => `${fmt(memory[n].baseline, 1)} → ${fmt(memory[n].end, 1)} (peak ${fmt(memory[n].peak, 1)})`,
      ),
      '',
      `growth ≤ ${t.memoryGrowthMb} MB`,
    ],
    [
      'inbox on disk at the end',
      '',
      '',
      `${fmt(disk.records)} records, ${fmt(disk.bytes / 1024 / 1024, 1)} MB`,
      '',
      `≤ ${fmt(recordBound)} records`,
    ],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows)
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  console.log(
    `\nlisten wrote ${fmt(outputBytes / 1024 / 1024, 1)} MB of output; the inbox ${fmt(recordBytes)} bytes a record; run took ${fmt((performance.now() - runStarted) / 1000, 1)} s on ${process.version}`,
  );

  report('listen', [
    {
      name: 'verified deliveries/s, 10 connections, inbox on',
      value: Math.round(best('on', 10)),
      unit: 'deliveries/s',
      target: `>= ${t.perSecond10Inbox}`,
      met: best('on', 10) >= t.perSecond10Inbox,
    },
    {
      name: 'verified deliveries/s, 10 connections, --no-inbox',
      value: Math.round(best('off', 10)),
      unit: 'deliveries/s',
      target: `>= ${t.perSecond10}`,
      met: best('off', 10) >= t.perSecond10,
    },
    {
      name: 'inbox on / off, deliveries/s at 10 connections',
      value: round(best('on', 10) / best('off', 10), 3),
      unit: 'x',
      target: `>= ${round(t.perSecond10Inbox / t.perSecond10, 2)} (the targets' ratio)`,
      met: best('on', 10) / best('off', 10) >= t.perSecond10Inbox / t.perSecond10,
    },
    {
      name: 'p99 latency at half the inbox rate, inbox on',
      value: round(half.on.p99, 3),
      unit: 'ms',
      target: `<= ${t.p99HalfMs} ms`,
      met: half.on.p99 <= t.p99HalfMs,
    },
    {
      name: 'p99 latency at half the inbox rate, --no-inbox',
      value: round(half.off.p99, 3),
      unit: 'ms',
      target: `<= ${t.p99HalfMs} ms`,
      met: half.off.p99 <= t.p99HalfMs,
    },
    {
      name: `RSS growth ${CONFIG.memoryBaselineAt} -> ${CONFIG.memoryDeliveries} deliveries, inbox on`,
      value: round(memory.on.growth, 1),
      unit: 'MB',
      target: `<= ${t.memoryGrowthMb} MB`,
      met: memory.on.growth <= t.memoryGrowthMb,
    },
    {
      name: `RSS growth ${CONFIG.memoryBaselineAt} -> ${CONFIG.memoryDeliveries} deliveries, --no-inbox`,
      value: round(memory.off.growth, 1),
      unit: 'MB',
      target: `<= ${t.memoryGrowthMb} MB`,
      met: memory.off.growth <= t.memoryGrowthMb,
    },
    {
      name: 'inbox records on disk after the run',
      value: disk.records,
      unit: 'records',
      target: `<= ${recordBound}`,
      met: disk.records <= recordBound,
    },
    {
      name: 'inbox bytes on disk after the run',
      value: round(disk.bytes / 1024 / 1024, 1),
      unit: 'MB',
      target: 'informational',
    },
    {
      name: 'CPU per delivery, inbox on / off',
      value: round(median(cpu.on) / median(cpu.off), 3),
      unit: 'x',
      target: 'informational',
    },
    {
      name: 'verified deliveries/s, 1 connection, inbox on / off',
      value: round(best('on', 1) / best('off', 1), 3),
      unit: 'x',
      target: 'informational',
    },
    {
      name: 'throughput vs bare server, 10 connections, inbox on',
      value: round(best('on', 10) / best('bare', 10), 3),
      unit: 'x',
      target: 'informational',
    },
    {
      name: 'throughput vs bare server, 10 connections, --no-inbox',
      value: round(best('off', 10) / best('bare', 10), 3),
      unit: 'x',
      target: 'informational',
    },
    {
      name: 'bare server deliveries/s, 10 connections',
      value: Math.round(best('bare', 10)),
      unit: 'deliveries/s',
      target: 'informational',
    },
    {
      name: 'p50 latency at half the inbox rate, inbox on',
      value: round(half.on.p50, 3),
      unit: 'ms',
      target: 'informational',
    },
    {
      name: 'p50 latency at half the inbox rate, --no-inbox',
      value: round(half.off.p50, 3),
      unit: 'ms',
      target: 'informational',
    },
    { name: 'CPU per delivery, inbox on', value: round(median(cpu.on), 1), unit: 'us', target: 'informational' },
    { name: 'CPU per delivery, --no-inbox', value: round(median(cpu.off), 1), unit: 'us', target: 'informational' },
  ]);
}

function round(n, digits) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

try {
  await main();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
