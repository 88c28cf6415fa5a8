// `pwctl milestones …` end to end: the CLI (in the test process) against the sandbox,
// asserting on stdout, stderr, exit codes, the request bodies the service received and the
// resulting state.
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/sandbox/index.js';
import { makeConfigDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

// Seed: 71 Design sign-off (project 31, 2025-03-14), 72 Launch (31, 2025-05-01),
// 73 Brand reveal (32, 2025-04-10), 74 on a template project, 75 of company 2.
function sent(method?: string): RequestLogEntry[] {
  return cli.sent('/api/v1/milestones', method);
}

const expectUsageError = cli.expectUsageError;

describe('milestones list', () => {
  it('prints id, title, due, project and color, ordered by due date', async () => {
    const r = await pw(['milestones', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        '71\tDesign sign-off\t2025-03-14\tAcme Website Redesign (31)\t#7C3AED',
        '73\tBrand reveal\t2025-04-10\tBlue Harbor Brand Refresh (32)\t',
        '72\tLaunch\t2025-05-01\tAcme Website Redesign (31)\t#16A34A',
        '74\tTemplate: Launch\t2025-06-01\tWebsite Project Template (33)\t',
        '',
      ].join('\n'),
    );
    expect(sent('GET')[0]!.query).toEqual({ per_page: '30' });
  });

  it('filters by --project and --company', async () => {
    const r = await pw(['milestones', 'list', '--project', '31', '--company', '1', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query).toEqual({ company_id: '1', project_id: '31', per_page: '30' });
    const items = JSON.parse(r.stdout);
    expect(items.map((m: { id: number }) => m.id)).toEqual([71, 72]);
    expect(items[0]).toMatchObject({
      title: 'Design sign-off',
      due_date: '2025-03-14T00:00:00.000000Z',
      project_id: 31,
      project: { id: 31 },
    });
  });

  it('takes the company from `config company`', async () => {
    const configDir = makeConfigDir();
    await pw(['config', 'set', 'company', '1'], { configDir });
    const r = await pw(['milestones', 'list', '-o', 'ndjson', '--fields', 'id'], { configDir });
    expect(r.code).toBe(0);
    expect(sent('GET')[0]!.query.company_id).toBe('1');
    expect(r.stdout).toBe('{"id":71}\n{"id":73}\n{"id":72}\n{"id":74}\n');
  });

  it('--limit and --all', async () => {
    const r = await pw(['milestones', 'list', '--limit', '1', '-o', 'json']);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    expect(sent('GET')[0]!.query.per_page).toBe('1');
    cli.mark();
    expectUsageError(
      await pw(['milestones', 'list', '--limit', '3', '--all']),
      /--all and --limit cannot be used together/,
    );
  });

  it('rejects bad ids and fields before any request', async () => {
    expectUsageError(await pw(['milestones', 'list', '--project', 'x']), /--project must be a positive integer id/);
    expectUsageError(await pw(['milestones', 'list', '--company', '-1']), /--company/);
    expectUsageError(
      await pw(['milestones', 'list', '--fields', 'due']),
      /unknown field "due" \(did you mean due_date\?\); valid fields: id, title, description, color, due_date/,
    );
  });
});

describe('milestones get', () => {
  it('shows one milestone', async () => {
    const r = await pw(['milestones', 'get', '71']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('id:\t71\n');
    expect(r.stdout).toContain('due:\t2025-03-14\n');
    expect(r.stdout).toContain('description:\tClient signs off the homepage and style guide.\n');
    const json = await pw(['milestones', 'get', '73', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      id: 73,
      color: null,
      description: null,
      project: { id: 32, title: 'Blue Harbor Brand Refresh' },
    });
  });

  it('validates the id locally; a missing one is exit 3', async () => {
    expectUsageError(await pw(['milestones', 'get', 'seventy']), /<id> must be a positive integer id/);
    const r = await pw(['milestones', 'get', '999']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/Milestone not found/);
  });
});

describe('milestones create', () => {
  it('creates a milestone, sending a number, a YYYY-MM-DD date and strings', async () => {
    const r = await pw([
      'milestones',
      'create',
      '--project',
      '31',
      '--title',
      'Beta',
      '--due',
      '2025-04-20',
      '--description',
      'Beta release',
      '--color',
      '#0ea5e9',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(sent('POST')[0]!.body).toEqual({
      title: 'Beta',
      due_date: '2025-04-20',
      project_id: 31,
      description: 'Beta release',
      color: '#0ea5e9',
    });
    const created = JSON.parse(r.stdout);
    expect(created).toMatchObject({
      title: 'Beta',
      due_date: '2025-04-20T00:00:00.000000Z',
      project_id: 31,
      color: '#0ea5e9',
    });
    expect(cli.sb.state.milestones[created.id]).toMatchObject({
      title: 'Beta',
      due_date: '2025-04-20',
      project_id: 31,
      description: 'Beta release',
    });
    expect(r.stderr).toBe(`✓ created milestone ${created.id}\n`);
  });

  it('sends only the required fields when the optional ones are absent', async () => {
    expect(
      (await pw(['milestones', 'create', '--project', '32', '--title', 'Print', '--due', '2025-06-01'])).code,
    ).toBe(0);
    expect(sent('POST')[0]!.body).toEqual({ title: 'Print', due_date: '2025-06-01', project_id: 32 });
  });

  it('validates everything locally before any request', async () => {
    expectUsageError(
      await pw(['milestones', 'create', '--title', 'X']),
      /missing required flags: --project <id>, --due <YYYY-MM-DD>/,
    );
    expectUsageError(
      await pw(['milestones', 'create', '--project', '31', '--title', 'X']),
      /--due <YYYY-MM-DD> is required: due date/,
    );
    expectUsageError(
      await pw(['milestones', 'create', '--project', '31', '--title', 'x'.repeat(256), '--due', '2025-04-20']),
      /--title must be at most 255 characters, got 256/,
    );
    expectUsageError(
      await pw(['milestones', 'create', '--project', '31', '--title', ' ', '--due', '2025-04-20']),
      /--title must not be empty/,
    );
    expectUsageError(
      await pw(['milestones', 'create', '--project', '31', '--title', 'X', '--due', '2025-02-30']),
      /--due must be a real calendar date.*no such day/,
    );
    expectUsageError(
      await pw(['milestones', 'create', '--project', '31', '--title', 'X', '--due', '20/04/2025']),
      /--due must be a date: YYYY-MM-DD \(e.g. 2026-12-31\), today, tomorrow, \+3d or \+2w; got "20\/04\/2025"/,
    );
    expectUsageError(
      await pw(['milestones', 'create', '--project', '31', '--title', 'X', '--due', '2025-04-20', '--color', 'blue']),
      /--color must be a hex colour/,
    );
    expectUsageError(
      await pw(['milestones', 'create', '--project', '3.1', '--title', 'X', '--due', '2025-04-20']),
      /--project must be a positive integer id/,
    );
  });

  it('accepts a 255-character title', async () => {
    const r = await pw(['milestones', 'create', '--project', '31', '--title', 'é'.repeat(255), '--due', '2025-04-20']);
    expect(r.code).toBe(0);
  });

  it("maps the service's 422 (a project of another company) to exit 5 with the field error", async () => {
    const r = await pw(['milestones', 'create', '--project', '34', '--title', 'X', '--due', '2025-04-20']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/\n {2}project_id: The selected project id is invalid\.\n$/);
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const r = await pw([
      '--dry-run',
      'milestones',
      'create',
      '--project',
      '31',
      '--title',
      'Dry',
      '--due',
      '2025-04-20',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'POST /api/v1/milestones\n{\n  "title": "Dry",\n  "due_date": "2025-04-20",\n  "project_id": 31\n}\n',
    );
    expect(sent()).toEqual([]);
  });
});

describe('milestones update', () => {
  it('sends only the given fields', async () => {
    const r = await pw(['milestones', 'update', '71', '--title', 'Sign-off', '--due', '2025-03-21', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ title: 'Sign-off', due_date: '2025-03-21' });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 71, title: 'Sign-off', due_date: '2025-03-21T00:00:00.000000Z' });
    expect(cli.sb.state.milestones[71]).toMatchObject({ title: 'Sign-off', due_date: '2025-03-21', color: '#7C3AED' });

    expect((await pw(['milestones', 'update', '73', '--description', 'Reveal event', '--color', '#abc'])).code).toBe(0);
    expect(sent('PUT')[1]!.body).toEqual({ description: 'Reveal event', color: '#abc' });
    expect(cli.sb.state.milestones[73]).toMatchObject({ description: 'Reveal event', color: '#abc' });
  });

  it('with nothing to change, or bad values, is a usage error before any request', async () => {
    expectUsageError(
      await pw(['milestones', 'update', '71']),
      /nothing to update: give at least one of --title, --due, --description or --color/,
    );
    expectUsageError(
      await pw(['milestones', 'update', '71', '--due', '31/12/2026']),
      /--due must be a date: YYYY-MM-DD/,
    );
    expectUsageError(await pw(['milestones', 'update', '71', '--color', '#12345']), /--color must be a hex colour/);
    expectUsageError(await pw(['milestones', 'update', '71', '--title', 'y'.repeat(300)]), /at most 255 characters/);
    expectUsageError(await pw(['milestones', 'update', '0', '--title', 'x']), /<id> must be a positive integer id/);
  });

  it('--dry-run sends nothing', async () => {
    const r = await pw(['--dry-run', '-o', 'json', 'milestones', 'update', '72', '--due', '2025-05-02']);
    expect(JSON.parse(r.stdout)).toEqual({
      dry_run: true,
      method: 'PUT',
      path: '/api/v1/milestones/72',
      body: { due_date: '2025-05-02' },
    });
    expect(sent()).toEqual([]);
    expect(cli.sb.state.milestones[72]!.due_date).toBe('2025-05-01');
  });
});

describe('milestones delete', () => {
  it('refuses without a terminal unless --yes, before any request', async () => {
    expectUsageError(
      await pw(['milestones', 'delete', '72']),
      /Permanently delete milestone 72: refusing without a terminal to confirm; pass --yes/,
    );
    expect(cli.sb.state.milestones[72]).toBeDefined();
  });

  it('deletes with --yes', async () => {
    const r = await pw(['milestones', 'delete', '72', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('72\tok\t\n');
    expect(cli.sb.state.milestones[72]).toBeUndefined();
  });

  it('deletes several; a failure among them exits 8 with per-item results', async () => {
    const r = await pw(['milestones', 'delete', '71', '999', '73', '--yes', '-o', 'ndjson']);
    expect(r.code).toBe(8);
    const results = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results).toHaveLength(3);
    expect(results).toEqual(
      expect.arrayContaining([
        { id: 71, ok: true, data: null },
        { id: 73, ok: true, data: null },
        { id: 999, ok: false, status: 404, error: expect.stringMatching(/Milestone not found/) },
      ]),
    );
    expect(r.stderr).toBe('2 deleted, 1 failed\n');
    expect(cli.sb.state.milestones[71]).toBeUndefined();
  });

  it("a batch of one exits with that item's code", async () => {
    const r = await pw(['milestones', 'delete', '999', '--yes']);
    expect(r.code).toBe(3);
  });

  it('reads ids from stdin (`milestones list -o ndjson | milestones delete -`)', async () => {
    const list = await pw(['milestones', 'list', '--project', '31', '-o', 'ndjson']);
    cli.mark();
    const r = await pw(['milestones', 'delete', '-', '--yes'], { stdin: list.stdout });
    expect(r.code).toBe(0);
    expect(
      sent('DELETE')
        .map((d) => d.path)
        .sort(),
    ).toEqual(['/api/v1/milestones/71', '/api/v1/milestones/72']);
    expect(cli.sb.state.milestones[73]).toBeDefined();
  });

  it('--dry-run prints the DELETE and deletes nothing', async () => {
    const r = await pw(['--dry-run', 'milestones', 'delete', '73']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('DELETE /api/v1/milestones/73\n');
    expect(cli.sb.state.milestones[73]).toBeDefined();
  });
});

describe('the client-user view', () => {
  it("lists the client's milestones but cannot change them (exit 4)", async () => {
    const list = await pw(['milestones', 'list', '-o', 'json'], { role: 'client' });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((m: { id: number }) => m.id)).toEqual([71, 72]);
    const create = await pw(['milestones', 'create', '--project', '31', '--title', 'X', '--due', '2025-04-20'], {
      role: 'client',
    });
    expect(create.code).toBe(4);
    expect(create.stderr).toMatch(/403 Forbidden: Client users cannot create milestones/);
    const update = await pw(['milestones', 'update', '71', '--title', 'X'], { role: 'client' });
    expect(update.code).toBe(4);
    const del = await pw(['milestones', 'delete', '71', '--yes'], { role: 'client' });
    expect(del.code).toBe(4);
    expect(cli.sb.state.milestones[71]!.title).toBe('Design sign-off');
  });
});
