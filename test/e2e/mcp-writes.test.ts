// `pwctl mcp --allow-writes` end to end: each write tool changes the sandbox's state the way
// the matching CLI verb does, with the API's field names and JSON types on the wire; bulk
// tools report every item and are error results when some failed.
import { afterEach, describe, expect, it } from 'vitest';
import { seedDocumentUuid } from '../../src/sandbox/index.js';
import { sandboxEnv } from '../helpers/cli.js';
import { connectMcp, textOf, type McpSession } from '../helpers/mcp-client.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
let session: McpSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function writer(): Promise<McpSession> {
  session = await connectMcp({ flags: ['--allow-writes'], env: sandboxEnv(cli.sb) });
  return session;
}

function dataOf<T>(result: { structuredContent?: unknown }): T {
  return (result.structuredContent as { data: T }).data;
}

describe('tasks', () => {
  it('steps_create sends only the given fields and creates the task', async () => {
    const s = await writer();
    const result = await s.call('steps_create', {
      phase_id: 41,
      title: 'Draft the brief',
      due_date: '2026-12-15',
      is_approval: true,
    });
    expect(result.isError).toBeFalsy();
    const created = dataOf<{ id: number; title: string }>(result);
    expect(cli.sent('/api/v1/steps', 'POST')[0]!.body).toEqual({
      title: 'Draft the brief',
      phase_id: 41,
      due_date: '2026-12-15',
      is_approval: true,
    });
    expect(cli.sb.state.steps[created.id]).toMatchObject({
      title: 'Draft the brief',
      phase_id: 41,
      due_date: '2026-12-15',
      is_approval: true,
    });
  });

  it('steps_update clears a due date with null; steps_move changes the phase; steps_reorder moves it first', async () => {
    const s = await writer();
    await s.call('steps_update', { id: 103, due_date: null, title: 'Interviews' });
    expect(cli.sb.state.steps[103]).toMatchObject({ due_date: null, title: 'Interviews' });
    expect(cli.sent('/api/v1/steps/103', 'PUT')[0]!.body).toEqual({ title: 'Interviews', due_date: null });
    await s.call('steps_move', { id: 103, phase_id: 42 });
    expect(cli.sb.state.steps[103]!.phase_id).toBe(42);
    const reordered = await s.call('steps_reorder', { id: 103, position: 'first' });
    expect(dataOf<{ order: number }>(reordered).order).toBe(1);
    expect(cli.sb.state.steps[103]!.order).toBe(1);
  });

  it('steps_complete reports every item; some failing makes it an error result', async () => {
    const s = await writer();
    const result = await s.call('steps_complete', { ids: [103, 99999] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      data: [
        { id: 103, ok: true, data: { id: 103, completed: true } },
        { id: 99999, ok: false, status: 404, error: expect.stringMatching(/404 Not Found/) },
      ],
      failed: 1,
    });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    expect(cli.sb.state.steps[103]!.completed).toBe(true);
    const reopened = await s.call('steps_reopen', { ids: [103] });
    expect(reopened.isError).toBeFalsy();
    expect(cli.sb.state.steps[103]!.completed).toBe(false);
  });

  it('steps_delete deletes', async () => {
    const s = await writer();
    const result = await s.call('steps_delete', { ids: [104, 105] });
    expect(dataOf<unknown[]>(result)).toEqual([
      { id: 104, ok: true, data: null },
      { id: 105, ok: true, data: null },
    ]);
    expect(cli.sb.state.steps[104]).toBeUndefined();
    expect(cli.sb.state.steps[105]).toBeUndefined();
  });
});

describe('tags', () => {
  it('tags_add keeps JSON types: the number 61 is a tag id, the string "2024" a tag name', async () => {
    const s = await writer();
    const result = await s.call('tags_add', { step_id: 109, tags: [61, '2024'] });
    expect(result.isError).toBeFalsy();
    expect(cli.sent(/^\/api\/v1\/steps\/109\/tags/, 'POST')[0]!.body).toEqual({ tags: [61, '2024'] });
    expect(cli.sb.state.steps[109]!.tag_ids.sort()).toEqual([61, 65]);
    expect(
      dataOf<{ added: Array<{ id: number }> }>(result)
        .added.map((t) => t.id)
        .sort(),
    ).toEqual([61, 65]);
  });

  it('tags_set [] clears the tags; tags_remove takes ids (and names); create_missing false is sent', async () => {
    const s = await writer();
    await s.call('tags_set', { step_id: 107, tags: [] });
    expect(cli.sb.state.steps[107]!.tag_ids).toEqual([]);
    await s.call('tags_set', { step_id: 107, tags: [62, 'urgent'], create_missing: false });
    expect(cli.sent(/^\/api\/v1\/steps\/107\/tags/, 'PUT')[1]!.body).toEqual({
      tags: [62, 'urgent'],
      create_missing: false,
    });
    // Without tags: the rule an agent can meet, in its own words (never the command line's --clear).
    const none = await s.call('tags_set', { step_id: 107 });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toMatch(/give exactly one of tags$/);
    expect(textOf(none)).not.toMatch(/clear/);
    await s.call('tags_remove', { step_id: 107, tags: [62] });
    expect(cli.sb.state.steps[107]!.tag_ids).toEqual([61]);
    const unknown = await s.call('tags_add', { step_id: 107, tags: ['no-such-tag'], create_missing: false });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/422 Unprocessable Content/);
  });
});

describe('documents and milestones', () => {
  it('docs_create, docs_update and docs_delete change the documents', async () => {
    const s = await writer();
    const created = dataOf<{ uuid: string }>(
      await s.call('docs_create', { title: 'Kick-off notes', project_id: 31, content: '# Notes' }),
    );
    expect(cli.sb.state.documents[created.uuid]).toMatchObject({ title: 'Kick-off notes', content: '# Notes' });
    await s.call('docs_update', { uuid: created.uuid, edit_access: 'collaborative', is_internal: false });
    expect(cli.sb.state.documents[created.uuid]).toMatchObject({ edit_access: 'collaborative', is_internal: false });
    const deleted = await s.call('docs_delete', { uuids: [created.uuid, seedDocumentUuid(81)] });
    expect(deleted.isError).toBeFalsy();
    expect(cli.sb.state.documents[created.uuid]).toBeUndefined();
    expect(cli.sb.state.documents[seedDocumentUuid(81)]).toBeUndefined();
  });

  it('a document body with a broken ::: container is refused before any request', async () => {
    const s = await writer();
    cli.mark();
    const result = await s.call('docs_create', { title: 'x', project_id: 31, content: ':::callout\nnever closed' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^error: content: line 1: /);
    expect(cli.sent('/api/v1/')).toEqual([]);
  });

  it('milestones_create, milestones_update and milestones_delete change the milestones', async () => {
    const s = await writer();
    const created = dataOf<{ id: number }>(
      await s.call('milestones_create', { project_id: 31, title: 'Beta', due_date: '2026-12-01', color: '#1e90ff' }),
    );
    expect(cli.sb.state.milestones[created.id]).toMatchObject({
      title: 'Beta',
      due_date: '2026-12-01',
      color: '#1e90ff',
      project_id: 31,
    });
    await s.call('milestones_update', { id: created.id, due_date: '2026-12-08' });
    expect(cli.sb.state.milestones[created.id]!.due_date).toBe('2026-12-08');
    await s.call('milestones_delete', { ids: [created.id] });
    expect(cli.sb.state.milestones[created.id]).toBeUndefined();
  });
});
