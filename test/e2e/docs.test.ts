// `pwctl docs …` end to end: the CLI (in the test process) against the sandbox, asserting
// on stdout, stderr, exit codes, the request bodies the service received and the resulting
// state.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT_MESSAGE } from '../../src/sandbox/resources/documents/routes.js';
import { seedDocumentUuid, type RequestLogEntry } from '../../src/sandbox/index.js';
import { makeConfigDir, type RunOptions } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

const BRIEF = seedDocumentUuid(81); // client-visible, project 31, has callouts, a toggle and [[attachment:brief.pdf]]
const ESTIMATE = seedDocumentUuid(82); // internal
const MEETING = seedDocumentUuid(83); // client-visible, collaborative
const HANDBOOK = seedDocumentUuid(84); // internal, [[embed:…]] and [[form:…]]
const BLUE = seedDocumentUuid(85); // client-visible, project 32
const GLOBEX = seedDocumentUuid(86); // company 2: not the manager's
const DRAFT = seedDocumentUuid(87); // internal, empty body
const MISSING = '5eed0000-0000-4000-8000-000000000999';

/** Document requests this test made. */
function sent(method?: string): RequestLogEntry[] {
  return cli.sent('/api/v1/documents', method);
}

function docBody(uuid: string): string {
  return cli.sb.state.documents[uuid]!.content;
}

const expectUsageError = cli.expectUsageError;

describe('docs list', () => {
  it("lists the caller's documents, most recently updated first, as tab-separated rows", async () => {
    const r = await pw(['docs', 'list']);
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((row) => row[0])).toEqual([BRIEF, ESTIMATE, MEETING, HANDBOOK, BLUE, DRAFT]);
    expect(rows[0]!.slice(0, 5)).toEqual([
      BRIEF,
      'Project brief',
      'client-visible',
      'Acme Website Redesign (31)',
      'Acme Corp (11)',
    ]);
    expect(rows[0]![5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} [+-]\d{2}:\d{2}$/);
    expect(rows[1]![2]).toBe('internal');
    expect(r.stdout).not.toContain(GLOBEX);
    expect(sent('GET')[0]!.query).toEqual({ per_page: '30' });
  });

  it('sends every filter: --company --project --client --internal --content', async () => {
    const r = await pw([
      'docs',
      'list',
      '--company',
      '1',
      '--project',
      '31',
      '--client',
      '11',
      '--internal',
      '--content',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({
      company_id: '1',
      project_id: '31',
      client_id: '11',
      is_internal: 'true',
      include: 'content',
      per_page: '30',
    });
    const docs = JSON.parse(r.stdout) as { uuid: string; is_internal: boolean; content: string }[];
    expect(docs.map((d) => d.uuid)).toEqual([ESTIMATE, DRAFT]);
    expect(docs[0]!.content).toBe(docBody(ESTIMATE));
  });

  it('--client-visible filters is_internal=false', async () => {
    const r = await pw(['docs', 'list', '--client-visible', '-o', 'ndjson', '--fields', 'uuid,is_internal']);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query.is_internal).toBe('false');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([BRIEF, MEETING, BLUE].map((uuid) => ({ uuid, is_internal: false })));
  });

  it('--fields content asks the service for the bodies', async () => {
    const r = await pw(['docs', 'list', '--project', '32', '-o', 'json', '--fields', 'title,content']);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query.include).toBe('content');
    expect(JSON.parse(r.stdout)).toEqual([
      { title: 'Blue Harbor creative brief', content: 'A calmer, more coastal identity.' },
    ]);
  });

  it('takes the company from `config company` when --company is not given', async () => {
    const configDir = makeConfigDir();
    expect((await pw(['config', 'set', 'company', '1'], { configDir })).code).toBe(0);
    const r = await pw(['docs', 'list', '-o', 'json'], { configDir });
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query.company_id).toBe('1');
    const other = await pw(['docs', 'list', '--company', '2'], { configDir });
    expect(other.code).toBe(4); // the manager is not a member of company 2: the service's 403
    expect(other.stderr).toMatch(/403/);
  });

  it('--limit and --all choose the page size', async () => {
    const limited = await pw(['docs', 'list', '--limit', '2', '-o', 'json']);
    expect(JSON.parse(limited.stdout)).toHaveLength(2);
    expect(sent('GET')[0]!.query.per_page).toBe('2');
    cli.mark();
    const all = await pw(['docs', 'list', '--all', '-o', 'json']);
    expect(JSON.parse(all.stdout)).toHaveLength(6);
    expect(sent('GET')[0]!.query.per_page).toBe('1000');
  });

  it('rejects bad flags before any request', async () => {
    expectUsageError(
      await pw(['docs', 'list', '--internal', '--client-visible']),
      /--internal and --client-visible cannot be used together/,
    );
    expectUsageError(await pw(['docs', 'list', '--company', 'acme']), /--company must be a positive integer id/);
    expectUsageError(await pw(['docs', 'list', '--project', '0']), /--project/);
    expectUsageError(await pw(['docs', 'list', '--limit', '0']), /--limit/);
    expectUsageError(
      await pw(['docs', 'list', '--fields', 'uuid,nope']),
      /unknown field "nope"; valid fields: id, uuid, title/,
    );
  });
});

