// Tasks: visibility per role, validation, the approval flow, moves and reordering.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { api, ids, listAll } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
beforeEach(() => sb.reset());
afterAll(() => sb.close());

/** Seed: client user 3 belongs to client 11, whose project 31 has client-facing phases 41 and
 * 42 (drafts 105 and 110) and internal phase 43 (113-117). */
const CLIENT_VISIBLE = [101, 102, 103, 104, 106, 107, 108, 109, 111, 112];

function orderOf(phaseId: number): number[] {
  return Object.values(sb.state.steps)
    .filter((s) => s.phase_id === phaseId)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.id);
}

describe('visibility', () => {
  it('lists every live task of the company for team members, excluding templates and other companies', async () => {
    for (const role of ['manager', 'member'] as const) {
      const { items } = await listAll(sb, '/steps?per_page=100', { as: role });
      const seen = ids(items);
      expect(seen).toContain(113); // internal phase
      expect(seen).toContain(105); // unpublished
      expect(seen.filter((id) => id >= 127)).toEqual([]); // templates 127-130, company 2 131-134
      expect(seen).toHaveLength(26);
    }
  });

  it('lists only published tasks of client-facing phases of their own client for a client user', async () => {
    const { items } = await listAll(sb, '/steps?per_page=100', { as: 'client' });
    expect(ids(items)).toEqual(CLIENT_VISIBLE);
    expect(items.every((s: any) => s.phase.is_internal === false && s.published)).toBe(true);
  });

  it('hides internal, unpublished and other clients’ tasks from a client user with 404', async () => {
    for (const id of [113, 105, 118, 127]) {
      expect((await api.get(sb, `/steps/${id}`, { as: 'client' })).status).toBe(404);
    }
    expect((await api.get(sb, '/steps/101', { as: 'client' })).status).toBe(200);
  });

  it('gives team members template tasks by id (webhook consumers look them up) but 404 for another company', async () => {
    expect((await api.get(sb, '/steps/127')).status).toBe(200);
    expect((await api.get(sb, '/steps/131')).status).toBe(404);
  });

  it('keeps templates out even with exclude_templates=false (deprecated, no effect)', async () => {
    const { items } = await listAll(sb, '/steps?per_page=100&exclude_templates=false');
    expect(ids(items)).not.toContain(127);
  });

  it('answers 403 for a company_id filter naming a company the caller has no access to', async () => {
    expect((await api.get(sb, '/steps?company_id=2')).status).toBe(403);
    expect((await api.get(sb, '/steps?company_id=2', { as: 'client' })).status).toBe(403);
    const own = await api.get(sb, '/steps?company_id=1&per_page=100', { as: 'client' });
    expect(ids(own.body.data)).toEqual(CLIENT_VISIBLE);
  });
});

describe('shape', () => {
  it('includes assignees in lists only, content and tags only on request', async () => {
    const listed = (await api.get(sb, '/steps?per_page=100')).body.data.find((s: any) => s.id === 103);
    expect(listed.assignees).toEqual([{ id: 2, name: 'Sam Rivera' }]);
    expect(listed).not.toHaveProperty('content');
    expect(listed).not.toHaveProperty('tags');
    const single = (await api.get(sb, '/steps/103')).body.data;
    expect(single).not.toHaveProperty('assignees');
    const full = (await api.get(sb, '/steps/109?include=content,tags')).body.data;
    expect(full.content).toContain('[[attachment:wireframes-v1.pdf]]');
    expect(full.tags).toEqual([]);
    expect(full).toMatchObject({
      phase: { id: 42, title: 'Design', is_internal: false },
      project: { id: 31 },
      client: { id: 11 },
      company: { id: 1 },
    });
  });
});

describe('create', () => {
  it('creates a task in a phase and returns it without assignees', async () => {
    const r = await api.post(sb, '/steps', {
      title: 'Write FAQ',
      phase_id: 42,
      due_date: '2025-03-20',
      content: 'Plain text',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      title: 'Write FAQ',
      completed: false,
      published: true,
      is_approval: false,
      approval_status: null,
      due_date: '2025-03-20T00:00:00.000000Z',
    });
    expect(r.body.data).not.toHaveProperty('assignees');
    expect(sb.state.steps[r.body.data.id]?.phase_id).toBe(42);
  });

  it.each([
    ['phase_id as a string', { title: 'x', phase_id: '41' }, 'phase_id'],
    ['completed as a string', { title: 'x', phase_id: 41, completed: 'true' }, 'completed'],
    ['published as a number', { title: 'x', phase_id: 41, published: 1 }, 'published'],
    ['is_approval as a string', { title: 'x', phase_id: 41, is_approval: 'yes' }, 'is_approval'],
    ['title as a number', { title: 5, phase_id: 41 }, 'title'],
    ['an impossible date', { title: 'x', phase_id: 41, due_date: '2025-02-30' }, 'due_date'],
    ['a date in another format', { title: 'x', phase_id: 41, due_date: '03/01/2025' }, 'due_date'],
    ['a date-time', { title: 'x', phase_id: 41, due_date: '2025-03-01T00:00:00Z' }, 'due_date'],
    ['a phase of another company', { title: 'x', phase_id: 48 }, 'phase_id'],
    ['a phase that does not exist', { title: 'x', phase_id: 9999 }, 'phase_id'],
    ['an empty title', { title: '  ', phase_id: 41 }, 'title'],
  ])('rejects %s with 422 naming the field', async (_, body, field) => {
    const before = Object.keys(sb.state.steps).length;
    const r = await api.post(sb, '/steps', body);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual([field]);
    expect(Object.keys(sb.state.steps)).toHaveLength(before);
  });

  it('forbids client users to create tasks', async () => {
    expect((await api.post(sb, '/steps', { title: 'x', phase_id: 41 }, { as: 'client' })).status).toBe(403);
  });
});

