// TLS against a local HTTPS front of the sandbox, with certificates openssl makes for the
// test: each kind of failure has its own one-line message and exit 7 (and is not retried);
// the test CA given through PWCTL_CA_FILE, the ca_file key or NODE_EXTRA_CA_CERTS makes it
// pass, for API requests, OAuth renewals and requests tunnelled through a proxy alike.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { makeConfigDir, registerSecret, runCli, runInProcess, expectOneErrorLine } from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { ALIAS_HOST, proxySetupProblem, startTinyproxy, type RunningProxy } from '../helpers/tinyproxy.js';
import {
  makeCertificates,
  opensslProblem,
  startHttpsFront,
  type HttpsFront,
  type TestCertificates,
} from '../helpers/tls-fixture.js';

const problem = opensslProblem();
const REMEDY =
  'if your organisation uses its own certificate authority, set PWCTL_CA_FILE or NODE_EXTRA_CA_CERTS to its PEM file';

let sb: RunningSandbox;
let certs: TestCertificates;
let good: HttpsFront;
let expired: HttpsFront;
let wrongHost: HttpsFront;
let otherCa: HttpsFront;
let mark: number;

const stepGet = (front: HttpsFront, env: Record<string, string> = {}, configDir?: string, run = runInProcess) =>
  run(['steps', 'get', '101', '-o', 'json'], {
    configDir,
    env: { PWCTL_BASE_URL: front.url, PWCTL_TOKEN: sb.tokens.manager, ...env },
  });

