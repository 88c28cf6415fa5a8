// `pwctl steps list|get|create|update|move|reorder|edit` end to end: the CLI (in the test
// process) against the sandbox, asserting on stdout, stderr, exit codes, the requests the
// service received (query parameters, JSON types of bodies, date forms) and the resulting state.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/sandbox/index.js';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

// Company 1's live tasks in the demo seed: 101–126. 127–130 belong to a template project,
// 131–134 to company 2. Client user Chloe sees published tasks of phases 41 and 42 only.
const COMPANY_1_TASKS = Array.from({ length: 26 }, (_, i) => 101 + i);
const CLIENT_TASKS = [101, 102, 103, 104, 106, 107, 108, 109, 111, 112];

/** Task requests this test made. */
function sent(method?: string): RequestLogEntry[] {
  return cli.sent('/api/v1/steps', method);
}

function step(id: number) {
  return cli.sb.state.steps[id];
}

const expectUsageError = cli.expectUsageError;

function rows(stdout: string): string[][] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
}

describe('steps list', () => {
  it('shows id, title, status (with approval verdicts), due date, phase, project and assignees', async () => {
    const r = await pw(['steps', 'list']);
    expect(r.code).toBe(0);
    const table = rows(r.stdout);
    expect(table.map((row) => Number(row[0]))).toEqual(COMPANY_1_TASKS);
    const byId = new Map(table.map((row) => [Number(row[0]), row]));
    expect(byId.get(103)).toEqual([
      '103',
      'Stakeholder interviews',
      'open',
      '2025-02-03',
      'Discovery (41)',
      'Acme Website Redesign (31)',
      'Sam Rivera',
    ]);
    expect(byId.get(101)![2]).toBe('done');
    expect(byId.get(104)![2]).toBe('approved');
    expect(byId.get(111)![2]).toBe('not approved');
    expect(byId.get(108)![2]).toBe('open');
    expect(sent('GET')[0]!.query).toEqual({ per_page: '30' });
  });

  it("maps every filter to the reference's query parameters", async () => {
    const r = await pw([
      'steps',
      'list',
      '--company',
      '1',
      '--completed',
      '--has-due-date',
      '--include',
      'content,tags',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({
      company_id: '1',
      completed: 'true',
      has_due_date: 'true',
      include: 'content,tags',
      per_page: '30',
    });
    const tasks = JSON.parse(r.stdout) as { id: number; tags: unknown[]; content: string; assignees: unknown[] }[];
    expect(tasks.map((t) => t.id)).toEqual([101, 104]);
    expect(tasks[0]!.tags).toEqual([]);
    expect(typeof tasks[0]!.content).toBe('string');
    expect(tasks[0]!.assignees).toEqual([{ id: 1, name: 'Maya Patel' }]);

    cli.mark();
    const open = await pw([
      'steps',
      'list',
      '--open',
      '--no-due-date',
      '-o',
      'ndjson',
      '--fields',
      'id,completed,due_date',
    ]);
    expect(open.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({ completed: 'false', has_due_date: 'false', per_page: '30' });
    const lines = open.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { completed: boolean; due_date: string });
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((t) => t.completed === false && t.due_date === '')).toBe(true);
  });

  it('answers to the alias tasks; --limit and --all choose the page size', async () => {
    const limited = await pw(['tasks', 'list', '--limit', '5', '-o', 'json']);
    expect(limited.code).toBe(0);
    expect(JSON.parse(limited.stdout)).toHaveLength(5);
    expect(sent('GET')[0]!.query.per_page).toBe('5');
    cli.mark();
    const all = await pw(['steps', 'list', '--all', '-o', 'json', '--fields', 'id']);
    expect((JSON.parse(all.stdout) as { id: number }[]).map((t) => t.id)).toEqual(COMPANY_1_TASKS);
    expect(sent('GET').map((r) => r.query.per_page)).toEqual(['1000']);
  });

  it('takes --company from `config company`', async () => {
    const configDir = makeConfigDir();
    expect((await pw(['config', 'set', 'company', '1'], { configDir })).code).toBe(0);
    const r = await pw(['steps', 'list', '-o', 'json'], { configDir });
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query.company_id).toBe('1');
    const other = await pw(['steps', 'list', '--company', '2'], { configDir });
    expect(other.code).toBe(4);
    expect(other.stderr).toMatch(/^error: GET \/api\/v1\/steps\?company_id=2&per_page=30: 403 Forbidden/);
  });

  it('adds a TAGS column with --include tags; --fields picks any field', async () => {
    const r = await pw(['steps', 'list', '--include', 'tags']);
    const row = rows(r.stdout).find((cells) => cells[0] === '107')!;
    expect(row[7]).toBe('design, urgent');
    const fields = await pw(['steps', 'list', '--fields', 'id,phase.id,client.title', '--limit', '1']);
    expect(fields.stdout).toBe('101\t41\tAcme Corp\n');
  });

  it('asks for content and tags when --fields names them', async () => {
    const r = await pw(['steps', 'list', '--fields', 'id,tags.0.name,content', '--limit', '2', '--open', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({ completed: 'false', include: 'content,tags', per_page: '2' });
    expect(JSON.parse(r.stdout)).toEqual([
      { id: 103, tags: { 0: { name: 'design' } }, content: '' },
      { id: 105, tags: { 0: { name: 'copy' } }, content: '' },
    ]);
    cli.mark();
    const one = await pw(['steps', 'get', '106', '--fields', 'content']);
    expect(sent('GET')[0]!.query).toEqual({ include: 'content' });
    // The body alone, byte for byte, as `docs get --fields content` prints it.
    expect(one.stdout).toBe('Review the three main competitors.');
  });

  it('a client user sees only published client-facing tasks', async () => {
    const r = await pw(['steps', 'list', '-o', 'json', '--fields', 'id'], { role: 'client' });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: number }[]).map((t) => t.id)).toEqual(CLIENT_TASKS);
  });

  it('rejects bad flags before any request', async () => {
    expectUsageError(
      await pw(['steps', 'list', '--completed', '--open']),
      /--completed and --open cannot be used together/,
    );
    expectUsageError(
      await pw(['steps', 'list', '--has-due-date', '--no-due-date']),
      /--has-due-date and --no-due-date cannot be used together/,
    );
    expectUsageError(
      await pw(['steps', 'list', '--include', 'content,assignees']),
      /--include must be one of content, tags; got "assignees"/,
    );
    expectUsageError(await pw(['steps', 'list', '--company', 'acme']), /--company must be a positive integer id/);
    expectUsageError(await pw(['steps', 'list', '--limit', '0']), /--limit/);
    expectUsageError(await pw(['steps', 'list', '--all', '--limit', '3']), /--all and --limit/);
    expectUsageError(
      await pw(['steps', 'list', '--fields', 'id,nope']),
      /unknown field "nope"; valid fields: id, title/,
    );
  });
});

