#!/usr/bin/env node
// RELIABILITY.md's figures for a service whose next links never end and never repeat (issue
// 34): every page brings new records and a link to the next one. For each paging command it
// prints what a run cost before pwctl stopped — exit code, requests, bytes the server wrote,
// seconds, peak resident memory — with the default page cap and a small one. Not a benchmark
// with a target (bench/run.mjs does not run it), and nothing here is asserted: the tests
// (test/reliability/hostile-page-cap.test.ts) hold the behaviour.
//
//   npm run build && node bench/endless-paging.mjs                 both caps, every command
//   PWCTL_BIN=/other/bin/pwctl.js KILL_AFTER_S=40 node bench/endless-paging.mjs   another build
//
// KILL_AFTER_S (default 120) ends a run that does not stop by itself. PER_PAGE (default 2) is
// how many records each page brings: the cost of a page is mostly its request. CAPS (default
// `default,50`) lists the caps to run with; ONLY=<text> runs the commands whose name holds it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, childEnv } from './lib.mjs';

const bin = process.env.PWCTL_BIN ?? BIN;
const killAfterMs = Number(process.env.KILL_AFTER_S ?? 120) * 1000;
const perPage = Number(process.env.PER_PAGE ?? 2);
const TIME = '/usr/bin/time';

/** A task-shaped record: phases and projects are read from tasks. */
const task = (n) => ({
  id: n,
  title: `Task ${n}`,
  completed: false,
  phase: { id: 40 + (n % 3), title: `Phase ${40 + (n % 3)}`, is_internal: false },
  project: { id: 31, title: 'Project 31' },
  client: { id: 21, title: 'Client 21' },
  company: { id: 1, title: 'Company 1' },
});

/** The endless list at /api/v1/steps; every other list is empty. Counts requests and bytes written. */
async function startEndless() {
  const stats = { requests: 0, bytes: 0 };
  const sockets = new Set();
  const server = createServer((req, res) => {
    stats.requests++;
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname !== '/api/v1/steps')
      return res.end('{"data":[],"links":{"next":null},"meta":{},"next_page_url":null}');
    const page = Number(url.searchParams.get('page') ?? 1);
    const data = Array.from({ length: perPage }, (_, i) => task((page - 1) * perPage + i + 1));
    res.end(
      JSON.stringify({
        data,
        links: { next: `http://${req.headers.host}/api/v1/steps?page=${page + 1}` },
        meta: { current_page: page, per_page: perPage },
      }),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      stats.bytes += socket.bytesWritten;
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stats,
    bytes: () => stats.bytes + [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** The peak resident memory (KiB) of pwctl running under `time`, read before a kill (Linux). */
function peakOfChildren(pid) {
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) {
      const peak = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child}/status`, 'utf8'));
      if (peak) return Number(peak[1]);
    }
  } catch {
    // Not Linux, or it has just ended: no figure.
  }
  return null;
}

/** One run: pwctl under GNU time (peak RSS), killed after KILL_AFTER_S. */
async function measure(name, args) {
  const server = await startEndless();
  const configDir = mkdtempSync(join(tmpdir(), 'pwctl-endless-'));
  const withTime = existsSync(TIME);
  const command = withTime ? TIME : process.execPath;
  const argv = withTime ? ['-f', 'peak-rss-kb %M', process.execPath, bin, ...args] : [bin, ...args];
  const started = performance.now();
  const child = spawn(command, argv, {
    env: childEnv({ PWCTL_CONFIG_DIR: configDir, PWCTL_BASE_URL: server.url, PWCTL_TOKEN: 'x-endless' }),
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: the kill reaches pwctl under `time` too.
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let killedAtKb = null;
  const timer = setTimeout(() => {
    killedAtKb = peakOfChildren(child.pid);
    process.kill(-child.pid, 'SIGKILL');
  }, killAfterMs);
  const code = await new Promise((resolve) => child.on('close', (status, signal) => resolve(status ?? signal)));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  await server.close();
  rmSync(configDir, { recursive: true, force: true });
  const rss = /peak-rss-kb (\d+)/.exec(stderr);
  const error = stderr.split('\n').find((line) => line.startsWith('error:')) ?? '';
  const row = {
    case: name,
    code,
    requests: server.stats.requests,
    bytes: server.bytes(),
    seconds: Number(seconds.toFixed(1)),
    peakRssMiB: rss ? Math.round(Number(rss[1]) / 1024) : killedAtKb && Math.round(killedAtKb / 1024),
    error: error.slice(0, 200),
  };
  console.log(JSON.stringify(row));
  return row;
}

const out = mkdtempSync(join(tmpdir(), 'pwctl-endless-export-'));
const commands = [
  ['steps list --all', ['steps', 'list', '--all', '-o', 'ndjson']],
  ['export', ['export', join(out, 'backup')]],
  ['api --paginate', ['api', '/steps', '--paginate']],
  ['phases list', ['phases', 'list']],
];
try {
  for (const cap of (process.env.CAPS ?? 'default,50').split(',')) {
    for (const [name, args] of commands.filter(([name]) => name.includes(process.env.ONLY ?? ''))) {
      rmSync(join(out, 'backup'), { recursive: true, force: true });
      const capArgs = cap === 'default' ? [] : ['--max-pages', cap];
      await measure(`${name}${cap === 'default' ? '' : ` --max-pages ${cap}`}`, [...args, ...capArgs]);
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