describe.skipIf(problem)(`TLS${problem ? ` (skipped: ${problem})` : ''}`, () => {
  beforeAll(async () => {
    sb = await startTestSandbox();
    certs = makeCertificates();
    [good, expired, wrongHost, otherCa] = await Promise.all([
      startHttpsFront(certs.leaf, sb.baseUrl),
      startHttpsFront(certs.expired, sb.baseUrl),
      startHttpsFront(certs.wrongHost, sb.baseUrl),
      startHttpsFront(certs.otherLeaf, sb.baseUrl),
    ]);
  });
  afterAll(async () => {
    await Promise.all([good, expired, wrongHost, otherCa].map((front) => front?.close()));
    await sb?.close();
  });
  beforeEach(() => {
    mark = sb.requests.length;
  });

  it('an unknown authority: exit 7, the cause in words and the remedy, one attempt only', async () => {
    const before = good.connections;
    const result = await stepGet(good);
    expectOneErrorLine(
      result,
      7,
      new RegExp(
        `^error: GET /api/v1/steps/101: the certificate of localhost:${good.port} is not trusted \\(it was issued by an authority this machine does not trust\\): ${REMEDY}$`,
      ),
    );
    expect(good.connections - before).toBe(1);
    expect(sb.requests.slice(mark)).toEqual([]);
  });

  it('an expired certificate and one for another host name each say so (exit 7), even with the CA trusted', async () => {
    const env = { PWCTL_CA_FILE: certs.caFile };
    expectOneErrorLine(
      await stepGet(expired, env),
      7,
      new RegExp(
        `^error: GET /api/v1/steps/101: the certificate of localhost:${expired.port} has expired: the service must renew it \\(or this machine's clock is wrong\\)$`,
      ),
    );
    expectOneErrorLine(
      await stepGet(wrongHost, env),
      7,
      new RegExp(
        `^error: GET /api/v1/steps/101: the certificate of localhost:${wrongHost.port} is for another host name \\(wrong\\.example\\): check the service URL \\(--base-url, PWCTL_BASE_URL\\)$`,
      ),
    );
    expect(sb.requests.slice(mark)).toEqual([]);
  });

  it('trusts the CA given in PWCTL_CA_FILE', async () => {
    const result = await stepGet(good, { PWCTL_CA_FILE: certs.caFile });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 101 });
    expect(sb.requests.slice(mark).map((r) => r.path)).toEqual(['/api/v1/steps/101']);
  });

  it('trusts the CA given in the profile key ca_file, stored as an absolute path; PWCTL_CA_FILE overrides it', async () => {
    const configDir = makeConfigDir();
    const set = await runInProcess(['config', 'set', 'ca_file', certs.caFile], { configDir });
    expect(set.code, set.stderr).toBe(0);
    const get = await runInProcess(['config', 'get', 'ca_file'], { configDir });
    expect(get.stdout).toBe(`${certs.caFile}\n`);

    const result = await stepGet(good, {}, configDir);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 101 });

    const overridden = await stepGet(good, { PWCTL_CA_FILE: certs.otherCaFile }, configDir);
    expectOneErrorLine(overridden, 7, /is not trusted/);
  });

  // Node reads NODE_EXTRA_CA_CERTS when a process starts: a child process shows it.
  it('trusts the CA given in NODE_EXTRA_CA_CERTS, also beside PWCTL_CA_FILE (which must not replace it)', async () => {
    const alone = await stepGet(good, { NODE_EXTRA_CA_CERTS: certs.caFile }, undefined, runCli);
    expect(alone.code, alone.stderr).toBe(0);
    const both = { NODE_EXTRA_CA_CERTS: certs.otherCaFile, PWCTL_CA_FILE: certs.caFile };
    for (const front of [good, otherCa]) {
      const result = await stepGet(front, both, undefined, runCli);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ id: 101 });
    }
  });

  it('webhooks trigger reaches an https receiver with the same trust as the service (one HTTP stack)', async () => {
    const args = ['webhooks', 'trigger', 'task.created', '--to', `${good.url}/hooks`];
    const env = { PWCTL_WEBHOOK_SECRET: 'whsec_trigger_over_tls_0001' };
    const untrusted = await runCli(args, { env });
    expectOneErrorLine(
      untrusted,
      7,
      new RegExp(
        `^error: cannot deliver to ${good.url}/hooks: the certificate of localhost:${good.port} is not trusted`,
      ),
    );
    const trusted = await runCli(args, { env: { ...env, PWCTL_CA_FILE: certs.caFile } });
    // Through TLS: the front passed the delivery on to the sandbox, which has no /hooks.
    expect(trusted.stderr).toMatch(/^error: the receiver answered 404/m);
    expect(sb.requests.slice(mark).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /hooks']);
  });

  it('a CA file that cannot be used is a usage error before any request', async () => {
    const missing = join(makeConfigDir(), 'missing.pem');
    expectOneErrorLine(
      await stepGet(good, { PWCTL_CA_FILE: missing }),
      2,
      new RegExp(`^error: PWCTL_CA_FILE names ${missing}, which cannot be read \\(ENOENT\\)$`),
    );
    expectOneErrorLine(
      await runInProcess(['config', 'set', 'ca_file', missing]),
      2,
      /^error: ca_file names .*missing\.pem, which cannot be read \(ENOENT\)$/,
    );
    expect(sb.requests.slice(mark)).toEqual([]);
  });

  it('renews an OAuth token over TLS with the same trust, and says why when it cannot', async () => {
    const refreshToken = 'sbx_refresh_tlstest_8e2f6a0c4b';
    registerSecret(refreshToken);
    const expiredSignIn = () => {
      sb.state.auth.refresh_tokens[refreshToken] = { user_id: 1, client_id: 'pwctl' };
      const configDir = makeConfigDir();
      const file = join(configDir, 'config.json');
      writeFileSync(
        file,
        JSON.stringify({
          profiles: {
            default: {
              base_url: good.url,
              token: 'sbx_oauth_expired_1111111111',
              refresh_token: refreshToken,
              token_expires_at: '2020-01-01T00:00:00.000Z',
            },
          },
        }),
      );
      chmodSync(file, 0o600);
      return configDir;
    };

    const untrusted = await runInProcess(['steps', 'get', '101'], { configDir: expiredSignIn() });
    expectOneErrorLine(
      untrusted,
      7,
      new RegExp(
        `^error: cannot renew the token of profile default: the certificate of localhost:${good.port} is not trusted \\(.*\\): ${REMEDY}$`,
      ),
    );

    const trusted = await runInProcess(['steps', 'get', '101', '-o', 'json'], {
      configDir: expiredSignIn(),
      env: { PWCTL_CA_FILE: certs.caFile },
    });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(sb.requests.slice(mark).map((r) => [r.method, r.path])).toEqual([
      ['POST', '/oauth/token'],
      ['GET', '/api/v1/steps/101'],
    ]);
  });

  const proxyProblem = proxySetupProblem();
  describe.skipIf(proxyProblem)(`through a proxy tunnel${proxyProblem ? ` (skipped: ${proxyProblem})` : ''}`, () => {
    let proxy: RunningProxy;
    beforeAll(async () => {
      proxy = await startTinyproxy();
    });
    afterAll(() => proxy?.close());

    it('opens a CONNECT tunnel with HTTPS_PROXY and verifies the service behind it with the same trust', async () => {
      const base = `https://${ALIAS_HOST}:${good.port}`;
      const before = proxy.requests().length;
      const env = { PWCTL_BASE_URL: base, PWCTL_TOKEN: sb.tokens.manager, HTTPS_PROXY: proxy.url };

      const untrusted = await runInProcess(['steps', 'get', '101'], { env });
      expectOneErrorLine(
        untrusted,
        7,
        new RegExp(
          `^error: GET /api/v1/steps/101: the certificate of ${ALIAS_HOST}:${good.port} is not trusted \\(.*\\): ${REMEDY}$`,
        ),
      );

      const trusted = await runInProcess(['steps', 'get', '101', '-o', 'json', '--debug'], {
        env: { ...env, PWCTL_CA_FILE: certs.caFile },
      });
      expect(trusted.code, trusted.stderr).toBe(0);
      expect(JSON.parse(trusted.stdout)).toMatchObject({ id: 101 });
      expect(trusted.stderr).toContain(`via proxy ${proxy.url}`);
      expect(proxy.requests().slice(before)).toEqual([
        `CONNECT ${ALIAS_HOST}:${good.port}`,
        `CONNECT ${ALIAS_HOST}:${good.port}`,
      ]);

      const wrongName = await runInProcess(['steps', 'get', '101'], {
        env: { ...env, PWCTL_BASE_URL: `https://${ALIAS_HOST}:${wrongHost.port}`, PWCTL_CA_FILE: certs.caFile },
      });
      expectOneErrorLine(
        wrongName,
        7,
        new RegExp(`the certificate of ${ALIAS_HOST}:${wrongHost.port} is for another host name \\(wrong\\.example\\)`),
      );
    });
  });
});
