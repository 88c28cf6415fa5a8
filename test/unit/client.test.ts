// The client over real loopback HTTP, with the retry sleep injected: no real waiting.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';
import { RequestNotSent } from '../../src/api/not-sent.js';

let server: StubServer;
let other: StubServer;
let sleeps: number[];
let trace: string[];

beforeAll(async () => {
  server = await startStubServer();
  other = await startStubServer();
});
afterAll(async () => {
  await server.close();
  await other.close();
});
beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
  sleeps = [];
  trace = [];
});

function client(extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  return new ApiClient({
    baseUrl: `${server.url}/api/v1/`,
    token: 'tok-secret-1234',
    timeoutMs: 2000,
    userAgent: 'pwctl/test',
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    trace: (line) => trace.push(line),
    ...extra,
  });
}

describe('ApiClient', () => {
  it('sends auth, accept, user-agent and JSON content type, and tolerates a trailing /api/v1 in the base URL', async () => {
    server.on('POST /api/v1/things', { status: 201, body: { data: { id: 1 } } });
    const res = await client().request({ method: 'POST', path: '/things', body: { a: 1 } });
    expect(res.json).toEqual({ data: { id: 1 } });
    const req = server.requests[0]!;
    expect(req.url).toBe('/api/v1/things');
    expect(req.headers.authorization).toBe('Bearer tok-secret-1234');
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toBe('pwctl/test');
    expect(req.body).toBe('{"a":1}');
  });

  it('waits Retry-After on 429 and then succeeds, for POST too', async () => {
    server.on(
      'POST /api/v1/things',
      { status: 429, headers: { 'retry-after': '2' }, body: { message: 'Too Many Attempts.' } },
      { status: 201, body: { data: { id: 2 } } },
    );
    const res = await client().request({ method: 'POST', path: '/things', body: {} });
    expect(res.status).toBe(201);
    expect(sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('asks for the interruption signal only when a retry waits, and ends the wait when it is aborted', async () => {
    let asked = 0;
    const interruption = new AbortController();
    const signal = () => {
      asked++;
      return interruption.signal;
    };
    server.on('GET /api/v1/things/1', { status: 200, body: { data: { id: 1 } } });
    await client({ signal }).request({ method: 'GET', path: '/things/1' });
    expect(asked).toBe(0);
    server.on(
      'GET /api/v1/things/2',
      { status: 429, headers: { 'retry-after': '2' }, body: { message: 'Too Many Attempts.' } },
      { status: 200, body: { data: { id: 2 } } },
    );
    const waiting = client({
      signal,
      sleep: (ms, wait) => (interruption.abort(), sleeps.push(ms), Promise.reject(wait!.reason)),
    });
    await expect(waiting.request({ method: 'GET', path: '/things/2' })).rejects.toThrow(/interrupted/);
    expect(asked).toBeGreaterThan(0);
    expect(server.requests.filter((r) => r.url === '/api/v1/things/2')).toHaveLength(1);
  });

  it('retries a GET through two 500s', async () => {
    server.on(
      'GET /api/v1/things/1',
      { status: 500, body: { message: 'oops' } },
      { status: 500, body: { message: 'oops' } },
      { status: 200, body: { data: { id: 1 } } },
    );
    expect(await client().getData('/things/1')).toEqual({ id: 1 });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('keeps the server status and message after retries are exhausted', async () => {
    server.on('GET /api/v1/things/1', { status: 503, body: { message: 'Down for maintenance' } });
    const error = await client()
      .getData('/things/1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('GET /api/v1/things/1: 503 Service Unavailable: Down for maintenance');
    expect(server.requests).toHaveLength(4);
  });

  it('never re-sends a create POST after a 5xx', async () => {
    server.on('POST /api/v1/things', { status: 502, body: { message: 'bad gateway' } });
    const error = (await client()
      .request({ method: 'POST', path: '/things', body: {}, outcomeHint: 'pwctl things list' })
      .catch((e: unknown) => e)) as ApiError;
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe('server');
    expect(error.message).toMatch(/not re-sent.*pwctl things list/);
  });

  it('reports an unknown outcome when the connection breaks after a POST was sent', async () => {
    server.on('POST /api/v1/things', { reset: true });
    const error = (await client()
      .request({ method: 'POST', path: '/things', body: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe('outcome_unknown');
    expect(error.message).toMatch(/outcome is unknown/);
  });

  it('retries an idempotent POST flagged by the caller', async () => {
    server.on('POST /api/v1/things/1/reorder', { reset: true }, { status: 200, body: { data: {} } });
    await client().request({ method: 'POST', path: '/things/1/reorder', body: {}, idempotent: true });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a refused connection for any method', async () => {
    const dead = new ApiClient({
      baseUrl: 'http://127.0.0.1:1',
      token: 't',
      timeoutMs: 1000,
      userAgent: 'x',
      sleep: async (ms) => void sleeps.push(ms),
    });
    const error = (await dead.request({ method: 'POST', path: '/x', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(sleeps).toHaveLength(3);
  });

  it('turns a truncated JSON body on GET into a retry, then a one-line error', async () => {
    server.on('GET /api/v1/things', { status: 200, raw: '{"data":[{"id":1' });
    const error = (await client()
      .request({ method: 'GET', path: '/things' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('bad_response');
    expect(server.requests).toHaveLength(4);
  });

  it('follows next links but sends the token only to the configured origin', async () => {
    server.on('GET /api/v1/things', {
      status: 200,
      body: { data: [1, 2], links: { next: `${other.url}/api/v1/things?page=2` } },
    });
    other.on('GET /api/v1/things', { status: 200, body: { data: [3], links: { next: null } } });
    const records: number[] = [];
    for await (const r of client().list<number>('/things', {}, 'all')) records.push(r);
    expect(records).toEqual([1, 2, 3]);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer tok-secret-1234');
    expect(server.requests[0]!.url).toBe('/api/v1/things?per_page=1000');
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('reports and refuses instead of sending under --dry-run, but still reads', async () => {
    const seen: unknown[] = [];
    server.on('GET /api/v1/things/1', { status: 200, body: { data: { id: 1 } } });
    const c = client({ dryRun: (r) => void seen.push(r) });
    await expect(c.request({ method: 'DELETE', path: '/things/1' })).rejects.toBeInstanceOf(RequestNotSent);
    expect(seen).toEqual([
      { method: 'DELETE', url: `${server.url}/api/v1/things/1`, path: '/api/v1/things/1', body: undefined },
    ]);
    expect(await c.getData('/things/1')).toEqual({ id: 1 });
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('renews the token once on a 401', async () => {
    server.on(
      'GET /api/v1/things/1',
      { status: 401, body: { message: 'Unauthenticated.' } },
      { status: 200, body: { data: { id: 1 } } },
    );
    let renewals = 0;
    const c = client({ renewToken: async () => (renewals++, 'new-token-5678') });
    expect(await c.getData('/things/1')).toEqual({ id: 1 });
    expect(renewals).toBe(1);
    expect(server.requests[1]!.headers.authorization).toBe('Bearer new-token-5678');
  });

  it('lets an error from the renewal hook through as it is, not as a network fault', async () => {
    server.on('GET /api/v1/things/2', { status: 401, body: { message: 'Unauthenticated.' } });
    class RenewalRefused extends Error {}
    const c = client({
      renewToken: async () => {
        throw new RenewalRefused('run pwctl auth login');
      },
    });
    const error = await c.getData('/things/2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenewalRefused);
    expect(server.requests).toHaveLength(1);
  });

  it('never writes the token into the trace', async () => {
    server.on('GET /api/v1/things/1', { status: 200, body: { data: {} } });
    await client().request({ method: 'GET', path: '/things/1', query: { token: 'tok-secret-1234' } });
    expect(trace.join('\n')).not.toContain('tok-secret-1234');
    expect(trace[0]).toMatch(/^→ GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/things\/1\?token=\[REDACTED\]$/);
    expect(trace.find((line) => line.startsWith('←'))).toMatch(
      /^← 200 GET \/api\/v1\/things\/1\?token=\[REDACTED\] \d+ms$/,
    );
    expect(trace).toContain('> authorization: [REDACTED]');
  });
});
