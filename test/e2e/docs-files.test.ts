// `docs pull` and `docs push` end to end: files with the contract's front matter, bodies
// from the list (never one GET per document), rewriting in place, pull → edit → push
// sending exactly one PUT, conflicts refused unless --force, new files created, --dry-run.
import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedDocumentUuid } from '../../src/sandbox/index.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { changeDocumentOnService } from '../helpers/sandbox.js';

const cli = useSandboxCli();
const pw = cli.pw;
const BRIEF = seedDocumentUuid(81);
const NOTES = seedDocumentUuid(83);

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'pwctl-docs-')), 'handbook');
});

const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const frontMatter = (name: string) => parse(read(name).split('---\n')[1]!) as Record<string, unknown>;
const edit = (name: string, from: string | RegExp, to: string) =>
  writeFileSync(join(dir, name), read(name).replace(from, to));
const mdFiles = () =>
  readdirSync(dir)
    .filter((n) => n.endsWith('.md'))
    .sort();

const changeOnService = (uuid: string, body: Record<string, unknown>) => changeDocumentOnService(cli.sb, uuid, body);

describe('docs pull', () => {
  it('writes one file per readable document from one list request, front matter then body', async () => {
    const r = await pw(['docs', 'pull', dir, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(cli.sent('/api/v1/').map((e) => [e.method, e.path, e.query])).toEqual([
      ['GET', '/api/v1/documents', { include: 'content', per_page: '1000' }],
    ]);
    expect(mdFiles()).toEqual([
      'acme-meeting-notes-2025-01-10.md',
      'agency-handbook.md',
      'blue-harbor-creative-brief.md',
      'internal-estimate-notes.md',
      'project-brief.md',
      'untitled-draft.md',
    ]);
    const doc = cli.sb.state.documents[BRIEF]!;
    expect(Object.keys(frontMatter('project-brief.md'))).toEqual([
      'uuid',
      'title',
      'updated_at',
      'is_internal',
      'edit_access',
      'project_id',
      'client_id',
      'company_id',
    ]);
    expect(frontMatter('project-brief.md')).toEqual({
      uuid: BRIEF,
      title: 'Project brief',
      updated_at: doc.updated_at,
      is_internal: false,
      edit_access: 'team',
      project_id: 31,
      client_id: 11,
      company_id: 1,
    });
    expect(read('project-brief.md').split('\n---\n').slice(1).join('\n---\n')).toBe(
      doc.content.endsWith('\n') ? doc.content : `${doc.content}\n`,
    );
    expect(JSON.parse(r.stdout)).toContainEqual({
      id: 'project-brief.md',
      ok: true,
      data: { action: 'created', uuid: BRIEF, title: 'Project brief', updated_at: doc.updated_at },
    });
  });

  it('--dry-run says what would be written and writes nothing', async () => {
    const r = await pw(['docs', 'pull', dir, '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('project-brief.md\twould be created\tProject brief\n');
    expect(r.stderr).toBe(`--dry-run: 6 documents would be pulled into ${dir}; nothing was written\n`);
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  });

  it('a client user gets only client-visible documents', async () => {
    expect((await pw(['docs', 'pull', dir, '-q'], { role: 'client' })).code).toBe(0);
    expect(mdFiles()).toEqual(['acme-meeting-notes-2025-01-10.md', 'project-brief.md']);
  });

  it('a second pull rewrites each document in its own file, whatever the file is called now', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    renameSync(join(dir, 'project-brief.md'), join(dir, 'brief.md'));
    await changeOnService(BRIEF, { title: 'Acme brief', content: 'New body' });
    const r = await pw(['docs', 'pull', dir, '-o', 'json']);
    expect(r.code).toBe(0);
    const actions = Object.fromEntries(
      (JSON.parse(r.stdout) as { id: string; data: { action: string } }[]).map((x) => [x.id, x.data.action]),
    );
    expect(actions['brief.md']).toBe('updated');
    expect(Object.values(actions).filter((a) => a === 'unchanged')).toHaveLength(5);
    expect(mdFiles()).not.toContain('acme-brief.md');
    expect(frontMatter('brief.md').title).toBe('Acme brief');
    expect(read('brief.md').split('---\n')[2]).toBe(`${cli.sb.state.documents[BRIEF]!.content}\n`);
    expect(read('brief.md')).toContain('---\nNew body\n');
  });

  it('gives documents with the same title unique names', async () => {
    const created = await pw(['docs', 'create', '--title', 'Project Brief!', '--project', '31', '-o', 'json']);
    expect(created.code).toBe(0);
    await pw(['docs', 'pull', dir, '-q']);
    expect(mdFiles()).toContain('project-brief-2.md');
    expect([frontMatter('project-brief.md').uuid, frontMatter('project-brief-2.md').uuid].sort()).toEqual(
      [BRIEF, JSON.parse(created.stdout).uuid].sort(),
    );
  });

  it('does not overwrite a file edited since the pull, unless --force', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    edit('project-brief.md', 'Launch in May', 'Launch in June');
    await changeOnService(BRIEF, { title: 'Renamed on the service' });
    const r = await pw(['docs', 'pull', dir]);
    expect(r.code).toBe(8);
    expect(r.stdout).toMatch(
      /project-brief\.md\tfailed\tnot overwritten: project-brief\.md was edited since it was last pulled or pushed/,
    );
    expect(read('project-brief.md')).toContain('Launch in June');
    expect((await pw(['docs', 'pull', dir, '--force', '-q'])).code).toBe(0);
    expect(read('project-brief.md')).not.toContain('Launch in June');
    expect(frontMatter('project-brief.md').title).toBe('Renamed on the service');
  });
});

describe('docs push', () => {
  it('pull → edit → push sends exactly one PUT with the changed field, and the file is current after', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    edit('project-brief.md', 'Launch in May', 'Launch in June');
    cli.mark();
    const r = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(r.code).toBe(0);
    const writes = cli.sent('/api/v1/').filter((e) => e.method !== 'GET');
    expect(writes.map((e) => [e.method, e.path, Object.keys(e.body as object)])).toEqual([
      ['PUT', `/api/v1/documents/${BRIEF}`, ['content']],
    ]);
    const doc = cli.sb.state.documents[BRIEF]!;
    expect(doc.content).toContain('Launch in June');
    expect(frontMatter('project-brief.md').updated_at).toBe(doc.updated_at);
    const results = JSON.parse(r.stdout) as { id: string; ok: boolean; data: { action: string; changed?: string[] } }[];
    expect(results.find((x) => x.id === 'project-brief.md')!.data).toMatchObject({
      action: 'updated',
      changed: ['content'],
    });
    expect(results.filter((x) => x.data.action === 'skipped')).toHaveLength(5);

    cli.mark();
    expect((await pw(['docs', 'push', dir, '-q'])).code).toBe(0);
    expect(cli.sent('/api/v1/')).toEqual([]);
  });

  it('a file unchanged since its pull sends nothing, whatever the service now holds', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    await changeOnService(BRIEF, { content: 'Rewritten on the service' });
    cli.mark();
    const r = await pw(['docs', 'push', dir]);
    expect(r.code).toBe(0);
    expect(cli.sent('/api/v1/')).toEqual([]);
    expect(cli.sb.state.documents[BRIEF]!.content).toMatch(/^Rewritten on the service/);
  });

  it('refuses a conflict, sends nothing of that file, and overwrites it with --force', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    edit('project-brief.md', 'Launch in May', 'Launch in June');
    edit('acme-meeting-notes-2025-01-10.md', /$/, 'One more line\n');
    await changeOnService(BRIEF, { title: 'Changed meanwhile' });
    const before = read('project-brief.md');
    cli.mark();
    const r = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(r.code).toBe(8);
    const results = JSON.parse(r.stdout) as { id: string; ok: boolean; error?: string }[];
    expect(results.find((x) => x.id === 'project-brief.md')).toEqual({
      id: 'project-brief.md',
      ok: false,
      status: null,
      error: expect.stringMatching(
        /^conflict: the document changed on the service \(updated_at .*\) since this file's pull \(.*\); nothing was sent/,
      ),
    });
    expect(
      cli
        .sent('/api/v1/')
        .filter((e) => e.method !== 'GET')
        .map((e) => e.path),
    ).toEqual([`/api/v1/documents/${NOTES}`]);
    expect(read('project-brief.md')).toBe(before);
    expect(cli.sb.state.documents[BRIEF]!.title).toBe('Changed meanwhile');

    cli.mark();
    const forced = await pw(['docs', 'push', dir, '--force', '-q']);
    expect(forced.code).toBe(0);
    const puts = cli.sent('/api/v1/', 'PUT');
    expect(puts.map((e) => [e.path, Object.keys(e.body as object).sort()])).toEqual([
      [`/api/v1/documents/${BRIEF}`, ['content', 'title']],
    ]);
    expect(cli.sb.state.documents[BRIEF]).toMatchObject({ title: 'Project brief' });
    expect(cli.sb.state.documents[BRIEF]!.content).toContain('Launch in June');
  });

  it('creates a document from a file without a uuid and writes the uuid back', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    writeFileSync(
      join(dir, 'kick-off.md'),
      '---\ntitle: Kick-off notes\nproject_id: 31\nis_internal: false\nedit_access: collaborative\nlayout: page\n---\nAgenda\n',
    );
    cli.mark();
    const r = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(r.code).toBe(0);
    const writes = cli.sent('/api/v1/').filter((e) => e.method !== 'GET');
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/documents',
      body: { title: 'Kick-off notes', content: 'Agenda\n', project_id: 31, is_internal: false },
    });
    const uuid = frontMatter('kick-off.md').uuid as string;
    expect(writes.slice(1).map((e) => [e.method, e.path, e.body])).toEqual([
      ['PUT', `/api/v1/documents/${uuid}`, { edit_access: 'collaborative' }],
    ]);
    expect(cli.sb.state.documents[uuid]).toMatchObject({
      title: 'Kick-off notes',
      edit_access: 'collaborative',
      is_internal: false,
    });
    expect(frontMatter('kick-off.md')).toMatchObject({
      uuid,
      updated_at: cli.sb.state.documents[uuid]!.updated_at,
      company_id: 1,
      layout: 'page',
    });
    expect(read('kick-off.md').endsWith('---\nAgenda\n')).toBe(true);
    cli.mark();
    expect((await pw(['docs', 'push', dir, '-q'])).code).toBe(0);
    expect(cli.sent('/api/v1/')).toEqual([]);
  });

  it('a new file that names no owner goes to the only company the token reaches, as docs create has it', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    writeFileSync(join(dir, 'ownerless.md'), '---\ntitle: Ownerless\n---\nNo owner named\n');
    const dry = await pw(['docs', 'push', dir, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(
      'ownerless.md names no company, project or client: for Northwind Studio (1), the only company your token reaches (company_id: 1)\n',
    );
    expect(dry.stderr).toContain('would create ownerless.md\n');
    cli.mark();
    const r = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(cli.sent('/api/v1/documents', 'POST').map((e) => e.body)).toEqual([
      { title: 'Ownerless', content: 'No owner named\n', company_id: 1 },
    ]);
    expect(frontMatter('ownerless.md')).toMatchObject({ company_id: 1, uuid: expect.any(String) });
  });

  it('when the token reaches several companies, only the files that name no owner fail (exit 8)', async () => {
    cli.sb.state.users[1]!.memberships.push({ company_id: 2, role: 'manager' });
    await pw(['docs', 'pull', dir, '-q']);
    edit('project-brief.md', 'Launch in May', 'Launch in June');
    writeFileSync(join(dir, 'ownerless.md'), '---\ntitle: Ownerless\n---\nNo owner named\n');
    writeFileSync(join(dir, 'owned.md'), '---\ntitle: Owned\ncompany_id: 2\n---\nGlobex page\n');
    cli.mark();
    const r = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(r.code).toBe(8);
    const results = JSON.parse(r.stdout) as Record<string, any>[];
    const byFile = Object.fromEntries(results.map((x) => [x.id, x]));
    expect(byFile['ownerless.md']).toMatchObject({
      ok: false,
      status: null,
      error:
        'a new document belongs to a company, and your token reaches 2 companies (Northwind Studio (1), Globex Creative (2)): add company_id: <id> (or project_id, client_id) to its front matter, or set a default with `pwctl config set company <id>`; nothing was sent',
    });
    expect(byFile['owned.md']).toMatchObject({ ok: true, data: { action: 'created' } });
    expect(byFile['project-brief.md']).toMatchObject({ ok: true, data: { action: 'updated' } });
    expect(cli.sent('/api/v1/documents', 'POST').map((e) => (e.body as { title: string }).title)).toEqual(['Owned']);
    expect(frontMatter('ownerless.md').uuid).toBeUndefined();
    // On a terminal's table, the row says why.
    const table = await pw(['docs', 'push', dir]);
    expect(table.code).toBe(8);
    expect(table.stdout).toMatch(/^ownerless\.md\tfailed\t.*your token reaches 2 companies/m);
    expect(table.stderr).toContain('8 ok, 1 failed');
  });

  it('--dry-run lists what would be created, updated, skipped and refused, and sends nothing', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    edit('project-brief.md', 'Launch in May', 'Launch in June');
    edit('acme-meeting-notes-2025-01-10.md', /$/, 'More\n');
    await changeOnService(NOTES, { title: 'Changed meanwhile' });
    writeFileSync(join(dir, 'new.md'), '---\ntitle: New\ncompany_id: 1\n---\nBody\n');
    const files = Object.fromEntries(mdFiles().map((n) => [n, read(n)]));
    cli.mark();
    const r = await pw(['docs', 'push', dir, '--dry-run']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('would create new.md\n');
    expect(r.stderr).toContain('would update project-brief.md (content)\n');
    expect(r.stderr).toContain('would skip agency-handbook.md: unchanged since the pull\n');
    expect(r.stderr).toMatch(/would refuse acme-meeting-notes-2025-01-10\.md: conflict: /);
    expect(r.stdout).toContain(`PUT /api/v1/documents/${BRIEF}\n`);
    expect(r.stdout).toContain('POST /api/v1/documents\n');
    expect(cli.sent('/api/v1/').filter((e) => e.method !== 'GET')).toEqual([]);
    for (const [name, text] of Object.entries(files)) expect(read(name)).toBe(text);
  });

  it('keeps attachments a new body leaves out, unless --allow-removing-attachments', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    edit('project-brief.md', '[[attachment:brief.pdf]]\n', '');
    const kept = await pw(['docs', 'push', dir, '--dry-run', '-o', 'json']);
    expect(kept.stderr).toContain('project-brief.md: leaves out attachment "brief.pdf"; the service keeps it in place');
    const removed = await pw(['docs', 'push', dir, '--allow-removing-attachments', '-q']);
    expect(removed.code).toBe(0);
    expect(
      cli.sent('/api/v1/', 'PUT').map((e) => (e.body as Record<string, unknown>).allow_removing_attachments),
    ).toEqual([true]);
    expect(cli.sb.state.documents[BRIEF]!.content).not.toContain('[[attachment:brief.pdf]]');
  });

  it('checks every file before the first request', async () => {
    await pw(['docs', 'pull', dir, '-q']);
    for (const [text, pattern] of [
      ['---\ntitle: [unclosed\n---\n', /^error: bad\.md: the front matter is not valid YAML/],
      [
        '---\ntitle: 2024\n---\n',
        /^error: bad\.md: title is required: a non-empty string in the front matter \(quote it if it looks like a number/,
      ],
      [
        '---\ntitle: x\nis_internal: maybe\ncompany_id: 1\n---\n',
        /^error: bad\.md: is_internal must be true or false, got "maybe"$/,
      ],
      ['---\ntitle: x\nuuid: not-a-uuid\n---\n', /^error: bad\.md: uuid must be a document UUID/],
      [`---\ntitle: x\nuuid: ${BRIEF}\n---\n`, /^error: bad\.md: updated_at is required with a uuid/],
      [`---\ntitle: x\n---\n:::callout{color="neon"}\nx\n:::\n`, /^error: bad\.md: line 1: /],
    ] as const) {
      writeFileSync(join(dir, 'bad.md'), text);
      cli.mark();
      cli.expectUsageError(await pw(['docs', 'push', dir]), pattern);
    }
    writeFileSync(join(dir, 'copy.md'), read('project-brief.md'));
    writeFileSync(join(dir, 'bad.md'), '---\ntitle: fine\ncompany_id: 1\n---\n');
    cli.mark();
    cli.expectUsageError(
      await pw(['docs', 'push', dir]),
      /^error: copy\.md and project-brief\.md both have uuid 5eed0000-0000-4000-8000-000000000081/,
    );
  });
});
