// `docs diff` end to end: pull, edit the file, change the document on the service (as
// another user would), and the diff shows both sides — as a unified diff `patch` reads, as
// records, and coloured and sanitised on a real terminal; one request for a directory or a
// file; exit 0 same, 1 different, 2 usage, the API's codes otherwise; and `docs push`'s
// conflict pointing to it.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedDocumentUuid } from '../../src/sandbox/index.js';
import { baseEnv, cliCommand, makeConfigDir } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { changeDocumentOnService, sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const BRIEF = seedDocumentUuid(81);
const NOTES = seedDocumentUuid(83);
const PATCH = '/usr/bin/patch';

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'pwctl-diff-')), 'handbook');
});

const brief = () => join(dir, 'project-brief.md');
const read = (path: string) => readFileSync(path, 'utf8');
const edit = (path: string, from: string | RegExp, to: string) => writeFileSync(path, read(path).replace(from, to));

const changeOnService = (uuid: string, body: Record<string, unknown>) => changeDocumentOnService(cli.sb, uuid, body);

async function pull(): Promise<void> {
  expect((await pw(['docs', 'pull', dir, '-q'])).code).toBe(0);
  cli.mark();
}

/** Both sides edited: the file's last line, the service's title and first paragraph. */
async function conflict(): Promise<string> {
  await pull();
  edit(brief(), 'Launch in May', 'Launch in June');
  const body = cli.sb.state.documents[BRIEF]!.content.replace('Acme wants', 'Acme now wants');
  await changeOnService(BRIEF, { title: 'Acme brief', content: body });
  cli.mark();
  return cli.sb.state.documents[BRIEF]!.updated_at;
}

describe('docs diff: both sides of an edit', () => {
  it('a directory: one list request, a unified diff of the file that differs, exit 1', async () => {
    const updatedAt = await conflict();
    const r = await pw(['docs', 'diff', dir]);
    expect(r.code).toBe(1);
    expect(cli.sent('/api/v1/').map((e) => [e.method, e.path, e.query])).toEqual([
      ['GET', '/api/v1/documents', { include: 'content', per_page: '1000' }],
    ]);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      `--- service: Acme brief (${updatedAt})`,
      `+++ ${brief()}`,
      '@@ -1,6 +1,6 @@',
      ' ---',
    ]);
    expect(lines).toContain('-title: Acme brief');
    expect(lines).toContain('+title: Project brief');
    expect(lines).toContain('-Acme now wants a faster, friendlier website that turns visitors into leads.');
    expect(lines).toContain('+Acme wants a faster, friendlier website that turns visitors into leads.');
    expect(lines).toContain('-3. Launch in May');
    expect(lines).toContain('+3. Launch in June');
    // Only the fields a push sends differ: the file's own updated_at is context, not a change.
    expect(lines.filter((l) => /^[-+]updated_at/.test(l))).toEqual([]);
    expect(r.stderr).toBe('1 of 6 files differ from the service\n');
  });

  // patch(1) comes with Debian's `patch` package, which .ci/run installs.
  it.skipIf(!existsSync(PATCH))(
    'into a pipe it is a diff patch reads: -R takes the file back to the service version',
    async () => {
      await conflict();
      const r = await pw(['docs', 'diff', brief()]);
      expect(r.code).toBe(1);
      const copy = join(dirname(dir), 'copy.md');
      copyFileSync(brief(), copy);
      const patched = spawnSync(PATCH, ['-R', copy], { input: r.stdout, encoding: 'utf8' });
      expect(patched.status, patched.stdout + patched.stderr).toBe(0);
      const service = cli.sb.state.documents[BRIEF]!;
      expect(read(copy)).toContain('\ntitle: Acme brief\n');
      expect(read(copy).split('\n---\n')[1]).toBe(`${service.content.replace(/\n+$/, '')}\n`);
    },
  );

  it('a file: one GET of its document; -o json says which fields differ, each side, and the body hunks', async () => {
    const updatedAt = await conflict();
    const r = await pw(['docs', 'diff', brief(), '-o', 'json']);
    expect(r.code).toBe(1);
    expect(cli.sent('/api/v1/').map((e) => [e.method, e.path, e.query])).toEqual([
      ['GET', `/api/v1/documents/${BRIEF}`, { include: 'content' }],
    ]);
    const [record, ...more] = JSON.parse(r.stdout) as Record<string, any>[];
    expect(more).toEqual([]);
    expect(record).toEqual({
      file: brief(),
      uuid: BRIEF,
      status: 'differs',
      same: false,
      changed: ['title', 'content'],
      updated_at: { service: updatedAt, file: expect.stringMatching(/^20\d\d-/) },
      title: { service: 'Acme brief', file: 'Project brief' },
      body_diff: expect.stringMatching(/^@@ -1,\d+ \+1,\d+ @@\n/),
    });
    expect(record!.body_diff).toContain('\n-Acme now wants');
    expect(record!.body_diff).toContain('\n+Acme wants');
    expect(record!.body_diff).toContain('\n+3. Launch in June\n');
    expect(r.stderr).toBe('the file differs from the service\n');
  });

  it('-o csv and --fields give the records as rows', async () => {
    await conflict();
    const csv = await pw(['docs', 'diff', dir, '-o', 'csv']);
    expect(csv.code).toBe(1);
    expect(csv.stdout.split('\r\n')[0]).toBe('file,status,changed,uuid');
    expect(csv.stdout).toContain(`${brief()},differs,title; content,${BRIEF}\r\n`);
    const table = await pw(['docs', 'diff', dir, '--fields', 'file,status']);
    expect(table.code).toBe(1);
    expect(table.stdout).toContain(`${brief()}\tdiffers\n`);
    expect(table.stdout).not.toContain('@@');
  });

  it('audience and edit access differ only where the file gives them', async () => {
    await pull();
    await changeOnService(BRIEF, { is_internal: true, edit_access: 'private' });
    const r = await pw(['docs', 'diff', brief(), '-o', 'json']);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({
      changed: ['is_internal', 'edit_access'],
      is_internal: { service: true, file: false },
      edit_access: { service: 'private', file: 'team' },
    });
    const text = await pw(['docs', 'diff', brief()]);
    const changedLines = text.stdout
      .split('\n')
      .filter((l) => /^[-+][a-z_]+: /.test(l))
      .sort();
    expect(changedLines).toEqual([
      '+edit_access: team',
      '+is_internal: false',
      '-edit_access: private',
      '-is_internal: true',
    ]);
    // Without those keys the file asks nothing of them, as push does: the same.
    edit(brief(), /^is_internal: false\nedit_access: team\n/m, '');
    const without = await pw(['docs', 'diff', brief()]);
    expect(without.code).toBe(0);
    expect(without.stdout).toBe('');
  });
});

