// Task tags: id vs name typing, company scoping, retired sets, and the change envelope.
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

/** Seed tags of company 1: 61 urgent, 62 design, 63 backend, 64 copy, 65 "2024", 68 blocked;
 * retired set: 66 legacy-review, 67 legacy-qa. Company 2: 69 globex-only, 70 urgent.
 * Task 112 has [64, 66]; task 101 has none. */
const tagCount = (): number => Object.keys(sb.state.tags).length;

describe('reading', () => {
  it('lists a task’s tags, retired ones included, in the change envelope', async () => {
    const r = await api.get(sb, '/steps/112/tags');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: [
        { id: 64, name: 'copy', color: 'mint' },
        { id: 66, name: 'legacy-review', color: 'coral' },
      ],
      added: [],
      removed: [],
      created: [],
    });
  });

  it('lets a client user read tags of a visible task but not change them', async () => {
    expect((await api.get(sb, '/steps/112/tags', { as: 'client' })).status).toBe(200);
    expect((await api.post(sb, '/steps/112/tags', { tags: [61] }, { as: 'client' })).status).toBe(403);
    expect((await api.put(sb, '/steps/112/tags', { tags: [] }, { as: 'client' })).status).toBe(403);
    expect((await api.del(sb, '/steps/112/tags/64', { as: 'client' })).status).toBe(403);
    expect(sb.state.steps[112]?.tag_ids).toEqual([64, 66]);
  });
});

describe('adding', () => {
  it('adds by id with 201 and treats a repeat as a no-op', async () => {
    const r = await api.post(sb, '/steps/101/tags', { tags: [61] }, { as: 'member' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      data: [{ id: 61, name: 'urgent', color: 'mandarin' }],
      added: [{ id: 61, name: 'urgent', color: 'mandarin' }],
      removed: [],
      created: [],
    });
    const again = await api.post(sb, '/steps/101/tags', { tags: [61] });
    expect(again.status).toBe(201);
    expect(again.body.added).toEqual([]);
    expect(ids(again.body.data)).toEqual([61]);
  });

  it('matches names case-insensitively within the caller’s company only', async () => {
    const r = await api.post(sb, '/steps/101/tags', { tags: ['URGENT', 'Design'] });
    expect(ids(r.body.added)).toEqual([61, 62]);
    expect(r.body.created).toEqual([]);
  });

  it('tells id from name by JSON type: "2024" is the tag named 2024, 2024 is a (missing) id', async () => {
    const byName = await api.post(sb, '/steps/101/tags', { tags: ['2024'] });
    expect(ids(byName.body.added)).toEqual([65]);
    const byId = await api.post(sb, '/steps/101/tags', { tags: [2024] });
    expect(byId.status).toBe(422);
    expect(byId.body.errors['tags.0']).toBeDefined();
    const numericName = await api.post(sb, '/steps/101/tags', { tags: ['65'] });
    expect(numericName.status).toBe(201);
    expect(numericName.body.created).toHaveLength(1);
    expect(numericName.body.created[0].name).toBe('65');
    expect(numericName.body.created[0].id).not.toBe(65);
  });

  it('creates missing names by default and reports them in created and added', async () => {
    const before = tagCount();
    const r = await api.post(sb, '/steps/101/tags', { tags: ['launch', 'Launch'] });
    expect(r.status).toBe(201);
    expect(r.body.created).toHaveLength(1);
    expect(r.body.added).toEqual(r.body.created);
    expect(tagCount()).toBe(before + 1);
    expect(sb.state.tags[r.body.created[0].id]?.company_id).toBe(1);
  });

  it('rejects an unknown name with create_missing: false and creates nothing', async () => {
    const before = tagCount();
    const r = await api.post(sb, '/steps/101/tags', { tags: [61, 'nope'], create_missing: false });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['tags.1']);
    expect(tagCount()).toBe(before);
    expect(sb.state.steps[101]?.tag_ids).toEqual([]);
  });

  it('never applies another company’s tag, by id or by name', async () => {
    const byId = await api.post(sb, '/steps/101/tags', { tags: [69] });
    expect(byId.status).toBe(422);
    const byName = await api.post(sb, '/steps/101/tags', { tags: ['globex-only'], create_missing: false });
    expect(byName.status).toBe(422);
    expect((await api.post(sb, '/steps/131/tags', { tags: [61] })).status).toBe(404);
  });

  it('rejects more than 100 references, and accepts exactly 100', async () => {
    const before = tagCount();
    const tooMany = await api.post(sb, '/steps/101/tags', { tags: Array.from({ length: 101 }, (_, i) => `t${i}`) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.tags).toBeDefined();
    expect(tagCount()).toBe(before);
    const hundred = await api.post(sb, '/steps/101/tags', { tags: Array.from({ length: 100 }, () => 61) });
    expect(hundred.status).toBe(201);
  });

  it.each([
    ['a boolean', [true], 'tags.0'],
    ['a fractional number', [61, 1.5], 'tags.1'],
    ['an empty name', [''], 'tags.0'],
    ['an object', [{ id: 61 }], 'tags.0'],
  ])('rejects %s as a tag reference', async (_, tags, field) => {
    const r = await api.post(sb, '/steps/101/tags', { tags });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual([field]);
  });

  it('rejects a missing or non-array tags field and a non-boolean create_missing', async () => {
    expect((await api.post(sb, '/steps/101/tags', {})).body.errors.tags).toBeDefined();
    expect((await api.post(sb, '/steps/101/tags', { tags: 'urgent' })).body.errors.tags).toBeDefined();
    const flag = await api.post(sb, '/steps/101/tags', { tags: ['x'], create_missing: 'false' });
    expect(flag.status).toBe(422);
    expect(flag.body.errors.create_missing).toBeDefined();
  });
});

