// `docs pull` against a hostile server: documents with an invalid uuid, one uuid twice, wrong
// JSON types and missing fields, entries that are no documents at all, titles that try to
// climb out of the directory, name a device, inject front matter or collide by case and
// Unicode; and a directory holding other directories and symbolic links where files would
// go. Each bad document fails on its own with a clear result, the good ones are written to
// safe distinct names, nothing outside the directory is touched, and the next pull and a
// push still work.
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFrontMatter } from '../../src/files/front-matter.js';
import { CANARY_TOKEN, runInProcess, type CliResult } from '../helpers/cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const uuid = (n: number) => `0c0ffee0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const doc = (n: number, more: Record<string, unknown> = {}) => ({
  id: n,
  uuid: uuid(n),
  title: `Document ${n}`,
  content: `Body of ${n}\n`,
  excerpt: '',
  is_internal: false,
  edit_access: 'team',
  project: { id: 31, name: 'P' },
  client: null,
  company: { id: 1, name: 'C' },
  created_at: '2026-01-01T00:00:00.000000Z',
  updated_at: '2026-01-02T00:00:00.000000Z',
  ...more,
});

/** Documents that are fine, whatever their titles try. */
const GOOD = [
  doc(1, { title: 'Project brief' }),
  doc(2, { title: '../../x' }),
  doc(3, { title: '/etc/passwd' }),
  doc(4, { title: 'CON' }),
  doc(5, {
    title: '---\nuuid: 0c0ffee0-0000-4000-8000-999999999999\n---',
    content: '---\ntitle: injected\n---\nbody\n',
  }),
  doc(6, { title: 'Café' }),
  doc(7, { title: 'CAFE' }),
  doc(8, { title: 'Cafe\u0301' }),
  doc(9, { title: 'Taken' }),
  doc(10, { title: 'Linked' }),
  doc(11, { title: 'No body', content: null }),
];

/** Each fails on its own, with what is wrong in its result. */
const BAD: Array<[unknown, RegExp]> = [
  [doc(20, { uuid: 'not-a-uuid' }), /uuid is "not-a-uuid"; expected a lower-case UUID/],
  [doc(21, { uuid: '__proto__' }), /uuid is "__proto__"/],
  [doc(22, { uuid: uuid(22).toUpperCase() }), /expected a lower-case UUID/],
  [
    doc(23, { uuid: uuid(1), title: 'A second document 1' }),
    new RegExp(`listed document ${uuid(1)} twice; the first is in project-brief\\.md`),
  ],
  [doc(24, { title: 42 }), /title is 42; expected a non-empty string/],
  [doc(25, { title: '   ' }), /title is " {3}"; expected a non-empty string/],
  [doc(26, { content: 7 }), /content is 7; expected a string/],
  [doc(27, { updated_at: undefined }), /updated_at is missing; expected an ISO 8601 timestamp/],
  [doc(28, { is_internal: 'yes' }), /is_internal is "yes"; expected true or false/],
  [doc(29, { edit_access: 'everyone' }), /edit_access is "everyone"; expected one of private, team, collaborative/],
  [doc(30, { project: 'x' }), /project is "x"; expected null or an object with a positive integer id/],
  [doc(31, { company: { id: -1 } }), /company is \{"id":-1\}/],
  [null, /a list entry is null; expected a document/],
  [5, /a list entry is 5; expected a document/],
];

const LIST = [...GOOD.slice(0, 5), ...BAD.map(([d]) => d), ...GOOD.slice(5)];
const EXPECTED_FILES = [
  'cafe-2.md',
  'cafe-3.md',
  'cafe.md',
  'con-doc.md',
  'etc-passwd.md',
  'linked-2.md',
  'linked.md',
  'no-body.md',
  'project-brief.md',
  'taken',
  'taken-2.md',
  'taken.md',
  'uuid-0c0ffee0-0000-4000-8000-999999999999.md',
  'x.md',
];

interface FileResult {
  id: string;
  ok: boolean;
  data?: { action: string; uuid: string };
  error?: string;
}

let server: StubServer;
let root: string;
let dir: string;
let outside: string;

beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  server.on('GET /api/v1/documents', { status: 200, body: { data: LIST, links: { next: null } } });
  root = mkdtempSync(join(tmpdir(), 'pwctl-hostile-docs-'));
  dir = join(root, 'docs');
  outside = join(root, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'victim.md'), 'untouched\n');
  mkdirSync(dir);
  // Where two new documents' files would go: a directory named like one (and one named
  // like its stem), a symbolic link out of the directory named like the other.
  mkdirSync(join(dir, 'taken.md'));
  mkdirSync(join(dir, 'taken'));
  symlinkSync(join(outside, 'victim.md'), join(dir, 'linked.md'));
});

