// The client on its Network, over real loopback HTTP: a stub server plays the service, or
// an absolute-form HTTP proxy in front of a host that does not exist.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { UsageError } from '../../src/errors.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const PASSWORD = 'pr0xy-secret-77';
let server: StubServer;
let trace: string[];

beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  trace = [];
});

function client(baseUrl: string, env: NodeJS.ProcessEnv = {}) {
  return new ApiClient({ baseUrl, token: 'tok-secret-1234', timeoutMs: 2000, userAgent: 'pwctl/test', trace: (line) => trace.push(line), network: { env }, sleep: async () => {} });
}

describe('ApiClient on a Network', () => {
  it('sends concurrent requests in the order they were made, the first one included', async () => {
    server.on('GET /api/v1/things', { status: 200, body: { data: [] } });
    const api = client(server.url);
    await Promise.all([1, 2, 3, 4, 5].map((n) => api.request({ method: 'GET', path: '/things', query: { n } })));
    expect(trace.filter((l) => l.startsWith('→')).map((l) => new URL(l.split(' ')[2]!).searchParams.get('n'))).toEqual(['1', '2', '3', '4', '5']);
    await api.close();
  });

  it('an unusable proxy variable is a usage error before any request', async () => {
    const api = client(server.url, { HTTPS_PROXY: 'ftp://proxy:21', HTTP_PROXY: 'ftp://proxy:21' });
    await expect(api.request({ method: 'GET', path: '/things' })).rejects.toThrow(UsageError);
    expect(server.requests).toEqual([]);
    await api.close();
  });

  it('sends http requests to the proxy in absolute form with Basic credentials from the URL, and never traces them', async () => {
    // The stub plays the proxy: the service's host does not exist, only the proxy can answer.
    server.on('GET http://api.pwctl.invalid/api/v1/things/7', { status: 200, body: { data: { id: 7 } } });
    const api = client('http://api.pwctl.invalid', { HTTP_PROXY: `http://carol:${PASSWORD}@${new URL(server.url).host}` });
    expect(await api.getData('/things/7')).toEqual({ id: 7 });
    const [sent] = server.requests;
    expect(sent).toMatchObject({ method: 'GET', url: 'http://api.pwctl.invalid/api/v1/things/7' });
    expect(sent!.headers['proxy-authorization']).toBe(`Basic ${Buffer.from(`carol:${PASSWORD}`).toString('base64')}`);
    expect(sent!.headers.authorization).toBe('Bearer tok-secret-1234');
    expect(trace[0]).toBe(`→ GET http://api.pwctl.invalid/api/v1/things/7 via proxy http://[REDACTED]@${new URL(server.url).host}`);
    expect(trace.join('\n')).not.toContain(PASSWORD);
    await api.close();
  });
});