describe('retired tags', () => {
  it('refuses to add a retired tag by id or by name', async () => {
    const byId = await api.post(sb, '/steps/101/tags', { tags: [66] });
    expect(byId.status).toBe(422);
    expect(byId.body.errors['tags.0'][0]).toMatch(/retired/);
    const byName = await api.post(sb, '/steps/101/tags', { tags: ['LEGACY-QA'] });
    expect(byName.status).toBe(422);
  });

  it('refuses to remove a retired tag', async () => {
    const r = await api.del(sb, '/steps/112/tags/66');
    expect(r.status).toBe(422);
    expect(sb.state.steps[112]?.tag_ids).toContain(66);
  });

  it('keeps retired tags in place on PUT', async () => {
    const r = await api.put(sb, '/steps/112/tags', { tags: [62] });
    expect(r.status).toBe(200);
    expect(ids(r.body.data)).toEqual([66, 62]);
    expect(ids(r.body.added)).toEqual([62]);
    expect(ids(r.body.removed)).toEqual([64]);
    const cleared = await api.put(sb, '/steps/112/tags', { tags: [] });
    expect(ids(cleared.body.data)).toEqual([66]);
    expect(ids(cleared.body.removed)).toEqual([62]);
  });

  it('rejects naming a retired tag in a PUT', async () => {
    const r = await api.put(sb, '/steps/112/tags', { tags: [62, 66] });
    expect(r.status).toBe(422);
    expect(sb.state.steps[112]?.tag_ids).toEqual([64, 66]);
  });
});

describe('removing', () => {
  it('removes one tag and lists the rest; removing an absent tag is a no-op', async () => {
    const r = await api.del(sb, '/steps/112/tags/64');
    expect(r.status).toBe(200);
    expect(ids(r.body.data)).toEqual([66]);
    expect(ids(r.body.removed)).toEqual([64]);
    const again = await api.del(sb, '/steps/112/tags/64');
    expect(again.status).toBe(200);
    expect(again.body.removed).toEqual([]);
  });
});
