// Documents: visibility, permissions, validation, excerpts and attachment preservation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import { seedDocumentUuid, type RunningSandbox } from '../../src/sandbox/index.js';
import { api, ids } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
beforeEach(() => sb.reset());
afterAll(() => sb.close());

const BRIEF = seedDocumentUuid(81); // client-visible, project 31, has [[attachment:brief.pdf]]
const ESTIMATE = seedDocumentUuid(82); // internal
const NOTES = seedDocumentUuid(83); // client-visible, collaborative
const BLUE_HARBOR = seedDocumentUuid(85); // client-visible, another client
const GLOBEX = seedDocumentUuid(86); // another company
const EMPTY = seedDocumentUuid(87); // internal, no body

describe('visibility', () => {
  it('lists everything of the company for the team, most recently updated first', async () => {
    const r = await api.get(sb, '/documents');
    expect(ids(r.body.data)).toEqual([81, 82, 83, 84, 85, 87]);
    expect(r.body.data[0]).not.toHaveProperty('content');
  });

  it('never gives a client user internal documents or another client’s', async () => {
    const list = await api.get(sb, '/documents', { as: 'client' });
    expect(ids(list.body.data)).toEqual([81, 83]);
    const internalOnly = await api.get(sb, '/documents?is_internal=true', { as: 'client' });
    expect(internalOnly.body.data).toEqual([]);
    expect((await api.get(sb, `/documents/${ESTIMATE}`, { as: 'client' })).status).toBe(404);
    expect((await api.get(sb, `/documents/${BLUE_HARBOR}`, { as: 'client' })).status).toBe(404);
    expect((await api.get(sb, `/documents/${BRIEF}`, { as: 'client' })).status).toBe(200);
  });

  it('answers 404 for another company’s document and 403 for its company filter', async () => {
    expect((await api.get(sb, `/documents/${GLOBEX}`)).status).toBe(404);
    expect((await api.get(sb, '/documents?company_id=2')).status).toBe(403);
  });

  it('filters by project, client and is_internal, and adds content on request', async () => {
    expect(ids((await api.get(sb, '/documents?project_id=32')).body.data)).toEqual([85]);
    expect(ids((await api.get(sb, '/documents?client_id=11&is_internal=false')).body.data)).toEqual([81, 83]);
    const doc = (await api.get(sb, `/documents/${BRIEF}?include=content`)).body.data;
    expect(doc.content).toContain(':::callout{emoji="🎯" color="coral"}');
    expect(doc.content).toContain('[[attachment:brief.pdf]]');
    expect(doc.excerpt.startsWith('Project brief Acme wants a faster')).toBe(true);
    expect(doc.excerpt).not.toContain(':::');
  });
});

