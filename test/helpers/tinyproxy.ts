// A real proxy for the network tests: Debian's tinyproxy, started on a free loopback port
// with its own config and log file (`.ci/run` installs it). And a host name that is not
// loopback by name but resolves to 127.0.0.1, so requests to the sandbox are proxied
// (pwctl never proxies localhost or loopback addresses): an /etc/hosts alias, added once.
//
//   const reason = proxySetupProblem();      // undefined when tinyproxy and the alias work
//   const proxy = await startTinyproxy({ basicAuth: ['alice', 'secret'] });
//   proxy.requests()                          // ["GET http://pwctl-sandbox.test:…/api/v1/steps?…", …]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A name reserved for testing (RFC 6761) that the set-up points at 127.0.0.1. */
export const ALIAS_HOST = 'pwctl-sandbox.test';

export interface RunningProxy {
  url: string;
  port: number;
  /** The request lines tinyproxy logged, in order: "GET http://host:port/path HTTP/1.1" without the version, "CONNECT host:port". */
  requests(): string[];
  close(): Promise<void>;
}

/** Why the proxy tests cannot run here, or undefined when they can. */
export function proxySetupProblem(): string | undefined {
  if (spawnSync('sh', ['-c', 'command -v tinyproxy']).status !== 0)
    return "tinyproxy is not installed (Debian's package: apt-get install -y tinyproxy)";
  return ensureHostAlias();
}

/** Make ALIAS_HOST resolve to 127.0.0.1, through /etc/hosts (CI runs as root). Idempotent. */
function ensureHostAlias(): string | undefined {
  if (resolvesToLoopback()) return undefined;
  try {
    appendFileSync('/etc/hosts', `127.0.0.1 ${ALIAS_HOST}\n`);
  } catch (error) {
    return `cannot add ${ALIAS_HOST} to /etc/hosts (${(error as { code?: string }).code ?? 'error'}); run as root or add "127.0.0.1 ${ALIAS_HOST}" to it`;
  }
  return resolvesToLoopback() ? undefined : `${ALIAS_HOST} does not resolve to 127.0.0.1 after adding it to /etc/hosts`;
}

function resolvesToLoopback(): boolean {
  const result = spawnSync('getent', ['hosts', ALIAS_HOST], { encoding: 'utf8' });
  if (result.status === 0) return /^127\.0\.0\.1\s/m.test(result.stdout);
  return readFileSync('/etc/hosts', 'utf8')
    .split('\n')
    .some((line) => new RegExp(`^127\\.0\\.0\\.1\\s.*\\b${ALIAS_HOST.replace(/\./g, '\\.')}\\b`).test(line));
}

/** A port nothing listens on right now (for the proxy, or for "connection refused"). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startTinyproxy(
  options: { basicAuth?: [user: string, password: string] } = {},
): Promise<RunningProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-tinyproxy-'));
  const port = await freePort();
  const logFile = join(dir, 'tinyproxy.log');
  const config = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Timeout 30',
    `LogFile "${logFile}"`,
    // Connect level logs each request line ("Request (file descriptor 5): GET http://…").
    'LogLevel Connect',
    'MaxClients 100',
    ...(options.basicAuth ? [`BasicAuth ${options.basicAuth[0]} ${options.basicAuth[1]}`] : []),
  ];
  const configFile = join(dir, 'tinyproxy.conf');
  writeFileSync(configFile, `${config.join('\n')}\n`);
  writeFileSync(logFile, '');
  const child = spawn('tinyproxy', ['-d', '-c', configFile], { stdio: 'ignore' });
  await waitForPort(port, child);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: () =>
      [...readFileSync(logFile, 'utf8').matchAll(/Request \(file descriptor \d+\): (\S+ \S+)/g)].map((m) => m[1]!),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`tinyproxy exited with ${child.exitCode} before listening`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`tinyproxy did not listen on ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
