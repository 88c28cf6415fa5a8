#!/usr/bin/env node
// MCP server: the size of tools/list (read-only and with --allow-writes); the time from
// spawning `pwctl mcp` to its answer to `initialize`, interleaved with `pwctl --help`
// (target <= 2x, same run); and one steps_get call inside a warm server against a sandbox
// already running on loopback (target <= 5 ms, median). Raw JSON-RPC lines over stdio, so
// the figures are the server's, not a client library's. Run `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BIN, childEnv, median, report, startSandbox } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const CALLS = 200;
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
};

/** A running `pwctl [globals] mcp [flags]`: send a request, await its answer by id. */
function startServer(globals, env, flags = []) {
  const child = spawn(process.execPath, [BIN, ...globals, 'mcp', ...flags], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = new Map();
  child.on('exit', (code) => {
    if (code === 0) return;
    for (const fail of waiting.values()) fail({ error: `pwctl mcp exited ${code}` });
    waiting.clear();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  let next = 1;
  return {
    child,
    request(method, params, id = next++) {
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    },
    notify(method) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
    },
    stop() {
      child.stdin.end();
      return new Promise((resolve) => child.on('close', resolve));
    },
  };
}

/** ms from spawn to the initialize answer. */
async function timeInitialize(env) {
  const started = performance.now();
  const server = startServer(['--sandbox'], env);
  await server.request(INITIALIZE.method, INITIALIZE.params, 0);
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

function timeHelp(env) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, '--help'], { env, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`pwctl --help exited ${result.status}`);
  return performance.now() - started;
}

async function toolsListBytes(env, flags) {
  const server = startServer(['--sandbox'], env, flags);
  await server.request(INITIALIZE.method, INITIALIZE.params, 0);
  const answer = await server.request('tools/list', {});
  await server.stop();
  return { bytes: Buffer.byteLength(JSON.stringify(answer.result)), tools: answer.result.tools.length };
}

// An isolated config dir: --sandbox keeps its state there. The embedded sandbox starts only
// after initialize (or at the first call), so it is not in the initialize time.
const env = childEnv({ PWCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'pwctl-bench-mcp-')) });
const readOnly = await toolsListBytes(env, []);
const writes = await toolsListBytes(env, ['--allow-writes']);

const samples = { init: [], help: [] };
for (let round = 0; round < RUNS + 2; round++) {
  const init = await timeInitialize(env);
  const help = timeHelp(env);
  if (round >= 2) {
    samples.init.push(init);
    samples.help.push(help);
  }
}
const initMs = median(samples.init);
const helpMs = median(samples.help);

const sandbox = await startSandbox(['--rate-limit', '1000000']);
let callMs;
try {
  const server = startServer(
    [],
    childEnv({
      PWCTL_BASE_URL: sandbox.baseUrl,
      PWCTL_TOKEN: sandbox.tokens.manager,
      PWCTL_CONFIG_DIR: env.PWCTL_CONFIG_DIR,
    }),
  );
  await server.request(INITIALIZE.method, INITIALIZE.params, 0);
  server.notify('notifications/initialized');
  const call = () => server.request('tools/call', { name: 'steps_get', arguments: { id: 101 } });
  // Warm: connection open, schema compiled, code optimised.
  for (let i = 0; i < 50; i++) {
    const answer = await call();
    if (answer.result?.isError) throw new Error(`steps_get failed: ${answer.result.content[0].text}`);
  }
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  callMs = median(times);
  await server.stop();
} finally {
  sandbox.child.kill('SIGTERM');
}

console.log(
  `initialize and --help: median of ${RUNS} interleaved runs; steps_get: median of ${CALLS} calls after 50 warm-up calls`,
);
report('mcp', [
  {
    name: `tools/list, read-only (${readOnly.tools} tools)`,
    value: readOnly.bytes,
    unit: 'bytes',
    target: 'informational',
  },
  {
    name: `tools/list, --allow-writes (${writes.tools} tools)`,
    value: writes.bytes,
    unit: 'bytes',
    target: 'informational',
  },
  { name: 'pwctl --help', value: helpMs, unit: 'ms' },
  { name: 'spawn to initialize answer', value: initMs, unit: 'ms' },
  { name: 'initialize / --help', value: initMs / helpMs, unit: 'x', target: '<= 2x', met: initMs / helpMs <= 2 },
  { name: 'steps_get in a warm server', value: callMs, unit: 'ms', target: '<= 5 ms', met: callMs <= 5 },
]);