describe('create', () => {
  it('creates an internal team document by default, with 201', async () => {
    const r = await api.post(sb, '/documents', { title: 'Retro', company_id: 1, content: '# Retro\n\nWent well.' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      title: 'Retro',
      is_internal: true,
      edit_access: 'team',
      author: { id: 1, name: 'Maya Patel' },
      project: null,
      client: null,
      company: { id: 1 },
      excerpt: 'Retro Went well.',
    });
    expect(r.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('infers the company from the project and cuts the excerpt at 200 characters', async () => {
    const r = await api.post(sb, '/documents', {
      title: 'Long',
      project_id: 31,
      is_internal: false,
      content: `**${'x'.repeat(300)}**`,
    });
    expect(r.body.data.company).toEqual({ id: 1, title: 'Northwind Studio' });
    expect(r.body.data.project).toEqual({ id: 31, title: 'Acme Website Redesign' });
    expect(r.body.data.excerpt).toBe('x'.repeat(200));
  });

  it.each([
    ['no title', { company_id: 1 }, ['title']],
    ['no company, project or client', { title: 't' }, ['company_id']],
    ['another company’s project', { title: 't', project_id: 34 }, ['project_id']],
    ['another company’s client', { title: 't', company_id: 1, client_id: 21 }, ['client_id']],
    ['is_internal as a string', { title: 't', company_id: 1, is_internal: 'false' }, ['is_internal']],
    ['company_id as a string', { title: 't', company_id: '1' }, ['company_id']],
  ])('rejects %s with 422', async (_, body, fields) => {
    const r = await api.post(sb, '/documents', body);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(fields);
  });

  it('answers 403 for another company and for client users', async () => {
    expect((await api.post(sb, '/documents', { title: 't', company_id: 2 })).status).toBe(403);
    expect((await api.post(sb, '/documents', { title: 't', company_id: 1 }, { as: 'client' })).status).toBe(403);
  });
});

describe('update', () => {
  it('refuses empty content for a document that has a body, with the exact message', async () => {
    const r = await api.put(sb, `/documents/${BRIEF}`, { content: '' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ content: ['The content field must not be empty for a document that has a body.'] });
    expect(sb.state.documents[BRIEF]?.content).toContain('Project brief');
  });

  it('accepts empty content for a document without a body', async () => {
    expect((await api.put(sb, `/documents/${EMPTY}`, { content: '' })).status).toBe(200);
  });

  it('keeps attachments when new content omits them, in place', async () => {
    const r = await api.put(sb, `/documents/${BRIEF}?include=content`, {
      content: '# Project brief\n\nShorter brief.\n\n## Timeline\n\nMay.',
    });
    expect(r.status).toBe(200);
    const lines = r.body.data.content.split('\n');
    expect(lines).toContain('[[attachment:brief.pdf]]');
    expect(lines.indexOf('[[attachment:brief.pdf]]')).toBeLessThan(lines.indexOf('## Timeline'));
    expect(r.body.data.content).not.toContain(':::callout');
  });

  it('upgrades an attachment kept as a plain link back to the attachment', async () => {
    await api.put(sb, `/documents/${BRIEF}`, {
      content: 'Intro\n\n[brief.pdf](https://files.example/brief.pdf)\n\nEnd',
    });
    expect(sb.state.documents[BRIEF]?.content).toBe('Intro\n\n[[attachment:brief.pdf]]\n\nEnd');
  });

  it('removes attachments when allow_removing_attachments is true', async () => {
    await api.put(sb, `/documents/${BRIEF}`, { content: 'Only text.', allow_removing_attachments: true });
    expect(sb.state.documents[BRIEF]?.content).toBe('Only text.');
  });

  it('lets team members change is_internal, which then hides the document from clients', async () => {
    const r = await api.put(sb, `/documents/${BRIEF}`, { is_internal: true, edit_access: 'private' }, { as: 'member' });
    expect(r.body.data).toMatchObject({ is_internal: true, edit_access: 'private' });
    expect((await api.get(sb, `/documents/${BRIEF}`, { as: 'client' })).status).toBe(404);
  });

  it('lets client users edit collaborative documents only, and never the audience flags', async () => {
    expect((await api.put(sb, `/documents/${NOTES}`, { title: 'Notes (Chloe)' }, { as: 'client' })).status).toBe(200);
    expect((await api.put(sb, `/documents/${BRIEF}`, { title: 'Mine' }, { as: 'client' })).status).toBe(403);
    expect((await api.put(sb, `/documents/${NOTES}`, { is_internal: true }, { as: 'client' })).status).toBe(403);
    expect((await api.put(sb, `/documents/${NOTES}`, { edit_access: 'team' }, { as: 'client' })).status).toBe(403);
    expect(sb.state.documents[NOTES]).toMatchObject({
      title: 'Notes (Chloe)',
      is_internal: false,
      edit_access: 'collaborative',
    });
  });

  it('rejects an unknown edit_access and a non-string title', async () => {
    const r = await api.put(sb, `/documents/${BRIEF}`, { edit_access: 'public', title: 3 });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['edit_access', 'title']);
  });
});

describe('delete', () => {
  it('answers 403 to client users and 204 to team members', async () => {
    expect((await api.del(sb, `/documents/${BRIEF}`, { as: 'client' })).status).toBe(403);
    expect((await api.del(sb, `/documents/${BRIEF}`, { as: 'member' })).status).toBe(204);
    expect((await api.get(sb, `/documents/${BRIEF}`)).status).toBe(404);
    expect((await api.del(sb, `/documents/${GLOBEX}`)).status).toBe(404);
  });
});
