// --debug traces each request with the headers sent and received (credentials redacted);
// --debug=api and PWCTL_DEBUG=api add the bodies, with secret fields redacted.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const TOKEN = 'debug-trace-token-7a6b5c4d';
let server: StubServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startStubServer();
  env = { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: TOKEN };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.on('GET /api/v1/steps/5', {
    status: 200,
    headers: {
      'x-request-id': 'req-42',
      'set-cookie': 'session=cookie-value-9z8y; HttpOnly',
      'x-api-key': 'key-value-1q2w',
    },
    body: { data: { id: 5, title: 'Brief', access_token: 'server-token-3e4r' } },
  });
  server.on('PUT /api/v1/steps/5', { status: 200, body: { data: { id: 5, title: 'New' } } });
});

function debugLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => l.startsWith('debug: '))
    .map((l) => l.slice('debug: '.length));
}

describe('--debug', () => {
  it('shows method, URL, status and time, then the headers each way, credentials redacted, and no bodies', async () => {
    const r = await runInProcess(['--debug', 'steps', 'get', '5', '-o', 'json'], { env });
    expect(r.code).toBe(0);
    const lines = debugLines(r.stderr);
    expect(lines[0]).toMatch(/^→ GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/steps\/5$/);
    expect(lines).toContain('> accept: application/json');
    expect(lines).toContain('> authorization: [REDACTED]');
    expect(lines.some((l) => /^> user-agent: pwctl\//.test(l))).toBe(true);
    expect(lines).toContainEqual(expect.stringMatching(/^← 200 GET \/api\/v1\/steps\/5 \d+ms$/));
    expect(lines).toContain('< x-request-id: req-42');
    expect(lines).toContain('< content-type: application/json');
    expect(lines).toContain('< set-cookie: [REDACTED]');
    expect(lines).toContain('< x-api-key: [REDACTED]');
    expect(r.stderr).not.toMatch(/cookie-value|key-value|"title"/);
    // The response line comes before the response headers.
    expect(lines.findIndex((l) => l.startsWith('← '))).toBeLessThan(lines.indexOf('< x-request-id: req-42'));
  });

  it('leaves the words after a bare --debug alone, and PWCTL_DEBUG=1 traces the same', async () => {
    const r = await runInProcess(['steps', 'get', '5', '--debug'], { env });
    expect(r.code).toBe(0);
    const viaEnv = await runInProcess(['steps', 'get', '5'], { env: { ...env, PWCTL_DEBUG: '1' } });
    expect(debugLines(viaEnv.stderr).filter((l) => l.startsWith('> '))).toEqual(
      debugLines(r.stderr).filter((l) => l.startsWith('> ')),
    );
    expect(viaEnv.stderr).not.toContain('"title"');
  });
});

describe('--debug=api and PWCTL_DEBUG=api', () => {
  it('add the request and response bodies, secret fields redacted', async () => {
    const r = await runInProcess(
      ['--debug=api', 'api', '-X', 'PUT', '/steps/5', '-f', 'title=New', '-f', 'client_secret=body-secret-5t6y'],
      { env },
    );
    expect(r.code).toBe(0);
    const lines = debugLines(r.stderr);
    expect(lines).toContain('> {"title":"New","client_secret":"[REDACTED]"}');
    expect(lines).toContain('< {"data":{"id":5,"title":"New"}}');
    expect(r.stderr).not.toContain('body-secret-5t6y');

    const viaEnv = await runInProcess(['steps', 'get', '5'], { env: { ...env, PWCTL_DEBUG: 'api' } });
    expect(viaEnv.code).toBe(0);
    expect(debugLines(viaEnv.stderr)).toContain('< {"data":{"id":5,"title":"Brief","access_token":"[REDACTED]"}}');
    expect(viaEnv.stderr).not.toContain('server-token-3e4r');
  });

  it('is listed in the help of --debug', async () => {
    expect((await runInProcess(['--help'])).stdout).toMatch(/--debug=api adds bodies/);
  });
});
