// Envelopes, pagination, authentication and the conventions every endpoint shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { DEFAULT_PER_PAGE } from '../../src/sandbox/index.js';
import { TIMESTAMP_RE, api, call, ids, listAll } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('authentication', () => {
  it('answers 401 JSON without a token', async () => {
    const r = await api.get(sb, '/steps', { as: null });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Unauthenticated.' });
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('answers 401 for an unknown token', async () => {
    const r = await api.get(sb, '/documents', { as: { token: 'sbx_manager_forged' } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Unauthenticated.');
  });

  it('answers 401 for a token sent without the Bearer scheme', async () => {
    const r = await call(sb, 'GET', '/steps', { as: null, headers: { Authorization: sb.tokens.manager } });
    expect(r.status).toBe(401);
  });
});

describe('pagination', () => {
  it('walks every page through links.next with absolute URLs that keep the query', async () => {
    const first = await api.get(sb, '/steps?per_page=10&completed=false');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['data', 'links', 'meta']);
    const { links, meta } = first.body;
    expect(links.first).toBe(`${sb.baseUrl}/api/v1/steps?per_page=10&completed=false&page=1`);
    expect(links.prev).toBeNull();
    expect(links.next).toBe(`${sb.baseUrl}/api/v1/steps?per_page=10&completed=false&page=2`);
    expect(meta).toEqual({
      current_page: 1,
      current_page_url: `${sb.baseUrl}/api/v1/steps?per_page=10&completed=false&page=1`,
      from: 1,
      path: `${sb.baseUrl}/api/v1/steps`,
      per_page: 10,
      to: 10,
    });

    const all = await listAll(sb, '/steps?per_page=10');
    expect(all.pages).toBe(3);
    expect(ids(all.items)).toEqual(range(101, 126));
  });

  it('marks the last page: next null, prev set, last pointing at itself', async () => {
    const last = await api.get(sb, '/steps?per_page=10&page=3');
    expect(last.body.data).toHaveLength(6);
    expect(last.body.links.next).toBeNull();
    expect(last.body.links.prev).toBe(`${sb.baseUrl}/api/v1/steps?per_page=10&page=2`);
    expect(last.body.links.last).toBe(last.body.meta.current_page_url);
    expect(last.body.meta).toMatchObject({ current_page: 3, from: 21, to: 26 });
  });

  it('answers an empty page past the end with null from/to', async () => {
    const past = await api.get(sb, '/steps?per_page=10&page=9');
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.from).toBeNull();
    expect(past.body.links.next).toBeNull();
  });

  it(`uses ${DEFAULT_PER_PAGE} records per page by default`, async () => {
    const r = await api.get(sb, '/steps');
    expect(r.body.meta.per_page).toBe(DEFAULT_PER_PAGE);
    expect(r.body.data).toHaveLength(DEFAULT_PER_PAGE);
  });

  it('builds links from the Host the client used', async () => {
    const port = new URL(sb.baseUrl).port;
    const r = await call(sb, 'GET', `http://localhost:${port}/api/v1/milestones?per_page=1`);
    expect(r.body.links.next).toBe(`http://localhost:${port}/api/v1/milestones?per_page=1&page=2`);
  });

  it('accepts per_page 1000 and rejects 1001, 0 and non-numbers with 422', async () => {
    expect((await api.get(sb, '/steps?per_page=1000')).body.data).toHaveLength(26);
    for (const bad of ['1001', '0', 'ten']) {
      const r = await api.get(sb, `/steps?per_page=${bad}`);
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['per_page']);
    }
    const page = await api.get(sb, '/documents?page=0');
    expect(page.status).toBe(422);
    expect(page.body.errors.page).toBeDefined();
  });
});

describe('wire conventions', () => {
  it('sends timestamps with microseconds and due dates as timestamps or ""', async () => {
    const withDue = (await api.get(sb, '/steps/103')).body.data;
    expect(withDue.created_at).toMatch(TIMESTAMP_RE);
    expect(withDue.due_date).toBe('2025-02-03T00:00:00.000000Z');
    const noDue = (await api.get(sb, '/steps/102')).body.data;
    expect(noDue.due_date).toBe('');
  });

  it('accepts boolean query parameters as true/false/1/0 and rejects anything else', async () => {
    const one = await listAll(sb, '/steps?completed=1&per_page=100');
    const yes = await listAll(sb, '/steps?completed=true&per_page=100');
    expect(ids(one.items)).toEqual(ids(yes.items));
    expect(one.items.every((s: any) => s.completed)).toBe(true);
    const zero = await listAll(sb, '/steps?has_due_date=0&per_page=100');
    expect(zero.items.every((s: any) => s.due_date === '')).toBe(true);
    const bad = await api.get(sb, '/steps?completed=yes');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.completed).toBeDefined();
  });

  it('answers 404 JSON for unknown paths and 405 for a wrong method', async () => {
    const missing = await api.get(sb, '/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBeTypeOf('string');
    const wrong = await call(sb, 'PATCH', '/steps/101', { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('PUT');
  });

  it('answers 400 for a body that is not JSON, and 422 for a body that is not an object', async () => {
    const broken = await call(sb, 'PUT', '/steps/101', {
      rawBody: '{"title":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    const array = await api.put(sb, '/steps/101', ['title']);
    expect(array.status).toBe(422);
  });

  it('summarises several field errors in the message', async () => {
    const r = await api.post(sb, '/steps', {});
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      title: ['The title field is required.'],
      phase_id: ['The phase id field is required.'],
    });
    expect(r.body.message).toBe('The title field is required. (and 1 more error)');
  });
});

describe('projects', () => {
  it('returns live projects and 404 for templates and other companies', async () => {
    const live = await api.get(sb, '/projects/31');
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({
      id: 31,
      client: { id: 11 },
      company: { id: 1 },
      client_project_type: 'Process',
    });
    expect((await api.get(sb, '/projects/33')).status).toBe(404);
    expect((await api.get(sb, '/projects/34')).status).toBe(404);
  });

  it("shows a client user only their own client's projects", async () => {
    expect((await api.get(sb, '/projects/31', { as: 'client' })).status).toBe(200);
    expect((await api.get(sb, '/projects/32', { as: 'client' })).status).toBe(404);
  });
});
