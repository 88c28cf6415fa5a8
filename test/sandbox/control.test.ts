// What tests observe: the request log, the live state, and the control API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { api, call } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ controlApi: true });
});
afterAll(() => sb.close());

describe('request log', () => {
  it('records method, path, query, headers, raw and parsed body, status and role', async () => {
    await api.put(sb, '/steps/103?include=tags', { title: 'Interviews' }, { as: 'member' });
    const entry = sb.requests.at(-1)!;
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/api/v1/steps/103',
      query: { include: 'tags' },
      rawBody: '{"title":"Interviews"}',
      body: { title: 'Interviews' },
      status: 200,
      tokenRole: 'member',
    });
    expect(entry.headers['content-type']).toBe('application/json');
    expect(entry.headers.authorization).toBe(`Bearer ${sb.tokens.member}`);
  });

  it('logs unauthenticated requests with a null role and leaves control traffic out', async () => {
    await api.get(sb, '/steps', { as: null });
    const count = sb.requests.length;
    expect(sb.requests.at(-1)).toMatchObject({ status: 401, tokenRole: null });
    const log = await call(sb, 'GET', '/_sandbox/requests', { as: null });
    expect(log.body.data).toHaveLength(count);
    expect(sb.requests).toHaveLength(count);
  });
});

describe('control API', () => {
  it('serves the live state', async () => {
    const r = await call(sb, 'GET', '/_sandbox/state', { as: null });
    expect(r.body.steps['101'].title).toBe(sb.state.steps[101]?.title);
    expect(r.body.companies['2'].title).toBe('Globex Creative');
  });

  it('creates a project (firing project.created) and updates a phase', async () => {
    const project = await call(sb, 'POST', '/_sandbox/projects', {
      as: null,
      body: { title: 'Acme Mobile', client_id: 11 },
    });
    expect(project.status).toBe(201);
    expect(project.body.data).toMatchObject({ title: 'Acme Mobile', client: { id: 11 }, company: { id: 1 } });
    expect((await api.get(sb, `/projects/${project.body.data.id}`)).status).toBe(200);

    const phase = await call(sb, 'PUT', '/_sandbox/phases/41', { as: null, body: { due_date: '2025-02-28' } });
    expect(phase.body.data).toMatchObject({ id: 41, due_date: '2025-02-28T00:00:00.000000Z' });
    const bad = await call(sb, 'PUT', '/_sandbox/phases/41', { as: null, body: { due_date: 'soon' } });
    expect(bad.status).toBe(422);
    expect((await call(sb, 'PUT', '/_sandbox/phases/999', { as: null, body: {} })).status).toBe(404);
  });

  it('lists and flushes deliveries without a token', async () => {
    expect((await call(sb, 'POST', '/_sandbox/deliveries/flush', { as: null })).body).toEqual({
      data: { flushed: true },
    });
    const r = await call(sb, 'GET', '/_sandbox/deliveries', { as: null });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.data)).toBe(true);
  });
});