describe('steps get', () => {
  it('prints one task with --include content,tags', async () => {
    const r = await pw(['steps', 'get', '112', '--include', 'content,tags', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({ include: 'content,tags' });
    const task = JSON.parse(r.stdout) as {
      id: number;
      tags: { id: number; name: string }[];
      content: string;
      assignees?: unknown;
    };
    expect(task.id).toBe(112);
    expect(task.tags.map((t) => t.name)).toEqual(['copy', 'legacy-review']);
    expect(task.content).toBe('');
    expect(task.assignees).toBeUndefined();
  });

  it('shows fields then the Markdown body in a table', async () => {
    const r = await pw(['steps', 'get', '109', '--include', 'content']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^id:\t109\ntitle:\tWireframes for key pages\nstatus:\topen\n/);
    expect(r.stdout).toMatch(/phase:\tDesign \(42, client-facing\)/);
    expect(r.stdout).toContain('\n:::callout{emoji="💡" color="mint"}\nKeep the navigation');
  });

  it('exit 3 for a missing task, or one the caller cannot see; exit 4 without a token', async () => {
    const missing = await pw(['steps', 'get', '999', '-o', 'json']);
    expect(missing.code).toBe(3);
    const [line, json] = missing.stderr.trim().split('\n');
    expect(line).toBe('error: GET /api/v1/steps/999: 404 Not Found: Task not found.');
    expect(JSON.parse(json!)).toEqual({
      error: { status: 404, code: 3, message: 'GET /api/v1/steps/999: 404 Not Found: Task not found.' },
    });
    expect((await pw(['steps', 'get', '131'])).code).toBe(3); // company 2
    expect((await pw(['steps', 'get', '113'], { role: 'client' })).code).toBe(3); // internal phase
    const noToken = await runInProcess(['steps', 'get', '101'], { env: { PWCTL_BASE_URL: cli.sb.baseUrl } });
    expect(noToken.code).toBe(4);
    expect(noToken.stderr).toMatch(/^error: no token/);
  });

  it('rejects a bad id or include before any request', async () => {
    expectUsageError(await pw(['steps', 'get', '12a']), /<id> must be a positive integer id/);
    expectUsageError(await pw(['steps', 'get', '0']), /<id> must be a positive integer id/);
    expectUsageError(await pw(['steps', 'get', '101', '--include', 'body']), /--include must be one of content, tags/);
  });
});

describe('steps create', () => {
  it('sends ids as numbers, the date exactly as given and the flags as booleans', async () => {
    const r = await pw([
      'steps',
      'create',
      '--phase',
      '41',
      '--title',
      'Collect logos',
      '--content',
      'Logos **now**',
      '--due',
      '2026-03-01',
      '--draft',
      '--approval',
      '--completed',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    const [post] = sent('POST');
    expect(post!.body).toEqual({
      title: 'Collect logos',
      phase_id: 41,
      content: 'Logos **now**',
      due_date: '2026-03-01',
      published: false,
      is_approval: true,
      completed: true,
    });
    const created = JSON.parse(r.stdout) as { id: number; due_date: string; approval_status: string };
    expect(created.due_date).toBe('2026-03-01T00:00:00.000000Z');
    expect(created.approval_status).toBe('approved');
    expect(step(created.id)).toMatchObject({
      title: 'Collect logos',
      phase_id: 41,
      due_date: '2026-03-01',
      published: false,
    });
    expect(r.stderr).toBe(`✓ created task ${created.id} in phase 41\n`);
  });

  it('reads the body from --content-file <path> and from stdin', async () => {
    const file = join(makeConfigDir(), 'body.md');
    writeFileSync(file, '# Plan\n\n- one\n');
    const fromFile = await pw([
      'steps',
      'create',
      '--phase',
      '43',
      '--title',
      'From file',
      '--content-file',
      file,
      '--published',
      '-o',
      'json',
    ]);
    expect(fromFile.code).toBe(0);
    expect(sent('POST')[0]!.body).toEqual({
      title: 'From file',
      phase_id: 43,
      content: '# Plan\n\n- one\n',
      published: true,
    });
    cli.mark();
    const fromStdin = await pw(
      ['steps', 'create', '--phase', '43', '--title', 'From stdin', '--content-file', '-', '-q'],
      { stdin: 'piped body' },
    );
    expect(fromStdin.code).toBe(0);
    expect(sent('POST')[0]!.body).toEqual({ title: 'From stdin', phase_id: 43, content: 'piped body' });
    expect(fromStdin.stderr).toBe('');
  });

  it('rejects missing or malformed input before any request', async () => {
    expectUsageError(await pw(['steps', 'create', '--title', 'x']), /--phase <id> is required/);
    expectUsageError(await pw(['steps', 'create', '--phase', '41']), /--title <text> is required/);
    expectUsageError(
      await pw(['steps', 'create', '--phase', 'design', '--title', 'x']),
      /--phase must be a positive integer id/,
    );
    expectUsageError(await pw(['steps', 'create', '--phase', '41', '--title', '  ']), /--title must not be empty/);
    expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--due', '2026-02-30']),
      /--due must be a real calendar date in the form YYYY-MM-DD/,
    );
    expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--due', '03/01/2026']),
      /--due must be a date: YYYY-MM-DD \(e.g. 2026-12-31\), today, tomorrow, \+3d or \+2w; got "03\/01\/2026"/,
    );
    expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--published', '--draft']),
      /--published and --draft cannot be used together/,
    );
    expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--content', 'a', '--content-file', '-']),
      /--content and --content-file cannot be used together/,
    );
    expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--content-file', '/nonexistent/body.md']),
      /--content-file: cannot read "\/nonexistent\/body.md": no such file/,
    );
    const binary = join(makeConfigDir(), 'body.bin');
    writeFileSync(binary, Buffer.from([0x41, 0x00, 0xff]));
    expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--content-file', binary]),
      /binary/,
    );
  });

  it("maps the service's answers: 422 → 5 with field lines, 403 → 4", async () => {
    const foreign = await pw(['steps', 'create', '--phase', '48', '--title', 'Globex work']);
    expect(foreign.code).toBe(5);
    expect(foreign.stderr).toBe(
      'error: POST /api/v1/steps: 422 Unprocessable Content\n  phase_id: The selected phase id is invalid.\n',
    );
    const client = await pw(['steps', 'create', '--phase', '41', '--title', 'Hi'], { role: 'client' });
    expect(client.code).toBe(4);
    expect(Object.keys(cli.sb.state.steps)).toHaveLength(34);
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const r = await pw(['steps', 'create', '--phase', '41', '--title', 'Dry', '--due', '2026-01-31', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'POST /api/v1/steps\n{\n  "title": "Dry",\n  "phase_id": 41,\n  "due_date": "2026-01-31"\n}\n',
    );
    expect(sent()).toEqual([]);
  });
});

