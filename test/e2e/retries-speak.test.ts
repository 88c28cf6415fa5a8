// A request that is retried says so on stderr, so a hanging command can be told from a slow
// one; and a base URL that answers like another server (a login page, a redirect, a list it
// does not have) is called that, with the setting to check, instead of a bare status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { runInProcess, type CliResult } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

let sb: RunningSandbox;
let stub: StubServer;
beforeAll(async () => {
  [sb, stub] = await Promise.all([startTestSandbox(), startStubServer()]);
});
afterAll(async () => {
  await Promise.all([sb.close(), stub.close()]);
});

const pw = (args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> =>
  runInProcess(args, { env: { ...sandboxEnv(sb), ...env } });

describe('retries speak', () => {
  it('each retry of a failing request is a line naming the attempt, the failure and the request', async () => {
    sb.faults.add({ method: 'GET', path: '/api/v1/steps/101', count: 2, action: { type: 'status', status: 503 } });
    const r = await pw(['steps', 'get', '101', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 101 });
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^retrying \(2\/4\) after a 503 answer(, in \d+(\.\d)? s)?: GET \/api\/v1\/steps\/101$/);
    expect(lines[1]).toMatch(/^retrying \(3\/4\) after a 503 answer(, in [\d.]+ s)?: GET /);
  });

  it('a broken connection is named as such', async () => {
    sb.faults.add({ method: 'GET', path: '/api/v1/steps/102', count: 1, action: { type: 'reset-before' } });
    const r = await pw(['steps', 'get', '102', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^retrying \(2\/4\) after the connection (broke|failed)(, in [\d.]+ s)?: GET \/api\/v1\/steps\/102\n$/,
    );
  });

  it('--quiet keeps them to itself', async () => {
    sb.faults.add({ method: 'GET', path: '/api/v1/steps/103', count: 1, action: { type: 'status', status: 500 } });
    const r = await pw(['--quiet', 'steps', 'get', '103', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('a wait for the rate limit is a line of its own where no terminal shows a countdown', async () => {
    sb.faults.add({
      method: 'GET',
      path: '/api/v1/steps/104',
      count: 1,
      action: { type: 'rate-limit', retryAfter: 1 },
    });
    const r = await pw(['steps', 'get', '104', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('rate limited: retrying (2/8) in 1 s: GET /api/v1/steps/104\n');
  });
});

describe('a base URL that is not the service', () => {
  const tokenOnly = { PWCTL_TOKEN: 'a-token-for-elsewhere-5e6f7a', PWCTL_BASE_URL: undefined };
  const against = (args: string[], env: Record<string, string | undefined> = {}) =>
    runInProcess(['--base-url', stub.url, ...args], { env: { ...tokenOnly, ...env } });
  const host = () => new URL(stub.url).host;

  it('an HTML login page answered with 200', async () => {
    stub.on('GET /api/v1/steps', {
      status: 200,
      raw: '<!doctype html><title>Sign in</title>',
      headers: { 'content-type': 'text/html' },
    });
    const r = await against(['steps', 'list']);
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      `error: GET /api/v1/steps?per_page=30: 200: this does not look like the Project Work Service at ${host()} (it answered with an HTML page); check --base-url\n`,
    );
  });

  it('a redirect to a login page', async () => {
    stub.on('GET /api/v1/milestones', { status: 302, headers: { location: '/login?next=%2Fapi' } });
    const r = await against(['milestones', 'list']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(
        `^error: GET /api/v1/milestones\\?per_page=30: 302: this does not look like the Project Work Service at ${host()} \\(it redirects to /login\\?next=%2Fapi\\); check --base-url\\n$`,
      ),
    );
  });

  it('a list it does not have (404 for /api/v1/documents), naming PWCTL_BASE_URL when that set the URL', async () => {
    stub.on('GET /api/v1/documents', { status: 404, body: { message: 'Not Found' } });
    const r = await runInProcess(['docs', 'list'], { env: { ...tokenOnly, PWCTL_BASE_URL: stub.url } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `404 Not Found: this does not look like the Project Work Service at ${host()} (it has no such list); check PWCTL_BASE_URL\n`,
    );
  });

  it('JSON that is not a list', async () => {
    stub.on('GET /api/v1/webhooks', { status: 200, body: { status: 'ok', version: '3.1' } });
    const r = await against(['webhooks', 'list']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(
      `the response is not a list (no data array); this does not look like the Project Work Service at ${host()} (its answer is not a list); check --base-url`,
    );
  });

  it('the service itself: a record it does not have is only not found', async () => {
    const r = await pw(['steps', 'get', '999999']);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toMatch(/does not look like/);
  });
});