describe('docs get', () => {
  it('shows one document as label/value lines', async () => {
    const r = await pw(['docs', 'get', BRIEF]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`uuid:\t${BRIEF}\n`);
    expect(r.stdout).toContain('title:\tProject brief\n');
    expect(r.stdout).toContain('audience:\tclient-visible\n');
    expect(r.stdout).toContain('edit access:\tteam\n');
    expect(r.stdout).not.toContain(':::callout');
    expect(sent('GET')[0]!.query).toEqual({});
  });

  it('--content prints the metadata, then the Markdown body as is', async () => {
    const r = await pw(['docs', 'get', BRIEF, '--content']);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({ include: 'content' });
    const [meta, body] = r.stdout.split('\n\n# Project brief');
    expect(meta).toContain('title:\tProject brief');
    expect(`# Project brief${body}`).toBe(`${docBody(BRIEF)}\n`);
  });

  it('--fields content prints the raw body alone, byte for byte', async () => {
    const r = await pw(['docs', 'get', BRIEF, '--fields', 'content']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(docBody(BRIEF));
    expect(sent('GET')[0]!.query).toEqual({ include: 'content' });
  });

  it('-o json gives the bare record, with content when asked', async () => {
    const r = await pw(['docs', 'get', HANDBOOK.toUpperCase(), '--content', '-o', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({
      uuid: HANDBOOK,
      title: 'Agency handbook',
      is_internal: true,
      edit_access: 'private',
      content: docBody(HANDBOOK),
    });
    expect(doc.data).toBeUndefined();
  });

  it('validates the UUID locally and maps a missing document to exit 3', async () => {
    expectUsageError(await pw(['docs', 'get', '81']), /<uuid> must be a document UUID/);
    expectUsageError(await pw(['docs', 'get', BRIEF, '--fields', 'nope']), /unknown field/);
    const r = await pw(['docs', 'get', MISSING]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: .*404.*Document not found/);
  });

  it('neutralises control characters of server text in table mode', async () => {
    cli.sb.state.documents[BLUE]!.title = 'Evil \u001b]0;pwned\u0007 title';
    const r = await pw(['docs', 'get', BLUE]);
    expect(r.stdout).toContain('title:\tEvil ^[]0;pwned^G title\n');
    expect(r.stdout).not.toContain('\u001b');
  });
});

describe('docs create', () => {
  it('creates a document in a project, sending JSON numbers and booleans', async () => {
    const r = await pw([
      'docs',
      'create',
      '--title',
      'Launch plan',
      '--project',
      '31',
      '--client-visible',
      '--content',
      '# Plan\n\nShip it.',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    const [post] = sent('POST');
    expect(post!.body).toEqual({
      title: 'Launch plan',
      content: '# Plan\n\nShip it.',
      project_id: 31,
      is_internal: false,
    });
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ title: 'Launch plan', is_internal: false, company: { id: 1 }, project: { id: 31 } });
    expect(cli.sb.state.documents[doc.uuid]).toMatchObject({
      content: '# Plan\n\nShip it.',
      company_id: 1,
      project_id: 31,
      is_internal: false,
    });
    expect(r.stderr).toBe(`✓ created document ${doc.uuid}\n`);
  });

  it('lets the service infer the company from --client, and sends --company alone when given', async () => {
    expect((await pw(['docs', 'create', '--title', 'For Acme', '--client', '11', '--internal'])).code).toBe(0);
    expect((await pw(['docs', 'create', '--title', 'Company note', '--company', '1'])).code).toBe(0);
    expect(sent('POST').map((p) => p.body)).toEqual([
      { title: 'For Acme', client_id: 11, is_internal: true },
      { title: 'Company note', company_id: 1 },
    ]);
  });

  it('falls back to `config company`, and without any company is a usage error naming the flags', async () => {
    expectUsageError(
      await pw(['docs', 'create', '--title', 'Orphan']),
      /--project <id>, --client <id> or --company <id>.*config set company/,
    );
    const configDir = makeConfigDir();
    await pw(['config', 'set', 'company', '1'], { configDir });
    const r = await pw(['docs', 'create', '--title', 'Defaulted'], { configDir });
    expect(r.code).toBe(0);
    expect(sent('POST')[0]!.body).toEqual({ title: 'Defaulted', company_id: 1 });
  });

  it('reads the body from --content-file <path> and from - (stdin)', async () => {
    const dir = makeConfigDir();
    const file = join(dir, 'body.md');
    writeFileSync(file, ':::toggle{summary="More"}\nfrom a file\n:::\n');
    expect((await pw(['docs', 'create', '--title', 'A', '--project', '31', '--content-file', file])).code).toBe(0);
    expect(
      (
        await pw(['docs', 'create', '--title', 'B', '--project', '31', '--content-file', '-'], {
          stdin: 'from stdin\n',
        })
      ).code,
    ).toBe(0);
    expect(sent('POST').map((p) => (p.body as { content: string }).content)).toEqual([
      ':::toggle{summary="More"}\nfrom a file\n:::\n',
      'from stdin\n',
    ]);
  });

  it('rejects missing, conflicting and unreadable input before any request', async () => {
    expectUsageError(await pw(['docs', 'create', '--project', '31']), /--title <t> is required/);
    expectUsageError(await pw(['docs', 'create', '--title', '  ', '--project', '31']), /--title must not be empty/);
    expectUsageError(
      await pw(['docs', 'create', '--title', 'x', '--project', '31', '--content', 'a', '--content-file', '-']),
      /--content and --content-file cannot be used together/,
    );
    expectUsageError(
      await pw(['docs', 'create', '--title', 'x', '--project', '31', '--content-file', '/nonexistent/body.md']),
      /--content-file: cannot read .*no such file/,
    );
    expectUsageError(
      await pw(['docs', 'create', '--title', 'x', '--project', '31', '--content-file', '-'], {
        stdin: Buffer.from([0x66, 0x6f, 0xff, 0xfe]),
      }),
      /not valid UTF-8/,
    );
    expectUsageError(
      await pw(['docs', 'create', '--title', 'x', '--project', 'p31']),
      /--project must be a positive integer id/,
    );
    expectUsageError(
      await pw(['docs', 'create', '--title', 'x', '--project', '31', '--internal', '--client-visible']),
      /cannot be used together/,
    );
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const before = Object.keys(cli.sb.state.documents).length;
    const r = await pw(['--dry-run', 'docs', 'create', '--title', 'Dry', '--project', '31', '--content', 'x']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('POST /api/v1/documents\n{\n  "title": "Dry",\n  "content": "x",\n  "project_id": 31\n}\n');
    expect(sent()).toEqual([]);
    expect(Object.keys(cli.sb.state.documents)).toHaveLength(before);
    const json = await pw(['--dry-run', '-o', 'json', 'docs', 'create', '--title', 'Dry', '--company', '1']);
    expect(JSON.parse(json.stdout)).toEqual({
      dry_run: true,
      method: 'POST',
      path: '/api/v1/documents',
      body: { title: 'Dry', company_id: 1 },
    });
  });
});

describe('docs update', () => {
  it('sends only the fields given, with their JSON types', async () => {
    const r = await pw([
      'docs',
      'update',
      DRAFT,
      '--title',
      'Renamed',
      '--client-visible',
      '--edit-access',
      'collaborative',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ title: 'Renamed', is_internal: false, edit_access: 'collaborative' });
    expect(sent('GET')).toEqual([]); // no content, so nothing to check first
    expect(JSON.parse(r.stdout)).toMatchObject({
      uuid: DRAFT,
      title: 'Renamed',
      is_internal: false,
      edit_access: 'collaborative',
    });
    expect(cli.sb.state.documents[DRAFT]).toMatchObject({
      title: 'Renamed',
      is_internal: false,
      edit_access: 'collaborative',
    });

    expect((await pw(['docs', 'update', DRAFT, '--internal'])).code).toBe(0);
    expect(sent('PUT')[1]!.body).toEqual({ is_internal: true });
    expect(cli.sb.state.documents[DRAFT]!.is_internal).toBe(true);
  });

  it('replaces the content after reading the document, and says the service keeps its attachments', async () => {
    const r = await pw(['docs', 'update', BRIEF, '--content', '# Brief v2\n\nShorter.']);
    expect(r.code).toBe(0);
    expect(sent().map((x) => `${x.method} ${x.query.include ?? ''}`)).toEqual(['GET content', 'PUT ']);
    expect(sent('PUT')[0]!.body).toEqual({ content: '# Brief v2\n\nShorter.' });
    expect(r.stderr).toMatch(
      /leaves out attachment "brief.pdf"; the service preserves it in place \(pass --allow-removing-attachments to remove it\)/,
    );
    expect(docBody(BRIEF)).toContain('[[attachment:brief.pdf]]');
    expect(docBody(BRIEF)).toContain('Shorter.');
  });

  it('--allow-removing-attachments sends allow_removing_attachments: true and the service drops them', async () => {
    const r = await pw(['docs', 'update', HANDBOOK, '--content', 'Just text.', '--allow-removing-attachments']);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ content: 'Just text.', allow_removing_attachments: true });
    expect(r.stderr).toMatch(/removing embedded document "Project brief", form field "Request type"/);
    expect(docBody(HANDBOOK)).toBe('Just text.');
  });

  it('says nothing about attachments when the new content keeps them', async () => {
    const r = await pw(['docs', 'update', BRIEF, '--content', 'New intro\n\n[[attachment:brief.pdf]]\n']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('leaves empty content for a document with a body to the service, which refuses it (exit 5)', async () => {
    const r = await pw(['docs', 'update', BRIEF, '--content', ' \n']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      new RegExp(`: 422 Unprocessable Content\\n  content: ${EMPTY_CONTENT_MESSAGE.replace(/\./g, '\\.')}\\n$`),
    );
    expect(sent('PUT')[0]!.body).toEqual({ content: ' \n' });
    cli.mark();
    expect(docBody(BRIEF)).toContain('# Project brief');
    // A document without a body may be saved empty.
    expect((await pw(['docs', 'update', DRAFT, '--content', ''])).code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ content: '' });
  });

  it('rejects nothing to change and misplaced flags before any request', async () => {
    expectUsageError(
      await pw(['docs', 'update', BRIEF]),
      /nothing to update: give at least one of --title, --content, --content-file/,
    );
    expectUsageError(
      await pw(['docs', 'update', BRIEF, '--allow-removing-attachments']),
      /--allow-removing-attachments applies only with --content/,
    );
    expectUsageError(
      await pw(['docs', 'update', BRIEF, '--edit-access', 'everyone']),
      /--edit-access must be one of private, team, collaborative/,
    );
    expectUsageError(await pw(['docs', 'update', BRIEF, '--internal', '--client-visible']), /cannot be used together/);
    expectUsageError(await pw(['docs', 'update', 'not-a-uuid', '--title', 'x']), /<uuid> must be a document UUID/);
    expectUsageError(await pw(['docs', 'update', BRIEF, '--title', '']), /--title must not be empty/);
  });

  it('maps a missing document to exit 3', async () => {
    const r = await pw(['docs', 'update', MISSING, '--title', 'x']);
    expect(r.code).toBe(3);
  });

  it('--dry-run reads the document but sends no PUT', async () => {
    const r = await pw(['--dry-run', 'docs', 'update', BRIEF, '--content', 'dry body', '--title', 'Dry']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`PUT /api/v1/documents/${BRIEF}\n{\n  "title": "Dry",\n  "content": "dry body"\n}\n`);
    expect(sent('PUT')).toEqual([]);
    expect(cli.sb.state.documents[BRIEF]!.title).toBe('Project brief');
  });
});

describe('the container check', () => {
  const update = (content: string, ...flags: string[]) => pw(['docs', 'update', BLUE, '--content', content, ...flags]);

  it('lets valid nested callouts and toggles through', async () => {
    const body = [
      '::::toggle{summary="Scope"}',
      'Intro',
      ':::callout{emoji="💡" color="mint"}',
      'Inside',
      ':::',
      '::::',
      ":::callout{color='#1e90ff'}",
      '```',
      ':::not a container in code',
      '```',
      ':::',
    ].join('\n');
    const r = await update(body);
    expect(r.code).toBe(0);
    expect(docBody(BLUE)).toBe(body);
  });

  it('refuses an unclosed container, naming its line', async () => {
    expectUsageError(
      await update('Intro\n\n:::callout{color="mint"}\nnever closed'),
      /^error: --content: line 3: callout is never closed/,
    );
  });

  it('refuses a closing line of a different length', async () => {
    expectUsageError(
      await update(':::toggle{summary="x"}\nbody\n::::'),
      /line 3: closing fence :::: does not match the toggle opened on line 1/,
    );
  });

  it('refuses nesting without a longer outer fence', async () => {
    expectUsageError(
      await update(':::toggle\n:::callout\nx\n:::\n:::'),
      /line 2: callout nested in the toggle opened on line 1 needs fewer colons/,
    );
  });

  it("refuses a colour outside the reference's list, naming the line and the file", async () => {
    const file = join(makeConfigDir(), 'notes.md');
    writeFileSync(file, '# Notes\n:::callout{emoji="🔥" color="purple"}\nx\n:::\n');
    expectUsageError(
      await pw(['docs', 'update', BLUE, '--content-file', file]),
      new RegExp(
        `--content-file ${file}: line 2: callout color "purple" is not one of mandarin, .*, steel or a hex value`,
      ),
    );
  });

  it('checks create too', async () => {
    expectUsageError(
      await pw(['docs', 'create', '--title', 'x', '--project', '31', '--content', ':::callout{color="red"}\nx\n:::']),
      /line 1: callout color "red"/,
    );
  });

  it('--no-verify sends the content unchecked', async () => {
    const r = await update(':::callout{color="purple"}\nunclosed', '--no-verify');
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ content: ':::callout{color="purple"}\nunclosed' });
  });
});

describe('docs delete', () => {
  it('refuses without a terminal unless --yes, before any request', async () => {
    expectUsageError(await pw(['docs', 'delete', BLUE]), /refusing without a terminal to confirm; pass --yes/);
    expect(cli.sb.state.documents[BLUE]).toBeDefined();
  });

  it('deletes with --yes', async () => {
    const r = await pw(['docs', 'delete', BLUE, '--yes', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id: BLUE, ok: true, data: null }]);
    expect(cli.sb.state.documents[BLUE]).toBeUndefined();
  });

  it('deletes several, reports each, and exits 8 when one fails', async () => {
    const r = await pw(['-y', 'docs', 'delete', BLUE, MISSING, DRAFT, '-o', 'json']);
    expect(r.code).toBe(8);
    const results = JSON.parse(r.stdout);
    expect(results).toEqual([
      { id: BLUE, ok: true, data: null },
      { id: MISSING, ok: false, status: 404, error: expect.stringMatching(/Document not found/) },
      { id: DRAFT, ok: true, data: null },
    ]);
    expect(r.stderr).toBe('2 deleted, 1 failed\n');
    expect(cli.sb.state.documents[BLUE]).toBeUndefined();
    expect(cli.sb.state.documents[DRAFT]).toBeUndefined();
  });

  it('reads uuids from stdin, as `docs list -o ndjson` prints them', async () => {
    const list = await pw(['docs', 'list', '--project', '31', '--internal', '-o', 'ndjson']);
    cli.mark();
    const r = await pw(['docs', 'delete', '-', '--yes'], { stdin: list.stdout });
    expect(r.code).toBe(0);
    expect(sent('DELETE').map((d) => d.path)).toEqual(
      expect.arrayContaining([`/api/v1/documents/${ESTIMATE}`, `/api/v1/documents/${DRAFT}`]),
    );
    expect(sent('DELETE')).toHaveLength(2);
    expect(cli.sb.state.documents[ESTIMATE]).toBeUndefined();
    expect(cli.sb.state.documents[BRIEF]).toBeDefined();
  });

  it('validates every uuid before deleting any', async () => {
    expectUsageError(await pw(['docs', 'delete', BLUE, 'oops', '--yes']), /<uuid> must be a document UUID.*"oops"/);
    expect(cli.sb.state.documents[BLUE]).toBeDefined();
  });

  it('--dry-run prints the DELETE requests and deletes nothing', async () => {
    const r = await pw(['--dry-run', 'docs', 'delete', BLUE, DRAFT]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual([
      `DELETE /api/v1/documents/${BLUE}`,
      `DELETE /api/v1/documents/${DRAFT}`,
    ]);
    expect(sent()).toEqual([]);
    expect(cli.sb.state.documents[BLUE]).toBeDefined();
  });
});

describe('docs edit', () => {
  function editorScript(body: string): string {
    const file = join(makeConfigDir(), 'editor.sh');
    writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  }

  it('opens the body in $EDITOR and sends the edited text', async () => {
    const editor = editorScript(`printf '\\nAdded in the editor.\\n' >> "$1"`);
    const r = await pw(['docs', 'edit', BLUE, '-o', 'json'], { env: { EDITOR: editor } });
    expect(r.code).toBe(0);
    expect(sent().map((x) => `${x.method} ${x.query.include ?? ''}`)).toEqual(['GET content', 'PUT ']);
    expect(sent('PUT')[0]!.body).toEqual({ content: 'A calmer, more coastal identity.\nAdded in the editor.\n' });
    expect(docBody(BLUE)).toBe('A calmer, more coastal identity.\nAdded in the editor.\n');
    expect(JSON.parse(r.stdout)).toMatchObject({ uuid: BLUE });
  });

  it('prefers $VISUAL, and sends nothing when the text is unchanged', async () => {
    const r = await pw(['docs', 'edit', BLUE], { env: { VISUAL: 'true', EDITOR: editorScript('exit 1') } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('no changes; nothing was sent\n');
    expect(sent('PUT')).toEqual([]);
  });

  it('keeps the edited file and says where when the update fails', async () => {
    cli.sb.faults.add({
      method: 'PUT',
      path: `/api/v1/documents/${BLUE}`,
      action: {
        type: 'status',
        status: 422,
        body: { message: 'The title field is required.', errors: { title: ['The title field is required.'] } },
      },
    });
    const editor = editorScript(`printf 'Precious words.\\n' > "$1"`);
    const r = await pw(['docs', 'edit', BLUE], { env: { EDITOR: editor } });
    expect(r.code).toBe(5);
    const kept = /your edited text is kept in (\S+\.md)/.exec(r.stderr)?.[1];
    expect(kept).toBeDefined();
    expect(readFileSync(kept!, 'utf8')).toBe('Precious words.\n');
    expect(docBody(BLUE)).toBe('A calmer, more coastal identity.');
  });

  it('checks the edited text before sending it, and keeps the file', async () => {
    const editor = editorScript(`printf ':::callout{color="nope"}\\nx\\n:::\\n' > "$1"`);
    const r = await pw(['docs', 'edit', BLUE], { env: { EDITOR: editor } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error: the edited text: line 1: callout color "nope"/);
    const kept = /kept in (\S+\.md)/.exec(r.stderr)?.[1];
    expect(kept && existsSync(kept)).toBe(true);
    expect(sent('PUT')).toEqual([]);
  });

  it('without a terminal it needs an editor in VISUAL or EDITOR, and says so before any request', async () => {
    expectUsageError(
      await pw(['docs', 'edit', BLUE], { env: { EDITOR: undefined, VISUAL: undefined } }),
      /edit needs a terminal, or an editor in VISUAL or EDITOR/,
    );
  });

  it('an emptied buffer abandons the edit, as in git: the body is not wiped', async () => {
    const r = await pw(['docs', 'edit', BLUE], { env: { EDITOR: editorScript(`: > "$1"`) } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/cancelled; nothing was sent: the edited text is empty/);
    expect(sent('PUT')).toEqual([]);
    expect(docBody(BLUE)).toBe('A calmer, more coastal identity.');
  });
});

describe('the client-user view', () => {
  const asClient = (args: string[], opts: RunOptions = {}) => pw(args, { ...opts, role: 'client' });

  it('never shows internal documents', async () => {
    const r = await asClient(['docs', 'list', '--all', '-o', 'json']);
    expect(r.code).toBe(0);
    const docs = JSON.parse(r.stdout) as { uuid: string; is_internal: boolean }[];
    expect(docs.map((d) => d.uuid).sort()).toEqual([BRIEF, MEETING].sort());
    expect(docs.every((d) => d.is_internal === false)).toBe(true);
    const internal = await asClient(['docs', 'list', '--internal', '-o', 'json']);
    expect(JSON.parse(internal.stdout)).toEqual([]);
    const get = await asClient(['docs', 'get', ESTIMATE]);
    expect(get.code).toBe(3);
  });

  it('team-only flags are a permission error (exit 4) that says which flags', async () => {
    for (const flags of [['--internal'], ['--client-visible'], ['--edit-access', 'private']]) {
      const r = await asClient(['docs', 'update', MEETING, ...flags]);
      expect(r.code, flags.join(' ')).toBe(4);
      expect(r.stderr).toMatch(
        /^error: PUT .*403.*Only team members can change is_internal or edit_access\. \(--internal, --client-visible and --edit-access need an agency team member's token\)\n$/,
      );
    }
    expect(cli.sb.state.documents[MEETING]!.is_internal).toBe(false);
  });

  it('may edit the content of a collaborative document', async () => {
    const r = await asClient(['docs', 'update', MEETING, '--content', 'Client notes']);
    expect(r.code).toBe(0);
    expect(docBody(MEETING)).toBe('Client notes');
  });

  it("cannot create or delete documents (exit 4, with the service's reason)", async () => {
    const create = await asClient(['docs', 'create', '--title', 'Mine', '--client', '11']);
    expect(create.code).toBe(4);
    expect(create.stderr).toMatch(/403 Forbidden: Only team members can create documents/);
    const del = await asClient(['docs', 'delete', MEETING, '--yes']);
    expect(del.code).toBe(4);
    expect(del.stderr).toMatch(/Only team members can delete documents/);
    expect(cli.sb.state.documents[MEETING]).toBeDefined();
  });
});