describe('steps update', () => {
  it('sends only the given fields with their JSON types', async () => {
    const r = await pw([
      'steps',
      'update',
      '103',
      '--title',
      'Interviews',
      '--due',
      '2026-12-31',
      '--phase',
      '42',
      '--published',
      '--approval',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({
      title: 'Interviews',
      published: true,
      is_approval: true,
      due_date: '2026-12-31',
      phase_id: 42,
    });
    expect(step(103)).toMatchObject({ title: 'Interviews', due_date: '2026-12-31', phase_id: 42, is_approval: true });
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: 103,
      due_date: '2026-12-31T00:00:00.000000Z',
      phase: { id: 42, title: 'Design', is_internal: false },
    });
  });

  it('--due none clears the due date with JSON null; --no-approval and --draft send false', async () => {
    const r = await pw(['steps', 'update', '108', '--due', 'none', '--no-approval', '--draft', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ published: false, is_approval: false, due_date: null });
    expect(step(108)).toMatchObject({ due_date: null, is_approval: false, published: false });
    expect(JSON.parse(r.stdout).due_date).toBe('');
  });

  it('replaces the body; --allow-removing-attachments lets it drop attachments', async () => {
    const kept = await pw(['steps', 'update', '109', '--content', 'Short body', '-q']);
    expect(kept.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ content: 'Short body' });
    expect(step(109)!.content).toContain('[[attachment:wireframes-v1.pdf]]');
    cli.mark();
    const dropped = await pw([
      'steps',
      'update',
      '109',
      '--content',
      'Short body',
      '--allow-removing-attachments',
      '-q',
    ]);
    expect(dropped.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ content: 'Short body', allow_removing_attachments: true });
    expect(step(109)!.content).toBe('Short body');
  });

  it('nothing to change, or a flag without its partner, is a usage error', async () => {
    expectUsageError(await pw(['steps', 'update', '103']), /nothing to update: give at least one of --title/);
    expectUsageError(
      await pw(['steps', 'update', '103', '--allow-removing-attachments']),
      /--allow-removing-attachments applies only with --content/,
    );
    expectUsageError(
      await pw(['steps', 'update', '103', '--due', 'someday']),
      /--due must be a date: YYYY-MM-DD .*; or none to clear it/,
    );
    expectUsageError(await pw(['steps', 'update', '103', '--phase', '-4']), /--phase/);
  });

  it('exit 3 for an unknown task', async () => {
    const r = await pw(['steps', 'update', '999', '--title', 'x']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: PUT /api/v1/steps/999: 404 Not Found: Task not found.\n');
  });
});