describe('approval flow', () => {
  it('defaults the verdict to approved and clears it on reopening', async () => {
    const done = await api.put(sb, '/steps/108', { completed: true });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ completed: true, approval_status: 'approved' });
    const reopened = await api.put(sb, '/steps/108', { completed: false });
    expect(reopened.body.data).toMatchObject({ completed: false, approval_status: null });
    expect(sb.state.steps[108]?.completed_at).toBeNull();
  });

  it('stores a verdict sent with completed: true, and lets a completed approval task change it', async () => {
    const rejected = await api.put(sb, '/steps/108', { completed: true, approval_status: 'not_approved' });
    expect(rejected.body.data.approval_status).toBe('not_approved');
    const changed = await api.put(sb, '/steps/108', { approval_status: 'approved' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.approval_status).toBe('approved');
  });

  it('rejects a verdict on an open approval task, with completed: false, or on a non-approval task', async () => {
    const open = await api.put(sb, '/steps/108', { approval_status: 'approved' });
    expect(open.status).toBe(422);
    expect(open.body.errors.approval_status).toHaveLength(1);
    const reopening = await api.put(sb, '/steps/104', { completed: false, approval_status: 'approved' });
    expect(reopening.status).toBe(422);
    const plain = await api.put(sb, '/steps/103', { completed: true, approval_status: 'approved' });
    expect(plain.status).toBe(422);
    const unknown = await api.put(sb, '/steps/108', { completed: true, approval_status: 'maybe' });
    expect(unknown.status).toBe(422);
    expect(sb.state.steps[108]?.completed).toBe(false);
  });

  it('keeps approval_status null for ordinary tasks', async () => {
    const r = await api.put(sb, '/steps/103', { completed: true });
    expect(r.body.data).toMatchObject({ completed: true, is_approval: false, approval_status: null });
  });

  it('lets a client user sign off a visible approval task but not edit it otherwise', async () => {
    const r = await api.put(sb, '/steps/108', { completed: true, approval_status: 'not_approved' }, { as: 'client' });
    expect(r.status).toBe(200);
    expect(r.body.data.approval_status).toBe('not_approved');
    expect((await api.put(sb, '/steps/108', { title: 'Renamed' }, { as: 'client' })).status).toBe(403);
    expect((await api.put(sb, '/steps/117', { completed: true }, { as: 'client' })).status).toBe(404);
  });
});

describe('update', () => {
  it('clears a due date with null and rejects a bad one', async () => {
    const cleared = await api.put(sb, '/steps/103', { due_date: null });
    expect(cleared.body.data.due_date).toBe('');
    const bad = await api.put(sb, '/steps/103', { due_date: '2025-13-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.due_date).toBeDefined();
  });

  it('rejects wrong JSON types on update', async () => {
    const r = await api.put(sb, '/steps/103', { completed: 'true', phase_id: '42', title: null });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['completed', 'phase_id', 'title']);
  });

  it('moves a task to an internal phase, which hides it from the client', async () => {
    const r = await api.put(sb, '/steps/106', { phase_id: 43 });
    expect(r.status).toBe(200);
    expect(r.body.data.phase).toEqual({ id: 43, title: 'Internal QA', is_internal: true });
    expect((await api.get(sb, '/steps/106', { as: 'client' })).status).toBe(404);
    expect(orderOf(43).at(-1)).toBe(106);
  });

  it('moves a task to another project of the company, and refuses another company’s phase', async () => {
    const r = await api.put(sb, '/steps/106', { phase_id: 44 });
    expect(r.body.data.project).toEqual({ id: 32, title: 'Blue Harbor Brand Refresh' });
    const foreign = await api.put(sb, '/steps/106', { phase_id: 48 });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.phase_id).toBeDefined();
  });
});

describe('reorder', () => {
  it('moves a task first, last and after another, returning its new order', async () => {
    expect(orderOf(41)).toEqual([101, 102, 103, 104, 105, 106]);
    const first = await api.post(sb, '/steps/106/reorder', { position: 'first' });
    expect(first.status).toBe(200);
    expect(first.body.data.order).toBe(1);
    expect(orderOf(41)).toEqual([106, 101, 102, 103, 104, 105]);
    const after = await api.post(sb, '/steps/106/reorder', { after_step_id: 103 });
    expect(after.body.data.order).toBe(4);
    expect(orderOf(41)).toEqual([101, 102, 103, 106, 104, 105]);
    const last = await api.post(sb, '/steps/101/reorder', { position: 'last' });
    expect(last.body.data.order).toBe(6);
    expect(orderOf(41)).toEqual([102, 103, 106, 104, 105, 101]);
  });

  it.each([
    ['after a task of another phase', { after_step_id: 113 }, 'after_step_id'],
    ['without position or after_step_id', {}, 'position'],
    ['an unknown position', { position: 'middle' }, 'position'],
    ['after_step_id as a string', { after_step_id: '103' }, 'after_step_id'],
  ])('rejects reordering %s with 422', async (_, body, field) => {
    const r = await api.post(sb, '/steps/106/reorder', body);
    expect(r.status).toBe(422);
    expect(r.body.errors[field]).toBeDefined();
    expect(orderOf(41)).toEqual([101, 102, 103, 104, 105, 106]);
  });
});

describe('delete', () => {
  it('lets a team member delete a task (204, then 404) and forbids clients', async () => {
    expect((await api.del(sb, '/steps/102', { as: 'client' })).status).toBe(403);
    const r = await api.del(sb, '/steps/102', { as: 'member' });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await api.get(sb, '/steps/102')).status).toBe(404);
    expect(sb.state.steps[102]).toBeUndefined();
  });
});