describe('docs diff: nothing differs, and files with no document to compare', () => {
  it('right after a pull: no output, exit 0, and a word on stderr', async () => {
    await pull();
    const r = await pw(['docs', 'diff', dir]);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'no differences: all 6 files match the service\n' });
    const one = await pw(['docs', 'diff', brief(), '-o', 'json', '-q']);
    expect(one).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(one.stdout)).toEqual([
      {
        file: brief(),
        uuid: BRIEF,
        status: 'same',
        same: true,
        changed: [],
        updated_at: { service: expect.any(String), file: expect.any(String) },
      },
    ]);
  });

  it('a file never pulled and a file whose document is gone are said so, and differ', async () => {
    await pull();
    writeFileSync(join(dir, 'new.md'), '---\ntitle: New page\n---\nHello\n');
    expect((await pw(['docs', 'delete', NOTES, '--yes', '-q'])).code).toBe(0);
    cli.mark();
    const r = await pw(['docs', 'diff', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `${join(dir, 'acme-meeting-notes-2025-01-10.md')}: document ${NOTES} is not on the service (deleted, or not visible with this token)\n` +
        `${join(dir, 'new.md')}: never pulled (no uuid in its front matter); \`pwctl docs push\` creates it as a new document\n`,
    );
    expect(r.stderr).toBe('2 of 7 files differ from the service\n');
    const json = await pw(['docs', 'diff', dir, '-o', 'json', '--jq', '[.[] | select(.same | not) | {file, status}]']);
    expect(JSON.parse(json.stdout)).toEqual([
      { file: join(dir, 'acme-meeting-notes-2025-01-10.md'), status: 'not_on_service' },
      { file: join(dir, 'new.md'), status: 'not_pulled' },
    ]);
    // A single file whose document is gone: its GET's 404 is that answer, not an error.
    const gone = await pw(['docs', 'diff', join(dir, 'acme-meeting-notes-2025-01-10.md')]);
    expect(gone.code).toBe(1);
    expect(gone.stdout).toMatch(/is not on the service \(deleted, or not visible with this token\)\n$/);
  });

  it('a file never pulled needs no request at all', async () => {
    const path = join(dirname(dir), 'draft.md');
    writeFileSync(path, '---\ntitle: Draft\n---\nText\n');
    const r = await pw(['docs', 'diff', path]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/draft\.md: never pulled/);
    expect(cli.sent('/')).toEqual([]);
  });
});