describe('steps move', () => {
  it('moves a task to another phase; its audience follows the phase', async () => {
    const r = await pw(['steps', 'move', '103', '--phase', '43']);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ phase_id: 43 });
    expect(step(103)!.phase_id).toBe(43);
    expect(r.stderr).toBe('✓ moved task 103 to phase 43 (internal)\n');
    expect((await pw(['steps', 'get', '103'], { role: 'client' })).code).toBe(3);
  });

  it('needs --phase', async () => {
    expectUsageError(await pw(['steps', 'move', '103']), /--phase <id> is required/);
  });
});

describe('steps reorder', () => {
  const orderOf = (id: number) => step(id)!.order;

  it("--first, --last and --after send the reference's body", async () => {
    const first = await pw(['steps', 'reorder', '106', '--first', '-o', 'json']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).order).toBe(1);
    expect(orderOf(106)).toBe(1);
    const last = await pw(['steps', 'reorder', '101', '--last']);
    expect(last.stdout).toMatch(/\norder:\t6\n/);
    const after = await pw(['steps', 'reorder', '103', '--after', '105', '-q']);
    expect(after.code).toBe(0);
    expect(orderOf(103)).toBe(orderOf(105) + 1);
    expect(sent('POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/v1/steps/106/reorder', { position: 'first' }],
      ['/api/v1/steps/101/reorder', { position: 'last' }],
      ['/api/v1/steps/103/reorder', { after_step_id: 105 }],
    ]);
  });

  it("a task of another phase is the service's 422 (exit 5)", async () => {
    const r = await pw(['steps', 'reorder', '103', '--after', '107']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/after_step_id: The after step id must be a task in the same phase\./);
  });

  it('exactly one of --first, --last, --after', async () => {
    expectUsageError(await pw(['steps', 'reorder', '103']), /give exactly one of --first, --last or --after/);
    expectUsageError(
      await pw(['steps', 'reorder', '103', '--first', '--after', '105']),
      /--first and --after cannot be used together/,
    );
    expectUsageError(await pw(['steps', 'reorder', '103', '--after', '103']), /--after must name another task/);
  });
});

