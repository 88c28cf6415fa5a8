// Milestones: ordering, visibility, validation, create/update/delete.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { api, ids } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
beforeEach(() => sb.reset());
afterAll(() => sb.close());

describe('listing', () => {
  it('orders by due date, includes templates (the reference excludes them only from task lists), leaves out other companies', async () => {
    const r = await api.get(sb, '/milestones');
    expect(ids(r.body.data)).toEqual([71, 73, 72, 74]);
    expect(r.body.data[0]).toEqual({
      id: 71,
      title: 'Design sign-off',
      description: 'Client signs off the homepage and style guide.',
      color: '#7C3AED',
      due_date: '2025-03-14T00:00:00.000000Z',
      project_id: 31,
      project: { id: 31, title: 'Acme Website Redesign' },
      client: { id: 11, title: 'Acme Corp' },
      company: { id: 1, title: 'Northwind Studio' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('filters by project and answers 403 for another company', async () => {
    expect(ids((await api.get(sb, '/milestones?project_id=32')).body.data)).toEqual([73]);
    expect((await api.get(sb, '/milestones?company_id=2')).status).toBe(403);
  });

  it('shows a client user only their client’s milestones', async () => {
    expect(ids((await api.get(sb, '/milestones', { as: 'client' })).body.data)).toEqual([71, 72]);
    expect((await api.get(sb, '/milestones/73', { as: 'client' })).status).toBe(404);
    expect((await api.get(sb, '/milestones/75')).status).toBe(404);
  });
});

describe('create and update', () => {
  it('creates a milestone and returns it with its resolved parents', async () => {
    const r = await api.post(sb, '/milestones', {
      title: 'Beta',
      due_date: '2025-04-15',
      project_id: 32,
      color: '#ABC',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      title: 'Beta',
      due_date: '2025-04-15T00:00:00.000000Z',
      project_id: 32,
      color: '#ABC',
      description: null,
      client: { id: 12 },
      company: { id: 1 },
    });
    expect((await api.get(sb, `/milestones/${r.body.data.id}`)).status).toBe(200);
  });

  it('accepts a 255-character title and rejects 256', async () => {
    const ok = await api.post(sb, '/milestones', { title: 'a'.repeat(255), due_date: '2025-04-15', project_id: 31 });
    expect(ok.status).toBe(200);
    const long = await api.post(sb, '/milestones', { title: 'a'.repeat(256), due_date: '2025-04-15', project_id: 31 });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['title']);
  });

  it.each([
    ['missing fields', {}, ['due_date', 'project_id', 'title']],
    ['a bad date', { title: 't', due_date: '2025-13-01', project_id: 31 }, ['due_date']],
    ['a colour name', { title: 't', due_date: '2025-04-01', project_id: 31, color: 'red' }, ['color']],
    ['project_id as a string', { title: 't', due_date: '2025-04-01', project_id: '31' }, ['project_id']],
    ['another company’s project', { title: 't', due_date: '2025-04-01', project_id: 34 }, ['project_id']],
    ['a numeric description', { title: 't', due_date: '2025-04-01', project_id: 31, description: 7 }, ['description']],
  ])('rejects %s with 422', async (_, body, fields) => {
    const r = await api.post(sb, '/milestones', body);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(fields);
  });

  it('updates title, date, description and colour; rejects an over-long title', async () => {
    const r = await api.put(sb, '/milestones/72', {
      title: 'Go live',
      due_date: '2025-05-02',
      description: null,
      color: null,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ title: 'Go live', due_date: '2025-05-02T00:00:00.000000Z', color: null });
    const long = await api.put(sb, '/milestones/72', { title: 'x'.repeat(256) });
    expect(long.status).toBe(422);
    expect(sb.state.milestones[72]?.title).toBe('Go live');
  });

  it('forbids client users to create, change or delete milestones', async () => {
    expect(
      (await api.post(sb, '/milestones', { title: 't', due_date: '2025-04-01', project_id: 31 }, { as: 'client' }))
        .status,
    ).toBe(403);
    expect((await api.put(sb, '/milestones/71', { title: 't' }, { as: 'client' })).status).toBe(403);
    expect((await api.del(sb, '/milestones/71', { as: 'client' })).status).toBe(403);
  });
});

describe('delete', () => {
  it('deletes with 204 and the milestone disappears from every response', async () => {
    const r = await api.del(sb, '/milestones/71', { as: 'member' });
    expect(r.status).toBe(204);
    expect((await api.get(sb, '/milestones/71')).status).toBe(404);
    expect(ids((await api.get(sb, '/milestones')).body.data)).toEqual([73, 72, 74]);
  });
});