describe('docs diff: errors', () => {
  it('usage errors exit 2 with one line, before any request', async () => {
    cli.expectUsageError(
      await pw(['docs', 'diff', join(dirname(dir), 'nope')]),
      /^error: <file\|dir>: cannot read ".*nope": no such file or directory$/,
    );
    const broken = join(dirname(dir), 'broken.md');
    writeFileSync(broken, '---\ntitle: [unclosed\n---\nx\n');
    cli.expectUsageError(await pw(['docs', 'diff', broken]), /^error: .*broken\.md: /);
    cli.expectUsageError(await pw(['docs', 'diff', broken, '--dry-run']), /--dry-run/);
  });

  it("the API's failures keep their exit codes", async () => {
    await pull();
    cli.sb.faults.add({ method: 'GET', path: `/api/v1/documents/${BRIEF}`, action: { type: 'status', status: 403 } });
    const r = await pw(['docs', 'diff', brief()]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*403/);
  });

  it('a title from the service cannot break the header line, even into a pipe', async () => {
    await pull();
    cli.sb.state.documents[BRIEF]!.title = 'Evil\n+++ /etc/passwd\u001b[2J';
    const r = await pw(['docs', 'diff', brief()]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(/^--- service: Evil\\n\+\+\+ \/etc\/passwd\^\[\[2J \(/);
    expect(r.stdout.split('\n')[1]).toBe(`+++ ${brief()}`);
  });
});

describe('docs diff --quiet and --exit-code, as git diff has them', () => {
  it('--quiet prints nothing at all: exit 1 when something differs, 0 when not; errors are still said', async () => {
    await pull();
    const same = await pw(['docs', 'diff', dir, '--quiet']);
    expect(same).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await conflict();
    const differs = await pw(['docs', 'diff', dir, '--quiet']);
    expect(differs).toMatchObject({ code: 1, stdout: '', stderr: '' });
    const json = await pw(['docs', 'diff', brief(), '--quiet', '-o', 'json']);
    expect(json).toMatchObject({ code: 1, stdout: '', stderr: '' });
    cli.mark();
    cli.expectUsageError(
      await pw(['docs', 'diff', join(dirname(dir), 'nope'), '--quiet']),
      /^error: <file\|dir>: cannot read ".*nope": no such file or directory$/,
    );
    cli.sb.faults.add({ method: 'GET', path: `/api/v1/documents/${BRIEF}`, action: { type: 'status', status: 403 } });
    const refused = await pw(['docs', 'diff', brief(), '--quiet']);
    expect(refused.code).toBe(4);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^error: .*403/);
  });

  it('-q stays the global flag: the diff is printed, the summary is not; --exit-code changes nothing', async () => {
    await conflict();
    const q = await pw(['docs', 'diff', dir, '-q']);
    expect(q.code).toBe(1);
    expect(q.stdout).toContain(`+++ ${brief()}`);
    expect(q.stderr).toBe('');
    const plain = await pw(['docs', 'diff', dir]);
    const exitCode = await pw(['docs', 'diff', dir, '--exit-code']);
    expect(exitCode).toEqual(plain);
    expect(exitCode.code).toBe(1);
  });

  it('the help example: `docs diff <dir> --quiet || echo changed` through the built CLI', async () => {
    await pull();
    // Asynchronously: the sandbox answers from this process.
    const sh = (cmd: string) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn('sh', ['-c', cmd], {
          env: { ...process.env, ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) },
        });
        let [stdout, stderr] = ['', ''];
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
    const command = `${cliCommand(['docs', 'diff', dir, '--quiet']).flat().map(quote).join(' ')} || echo changed`;
    expect(await sh(command)).toEqual({ status: 0, stdout: '', stderr: '' });
    edit(brief(), 'Launch in May', 'Launch in June');
    expect(await sh(command)).toEqual({ status: 0, stdout: 'changed\n', stderr: '' });
  });
});

describe('docs push points to docs diff', () => {
  it('a conflict names the command that shows both sides', async () => {
    await conflict();
    const r = await pw(['docs', 'push', dir, '-o', 'json']);
    expect(r.code).toBe(8);
    const failed = (JSON.parse(r.stdout) as { id: string; error?: string }[]).find((x) => x.id === 'project-brief.md')!;
    expect(failed.error).toContain(
      `See what changed with \`pwctl docs diff ${brief()}\`, bring the service's changes into the file, then push with --force`,
    );
  });
});

describe.skipIf(!hasPty)('docs diff on a terminal', () => {
  it('colours removed lines red and added lines green, and shows control characters from the service', async () => {
    await pull();
    edit(brief(), 'Launch in May', 'Launch in June');
    cli.sb.state.documents[BRIEF]!.content = cli.sb.state.documents[BRIEF]!.content.replace(
      'Acme wants',
      'Acme \u001b]0;pwned\u0007wants',
    );
    const run = startInPty(['docs', 'diff', brief()], { env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) } });
    const { code, output } = await run.done;
    expect(code).toBe(1);
    expect(output).toContain('\u001b[31m-Acme ^[]0;pwned^Gwants');
    expect(output).toContain('\u001b[32m+Acme wants');
    expect(output).toContain('\u001b[32m+3. Launch in June');
    expect(output).toMatch(/\u001b\[36m@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(output).not.toContain('\u001b]0;');
    expect(output).not.toContain('\u0007');
    expect(visibleText(output)).toContain(`+++ ${brief()}`);
  });
});