describe('steps edit', () => {
  it('sends the edited body back', async () => {
    const r = await pw(['steps', 'edit', '106'], { env: { EDITOR: "sed -i 's/three main/five leading/'" } });
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({ include: 'content' });
    expect(sent('PUT')[0]!.body).toEqual({ content: 'Review the five leading competitors.' });
    expect(step(106)!.content).toBe('Review the five leading competitors.');
    expect(r.stderr).toMatch(/✓ updated the body of task 106/);
  });

  it('without VISUAL or EDITOR it is a usage error before any request', async () => {
    expectUsageError(
      await pw(['steps', 'edit', '106'], { env: { EDITOR: undefined, VISUAL: undefined } }),
      /edit needs a terminal, or an editor in VISUAL or EDITOR/,
    );
  });

  it('sends nothing when the body is unchanged', async () => {
    const r = await pw(['steps', 'edit', '106'], { env: { EDITOR: 'true' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('no changes; nothing was sent\n');
    expect(sent('PUT')).toEqual([]);
  });

  it('keeps the edited text in a file when the update fails', async () => {
    cli.sb.faults.add({
      method: 'PUT',
      path: '/api/v1/steps/106',
      action: {
        type: 'status',
        status: 422,
        body: { message: 'Content is locked.', errors: { content: ['Content is locked.'] } },
      },
    });
    const r = await pw(['steps', 'edit', '106'], { env: { EDITOR: "sed -i 's/Review/Assess/'" } });
    expect(r.code).toBe(5);
    const kept = /your edited text is kept in (\S+)/.exec(r.stderr)?.[1];
    expect(kept).toBeDefined();
    expect(existsSync(kept!)).toBe(true);
    expect(readFileSync(kept!, 'utf8')).toBe('Assess the three main competitors.');
    expect(step(106)!.content).toBe('Review the three main competitors.');
  });
});
