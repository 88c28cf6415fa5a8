// Fault injection, in process and through the control API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { api, call } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ controlApi: true });
});
beforeEach(() => {
  sb.faults.clear();
  sb.reset();
});
afterAll(() => sb.close());

const rename = (title: string) =>
  fetch(`${sb.baseUrl}/api/v1/steps/101`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title }),
  });

describe('fault actions', () => {
  it('status: answers the status for the next `count` matches, then behaves', async () => {
    sb.faults.add({
      method: 'GET',
      path: '/api/v1/steps/101',
      count: 2,
      action: { type: 'status', status: 503, body: { message: 'Down for maintenance' } },
    });
    const a = await api.get(sb, '/steps/101');
    const b = await api.get(sb, '/steps/101');
    const c = await api.get(sb, '/steps/101');
    expect([a.status, b.status, c.status]).toEqual([503, 503, 200]);
    expect(a.body).toEqual({ message: 'Down for maintenance' });
  });

  it('matches by method and by RegExp path', async () => {
    sb.faults.add({ method: 'PUT', path: /^\/api\/v1\/steps\/\d+$/, action: { type: 'status', status: 500 } });
    expect((await api.get(sb, '/steps/102')).status).toBe(200);
    expect((await api.put(sb, '/steps/102', { title: 'x' })).status).toBe(500);
    expect(sb.state.steps[102]?.title).toBe('Collect brand assets');
  });

  it('reset-before: drops the connection without applying the request', async () => {
    sb.faults.add({ path: '/api/v1/steps/101', action: { type: 'reset-before' } });
    await expect(rename('Never applied')).rejects.toThrow();
    expect(sb.state.steps[101]?.title).toBe('Kickoff call with Acme');
    expect(sb.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/api/v1/steps/101', status: 0 });
  });

  it('reset-after: applies the request, then drops the connection without answering', async () => {
    sb.faults.add({ path: '/api/v1/steps/101', action: { type: 'reset-after' } });
    await expect(rename('Applied anyway')).rejects.toThrow();
    expect(sb.state.steps[101]?.title).toBe('Applied anyway');
  });

  it('delay: answers normally after the delay', async () => {
    sb.faults.add({ path: '/api/v1/steps/101', action: { type: 'delay', ms: 30 } });
    const r = await api.get(sb, '/steps/101');
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(101);
  });

  it('stall: never answers (the client has to time out)', async () => {
    sb.faults.add({ path: '/api/v1/steps/101', action: { type: 'stall' } });
    const request = fetch(`${sb.baseUrl}/api/v1/steps/101`, {
      headers: { Authorization: `Bearer ${sb.tokens.manager}` },
      signal: AbortSignal.timeout(300),
    });
    await expect(request).rejects.toThrow(/aborted|timeout/i);
    expect((await api.get(sb, '/steps/101')).status).toBe(200);
  });

  it('truncate: applies the request and cuts the JSON body in half', async () => {
    const full = await api.get(sb, '/steps/101');
    sb.faults.add({ path: '/api/v1/steps/101', action: { type: 'truncate' } });
    const cut = await api.get(sb, '/steps/101');
    expect(cut.status).toBe(200);
    expect(cut.body).toBeUndefined(); // not parseable
    expect(cut.text).toBe(full.text.slice(0, Math.floor(Buffer.byteLength(full.text) / 2)));
  });

  it('html-502: serves an nginx-style HTML page', async () => {
    sb.faults.add({ path: '/api/v1/steps', action: { type: 'html-502' } });
    const r = await api.get(sb, '/steps');
    expect(r.status).toBe(502);
    expect(r.headers.get('content-type')).toBe('text/html');
    expect(r.text).toContain('<center><h1>502 Bad Gateway</h1></center>');
  });

  it('rate-limit: answers 429 with the given Retry-After', async () => {
    sb.faults.add({ path: '/api/v1/steps', action: { type: 'rate-limit', retryAfter: 7 } });
    const r = await api.get(sb, '/steps');
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect((await api.get(sb, '/steps')).status).toBe(200);
  });

  it('clear() removes pending rules', async () => {
    sb.faults.add({ path: '/api/v1/steps', count: 5, action: { type: 'status', status: 500 } });
    sb.faults.clear();
    expect((await api.get(sb, '/steps')).status).toBe(200);
  });
});

describe('control API', () => {
  it('adds a rule with a regex path over HTTP and clears rules', async () => {
    const added = await call(sb, 'POST', '/_sandbox/faults', {
      as: null,
      body: {
        method: 'GET',
        path: { regex: '^/api/v1/milestones' },
        count: 3,
        action: { type: 'status', status: 502 },
      },
    });
    expect(added.status).toBe(201);
    expect((await api.get(sb, '/milestones/71')).status).toBe(502);
    expect((await call(sb, 'DELETE', '/_sandbox/faults', { as: null })).status).toBe(204);
    expect((await api.get(sb, '/milestones/71')).status).toBe(200);
  });

  it('rejects a malformed rule with 422', async () => {
    const r = await call(sb, 'POST', '/_sandbox/faults', {
      as: null,
      body: { path: '/x', action: { type: 'explode' } },
    });
    expect(r.status).toBe(422);
  });

  it('is not reachable without controlApi', async () => {
    const plain = await startTestSandbox();
    try {
      const r = await call(plain, 'POST', '/_sandbox/faults', { body: { path: '/x', action: { type: 'stall' } } });
      expect(r.status).toBe(404);
      expect((await call(plain, 'GET', '/_sandbox/state')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
