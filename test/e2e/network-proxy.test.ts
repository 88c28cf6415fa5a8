// Proxies from the environment, through a real proxy: tinyproxy on a loopback port, the
// sandbox reached under a name that is not loopback (pwctl-sandbox.test → 127.0.0.1 in
// /etc/hosts), so pwctl sends its requests through the proxy. What the proxy logged is
// compared with what the sandbox received. Skips, saying why, without tinyproxy or the alias.
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { makeConfigDir, registerSecret, runCli, runInProcess, expectOneErrorLine } from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { ALIAS_HOST, freePort, proxySetupProblem, startTinyproxy, type RunningProxy } from '../helpers/tinyproxy.js';

const problem = proxySetupProblem();
const PROXY_USER = 'proxyuser-7f3a';
const PROXY_PASSWORD = 'proxy-pass-5d1e9c';
const WRONG_PASSWORD = 'wrong-pass-a8b2c4';
registerSecret(PROXY_PASSWORD);
registerSecret(WRONG_PASSWORD);

let sb: RunningSandbox;
let proxy: RunningProxy;
let authProxy: RunningProxy;
let badGateway: Server;
let badGatewayUrl: string;
let closedPort: number;
let base: string;
let mark: number;

/** The requests the sandbox received since the test began, as path and query. */
function received() {
  return sb.requests.slice(mark).map((r) => ({ method: r.method, path: r.path, query: r.query }));
}

/** The requests `p` logged for the sandbox's alias since `before`, as path and query. */
function proxied(p: RunningProxy, before: number) {
  return p
    .requests()
    .slice(before)
    .filter((line) => line.includes(`//${ALIAS_HOST}:`))
    .map((line) => {
      const [method, target] = line.split(' ');
      const url = new URL(target!);
      return { method, path: url.pathname, query: Object.fromEntries(url.searchParams) };
    });
}

describe('help environment', () => {
  it('shows the proxy and certificate authority set-up', async () => {
    const { stdout, code } = await runInProcess(['help', 'environment']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Behind a proxy .*\n {2}export HTTPS_PROXY=http:\/\/user:password@proxy\.example\.com:3128\n {2}export NO_PROXY=\S+\n/m,
    );
    expect(stdout).toMatch(
      /^With your organisation's certificate authority .*\n {2}export PWCTL_CA_FILE=\S+ +# or: pwctl config set ca_file <file>\n {2}(# )?Node 22\.15\+/m,
    );
    for (const name of ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'PWCTL_CA_FILE', 'NODE_EXTRA_CA_CERTS'])
      expect(stdout).toMatch(new RegExp(`^ {2}${name} +\\S`, 'm'));
  });
});