const pw = (args: string[]): Promise<CliResult> =>
  runInProcess(args, { env: { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: CANARY_TOKEN } });
const entries = () =>
  readdirSync(dir)
    .filter((n) => n !== '.pwctl-docs.json')
    .sort();
const frontMatter = (name: string) => readFrontMatter(readFileSync(join(dir, name), 'utf8')).data;

function expectOutsideUntouched(): void {
  expect(readdirSync(outside)).toEqual(['victim.md']);
  expect(readFileSync(join(outside, 'victim.md'), 'utf8')).toBe('untouched\n');
  expect(readdirSync(root).sort()).toEqual(['docs', 'outside']);
  expect(lstatSync(join(dir, 'linked.md')).isSymbolicLink()).toBe(true);
  expect(readlinkSync(join(dir, 'linked.md'))).toBe(join(outside, 'victim.md'));
  expect(lstatSync(join(dir, 'taken.md')).isDirectory()).toBe(true);
  expect(readdirSync(join(dir, 'taken.md'))).toEqual([]);
}

describe('docs pull from a hostile server', () => {
  it('fails each bad document on its own, writes the good ones to safe distinct names, touches nothing outside', async () => {
    const r = await pw(['docs', 'pull', dir, '-o', 'json']);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toBe(`${LIST.length} documents pulled into ${dir}, ${BAD.length} failed\n`);
    const results = JSON.parse(r.stdout) as FileResult[];
    expect(results).toHaveLength(LIST.length);

    BAD.forEach(([entry, message]) => {
      const position = LIST.indexOf(entry) + 1;
      const result = results[position - 1]!;
      expect(result, JSON.stringify(entry)).toMatchObject({ id: `(document ${position} of the list)`, ok: false });
      expect(result.error).toMatch(message);
    });
    const written = results.filter((x) => x.ok);
    expect(written.map((x) => [x.data!.uuid, x.data!.action, x.id])).toEqual(
      GOOD.map((d) => [d.uuid, 'created', expect.any(String)]),
    );
    expect(new Set(written.map((x) => x.id.toLowerCase())).size).toBe(GOOD.length);

    expect(entries()).toEqual(EXPECTED_FILES);
    for (const result of written) {
      const file = frontMatter(result.id);
      const sent = GOOD.find((d) => d.uuid === result.data!.uuid)!;
      expect(file.uuid).toBe(sent.uuid);
      expect(file.title).toBe(sent.title);
    }
    // The title is one quoted YAML value, the body's own front matter only body text.
    const injected = 'uuid-0c0ffee0-0000-4000-8000-999999999999.md';
    expect(readFileSync(join(dir, injected), 'utf8')).toContain('---\ntitle: injected\n---\nbody\n');
    expect(frontMatter(injected).uuid).toBe(uuid(5));
    expect(readFileSync(join(dir, 'no-body.md'), 'utf8').endsWith('---\n')).toBe(true);
    expectOutsideUntouched();
  });

  it('a second pull finds every file it wrote, and a push of an edited one sends exactly that edit', async () => {
    expect((await pw(['docs', 'pull', dir])).code).toBe(8);
    const again = await pw(['docs', 'pull', dir, '-o', 'json']);
    expect(again.code, again.stderr).toBe(8);
    const results = JSON.parse(again.stdout) as FileResult[];
    expect(results.filter((x) => x.ok).map((x) => x.data!.action)).toEqual(GOOD.map(() => 'unchanged'));
    expect(results.filter((x) => !x.ok)).toHaveLength(BAD.length);
    expect(entries()).toEqual(EXPECTED_FILES);

    const cafe = join(dir, 'cafe.md');
    writeFileSync(cafe, readFileSync(cafe, 'utf8').replace('Body of 6', 'Body of 6, edited'));
    server.on(`PUT /api/v1/documents/${uuid(6)}`, {
      status: 200,
      body: {
        data: doc(6, { title: 'Café', content: 'Body of 6, edited\n', updated_at: '2026-01-03T00:00:00.000000Z' }),
      },
    });
    server.requests.length = 0;
    const push = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(push.code, push.stderr).toBe(0);
    const puts = server.requests.filter((q) => q.method !== 'GET');
    expect(puts.map((q) => [q.method, q.url, JSON.parse(q.body)])).toEqual([
      ['PUT', `/api/v1/documents/${uuid(6)}`, { content: 'Body of 6, edited\n' }],
    ]);
    expect(frontMatter('cafe.md').updated_at).toBe('2026-01-03T00:00:00.000000Z');
    expectOutsideUntouched();
  });

  it('a push refuses (only) the files whose documents the service now lists malformed or twice', async () => {
    expect((await pw(['docs', 'pull', dir])).code).toBe(8);
    for (const [name, from] of [
      ['project-brief.md', 'Body of 1'],
      ['x.md', 'Body of 2'],
      ['cafe.md', 'Body of 6'],
    ]) {
      writeFileSync(join(dir, name!), readFileSync(join(dir, name!), 'utf8').replace(from!, 'Edited'));
    }
    server.on('GET /api/v1/documents', {
      status: 200,
      body: { data: LIST.map((d) => (d === GOOD[1] ? { ...GOOD[1], edit_access: 7 } : d)), links: { next: null } },
    });
    server.on(`PUT /api/v1/documents/${uuid(6)}`, {
      status: 200,
      body: { data: doc(6, { title: 'Café', content: 'Edited\n', updated_at: '2026-01-03T00:00:00.000000Z' }) },
    });
    server.requests.length = 0;
    const push = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(push.code, push.stderr).toBe(8);
    const results = JSON.parse(push.stdout) as FileResult[];
    expect(results.find((x) => x.id === 'x.md')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/edit_access is 7; .*nothing was sent/),
    });
    expect(results.find((x) => x.id === 'project-brief.md')).toMatchObject({
      ok: false,
      error: `the service sent document ${uuid(1)} twice in its list; nothing was sent`,
    });
    expect(results.find((x) => x.id === 'cafe.md')).toMatchObject({ ok: true, data: { action: 'updated' } });
    expect(server.requests.filter((q) => q.method === 'PUT').map((q) => q.url)).toEqual([
      `/api/v1/documents/${uuid(6)}`,
    ]);
  });

  it('a push whose answer is malformed leaves that file as it was, so the next push can read it', async () => {
    expect((await pw(['docs', 'pull', dir])).code).toBe(8);
    const cafe = join(dir, 'cafe.md');
    writeFileSync(cafe, readFileSync(cafe, 'utf8').replace('Body of 6', 'Edited'));
    const edited = readFileSync(cafe, 'utf8');
    server.on(`PUT /api/v1/documents/${uuid(6)}`, {
      status: 200,
      body: { data: { ...doc(6), uuid: 'garbage', content: 'Edited\n' } },
    });
    const push = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(push.code, push.stderr).toBe(8);
    expect((JSON.parse(push.stdout) as FileResult[]).find((x) => x.id === 'cafe.md')?.error).toMatch(
      /cafe\.md was left as it was: the service answered with a document's uuid is "garbage"/,
    );
    expect(readFileSync(cafe, 'utf8')).toBe(edited);
    const next = await pw(['docs', 'push', dir, '--dry-run']);
    expect(next.code, next.stderr).toBe(0);
  });

  it('a directory in place of .pwctl-docs.json: pull writes every document and reports the record; push refuses before any request', async () => {
    mkdirSync(join(dir, '.pwctl-docs.json'));
    const r = await pw(['docs', 'pull', dir, '-o', 'json']);
    expect(r.code, r.stderr).toBe(8);
    const results = JSON.parse(r.stdout) as FileResult[];
    expect(results.filter((x) => x.ok)).toHaveLength(GOOD.length);
    expect(results.at(-1)).toMatchObject({
      id: '.pwctl-docs.json',
      ok: false,
      error: expect.stringMatching(/^not saved \(a directory is in its place\)/),
    });
    expect(entries()).toEqual(EXPECTED_FILES);
    expect(r.stderr).toBe(`${LIST.length} documents pulled into ${dir}, ${BAD.length + 1} failed\n`);

    server.requests.length = 0;
    const push = await pw(['docs', 'push', dir]);
    expect(push.code).toBe(2);
    expect(push.stderr).toMatch(
      /^error: ".*\/\.pwctl-docs\.json" is a directory: pwctl keeps its record of pulled and pushed documents there; remove or rename it\n$/,
    );
    expect(server.requests).toEqual([]);
  });
});