describe.skipIf(problem)(`through tinyproxy${problem ? ` (skipped: ${problem})` : ''}`, () => {
  beforeAll(async () => {
    // Enough tasks for `steps list --all` to take three pages of 1000.
    sb = await startTestSandbox({ extraSteps: 2100 });
    base = `http://${ALIAS_HOST}:${new URL(sb.baseUrl).port}`;
    proxy = await startTinyproxy();
    authProxy = await startTinyproxy({ basicAuth: [PROXY_USER, PROXY_PASSWORD] });
    closedPort = await freePort();
    // A proxy that cannot reach anything: 502 to absolute-form requests and to CONNECT.
    badGateway = createServer((_req, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>'),
    );
    badGateway.on('connect', (_req, socket) => socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n'));
    await new Promise<void>((resolve) => badGateway.listen(0, '127.0.0.1', resolve));
    badGatewayUrl = `http://127.0.0.1:${(badGateway.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await Promise.all([
      sb?.close(),
      proxy?.close(),
      authProxy?.close(),
      new Promise((resolve) => badGateway?.close(resolve)),
    ]);
  });
  beforeEach(() => {
    mark = sb.requests.length;
  });

  const asManager = (extra: Record<string, string | undefined>) => ({
    env: { PWCTL_BASE_URL: base, PWCTL_TOKEN: sb.tokens.manager, ...extra },
  });

  it('sends every request of `steps list --all` through HTTP_PROXY, and --debug names the proxy on each', async () => {
    const before = proxy.requests().length;
    const result = await runInProcess(
      ['steps', 'list', '--all', '-o', 'ndjson', '--debug'],
      asManager({ HTTP_PROXY: proxy.url }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n').length).toBeGreaterThan(2000);

    const sent = received();
    expect(sent.length).toBe(3);
    expect(proxied(proxy, before)).toEqual(sent);

    const traced = result.stderr.split('\n').filter((line) => line.startsWith('debug: → GET'));
    expect(traced).toHaveLength(3);
    for (const line of traced)
      expect(line).toMatch(
        new RegExp(
          `^debug: → GET http://${ALIAS_HOST}:\\d+/api/v1/steps\\S* via proxy http://127\\.0\\.0\\.1:${proxy.port}$`,
        ),
      );
  });

  it('takes the OAuth renewal through the proxy too', async () => {
    const refreshToken = 'sbx_refresh_proxytest_4c7e1a9b2d';
    registerSecret(refreshToken);
    sb.state.auth.refresh_tokens[refreshToken] = { user_id: 1, client_id: 'pwctl' };
    const configDir = makeConfigDir();
    const file = join(configDir, 'config.json');
    // A stored OAuth sign-in whose access token has expired: pwctl renews before the request.
    writeFileSync(
      file,
      JSON.stringify({
        profiles: {
          default: {
            base_url: base,
            token: 'sbx_oauth_expired_0000000000',
            refresh_token: refreshToken,
            token_expires_at: '2020-01-01T00:00:00.000Z',
          },
        },
      }),
    );
    chmodSync(file, 0o600);
    const before = proxy.requests().length;

    const result = await runInProcess(['steps', 'get', '101', '-o', 'json'], {
      configDir,
      env: { HTTP_PROXY: proxy.url },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 101 });
    expect(received().map((r) => [r.method, r.path])).toEqual([
      ['POST', '/oauth/token'],
      ['GET', '/api/v1/steps/101'],
    ]);
    expect(proxied(proxy, before).map((r) => [r.method, r.path])).toEqual([
      ['POST', '/oauth/token'],
      ['GET', '/api/v1/steps/101'],
    ]);
  });

  it('checks the token of `auth login --with-token` through the proxy too', async () => {
    const before = proxy.requests().length;
    const result = await runInProcess(['auth', 'login', '--with-token', '--base-url', base], {
      stdin: `${sb.tokens.member}\n`,
      env: { HTTP_PROXY: proxy.url },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(proxied(proxy, before).map((r) => r.path)).toEqual(['/api/v1/steps']);
    expect(received().map((r) => r.path)).toEqual(['/api/v1/steps']);
  });

  it('goes direct to a host NO_PROXY names (the proxy, a closed port, would refuse)', async () => {
    const before = proxy.requests().length;
    const result = await runInProcess(
      ['steps', 'get', '101', '-o', 'json'],
      asManager({ HTTP_PROXY: `http://127.0.0.1:${closedPort}`, NO_PROXY: `example.com,${ALIAS_HOST}` }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(received().map((r) => r.path)).toEqual(['/api/v1/steps/101']);

    const proxiedRun = await runInProcess(
      ['steps', 'get', '101', '-o', 'json'],
      asManager({ http_proxy: proxy.url, no_proxy: 'other.test' }),
    );
    expect(proxiedRun.code, proxiedRun.stderr).toBe(0);
    expect(proxied(proxy, before).map((r) => r.path)).toEqual(['/api/v1/steps/101']);
  });

  it('authenticates to a BasicAuth proxy with the credentials in the URL, and never prints them (--debug included)', async () => {
    const before = authProxy.requests().length;
    const url = `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${authProxy.port}`;
    const result = await runInProcess(['steps', 'get', '101', '-o', 'json', '--debug'], asManager({ HTTP_PROXY: url }));
    expect(result.code, result.stderr).toBe(0);
    expect(proxied(authProxy, before).map((r) => r.path)).toEqual(['/api/v1/steps/101']);
    expect(result.stderr).toContain(`via proxy http://[REDACTED]@127.0.0.1:${authProxy.port}`);
    for (const stream of [result.stdout, result.stderr]) {
      expect(stream).not.toContain(PROXY_PASSWORD);
      expect(stream).not.toContain(PROXY_USER);
    }
  });

  // The `debug` library reads DEBUG from the process's environment and writes to its stderr: a child process shows it.
  it('DEBUG=* does not make the proxy libraries print the proxy credentials or the token', async () => {
    const url = `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${authProxy.port}`;
    const result = await runCli(['steps', 'get', '101', '-o', 'json'], asManager({ HTTP_PROXY: url, DEBUG: '*' }));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 101 });
    for (const secret of [
      PROXY_USER,
      PROXY_PASSWORD,
      Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64'),
      sb.tokens.manager,
    ]) {
      expect(result.stderr).not.toContain(secret);
    }
  });

  it('a proxy that wants credentials: exit 4 and one line naming the proxy, for none given and for wrong ones', async () => {
    const none = await runInProcess(['steps', 'get', '101'], asManager({ HTTP_PROXY: authProxy.url }));
    expectOneErrorLine(
      none,
      4,
      new RegExp(
        `^error: GET /api/v1/steps/101: the proxy http://127\\.0\\.0\\.1:${authProxy.port} requires a user name and password \\(407\\): give them in HTTP_PROXY as http://user:password@host:port$`,
      ),
    );

    const wrong = await runInProcess(
      ['steps', 'get', '101', '--debug'],
      asManager({ HTTP_PROXY: `http://${PROXY_USER}:${WRONG_PASSWORD}@127.0.0.1:${authProxy.port}` }),
    );
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toMatch(
      new RegExp(
        `^error: GET /api/v1/steps/101: the proxy http://\\[REDACTED\\]@127\\.0\\.0\\.1:${authProxy.port} rejected the user name and password in HTTP_PROXY \\(40[17]\\)$`,
        'm',
      ),
    );
    expect(wrong.stderr).not.toContain(PROXY_USER);
    expect(received()).toEqual([]);
  });

  it('a refused connection to the proxy: exit 7, one line naming the proxy and the variable', async () => {
    const result = await runInProcess(
      ['steps', 'get', '101'],
      asManager({ HTTP_PROXY: `http://127.0.0.1:${closedPort}` }),
    );
    const retries = expectOneErrorLine(
      result,
      7,
      new RegExp(
        `^error: GET /api/v1/steps/101: cannot connect to the proxy http://127\\.0\\.0\\.1:${closedPort} \\(ECONNREFUSED\\): check HTTP_PROXY$`,
      ),
    );
    // Nothing was sent, so it was tried again, out loud, before giving up.
    expect(retries.map((l) => l.replace(/, in .*:/, ':'))).toEqual(
      [2, 3, 4].map((n) => `retrying (${n}/4) after the connection failed: GET /api/v1/steps/101`),
    );
    expect(received()).toEqual([]);
  });

  it('a proxy answering 502 (or tinyproxy its 500): exit 7, one line naming the proxy and the host it could not reach', async () => {
    const result = await runInProcess(['steps', 'get', '101'], asManager({ HTTP_PROXY: badGatewayUrl }));
    expectOneErrorLine(
      result,
      7,
      new RegExp(
        `^error: GET /api/v1/steps/101: the proxy ${badGatewayUrl.replace(/\./g, '\\.')} could not reach ${ALIAS_HOST}:\\d+ \\(502\\)$`,
      ),
    );

    const tunnel = await runInProcess(['steps', 'get', '101'], {
      env: { PWCTL_BASE_URL: `https://${ALIAS_HOST}:9`, PWCTL_TOKEN: sb.tokens.manager, HTTPS_PROXY: badGatewayUrl },
    });
    expectOneErrorLine(
      tunnel,
      7,
      new RegExp(
        `^error: GET /api/v1/steps/101: the proxy ${badGatewayUrl.replace(/\./g, '\\.')} could not reach ${ALIAS_HOST}:9 \\(502\\)$`,
      ),
    );

    const unreachable = await runInProcess(['steps', 'get', '101'], {
      env: {
        PWCTL_BASE_URL: `http://${ALIAS_HOST}:${closedPort}`,
        PWCTL_TOKEN: sb.tokens.manager,
        HTTP_PROXY: proxy.url,
      },
    });
    expectOneErrorLine(unreachable, 7, new RegExp(`could not reach ${ALIAS_HOST}:${closedPort} \\(500\\)$`));
    expect(received()).toEqual([]);
  });

  it('never proxies loopback: --sandbox and a 127.0.0.1 base URL work with dead proxies set', async () => {
    const dead = `http://127.0.0.1:${closedPort}`;
    const embedded = await runInProcess(['--sandbox', 'steps', 'get', '101', '-o', 'json'], {
      env: { HTTPS_PROXY: dead, HTTP_PROXY: dead },
    });
    expect(embedded.code, embedded.stderr).toBe(0);
    expect(JSON.parse(embedded.stdout)).toMatchObject({ id: 101 });

    const loopback = await runInProcess(['steps', 'get', '101', '-o', 'json', '--debug'], {
      env: { PWCTL_BASE_URL: sb.baseUrl, PWCTL_TOKEN: sb.tokens.manager, HTTP_PROXY: dead },
    });
    expect(loopback.code, loopback.stderr).toBe(0);
    expect(loopback.stderr).not.toContain('via proxy');
  });

  it('rejects an unusable proxy variable before any request (exit 2), without echoing it', async () => {
    const result = await runInProcess(
      ['steps', 'get', '101'],
      asManager({ HTTPS_PROXY: `socks5://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:1080`, HTTP_PROXY: 'http://[::1' }),
    );
    expectOneErrorLine(result, 2, /^error: (HTTPS_PROXY names a socks5 proxy|HTTP_PROXY is not a proxy URL)/);
    expect(received()).toEqual([]);
  });
});
