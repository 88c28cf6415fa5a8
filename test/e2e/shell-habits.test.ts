// Habits from gh and kubectl, and lists filtered the way people ask (issue 24): client-side
// filters that send the API only its own parameters, --sort, natural dates, "did you mean",
// -o=json, verb aliases, `pwctl version`, a profile typo named as one, and `phases list` /
// `projects list` for the ids the other verbs take.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ extraSteps: 1500 });
const pw = cli.pw;

const ids = (stdout: string) => (JSON.parse(stdout) as Array<{ id: number }>).map((r) => r.id);
const local = (offsetDays: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('steps list filters the API does not have', () => {
  it('--project, --phase, --client, --search, --assignee: the API gets only its own parameters, and --limit counts matches', async () => {
    const r = await pw(['steps', 'list', '--phase', '42', '--limit', '3', '-o', 'json']);
    expect(r.code).toBe(0);
    const expected = Object.values(cli.sb.state.steps)
      .filter((s) => s.phase_id === 42)
      .map((s) => s.id)
      .sort((a, b) => a - b);
    expect(ids(r.stdout)).toEqual(expected.slice(0, 3));
    const query = cli.sent('/api/v1/steps', 'GET').map((e) => e.query);
    expect(query.every((q) => !('phase_id' in q) && !('project_id' in q) && q.per_page === '1000')).toBe(true);

    const search = await pw(['steps', 'list', '--search', 'STAKEHOLDER interviews', '-o', 'json']);
    expect(ids(search.stdout)).toEqual([103]);
    const who = await pw([
      'steps',
      'list',
      '--assignee',
      'sam rivera',
      '--project',
      '31',
      '--fields',
      'id,assignees.name',
      '-o',
      'json',
    ]);
    const people = JSON.parse(who.stdout) as Array<{ assignees: Array<{ name: string }> }>;
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p.assignees.some((a) => a.name === 'Sam Rivera'))).toBe(true);
  });

  it('--sort orders every matching task before --limit applies', async () => {
    const r = await pw([
      'steps',
      'list',
      '--project',
      '31',
      '--has-due-date',
      '--sort',
      'due_date:desc',
      '--all',
      '-o',
      'json',
      '--fields',
      'id,due_date',
    ]);
    const due = (JSON.parse(r.stdout) as Array<{ due_date: string }>).map((s) => s.due_date);
    expect(due.length).toBeGreaterThan(2);
    expect([...due].sort().reverse()).toEqual(due);
    // Every task sorted, then the first five: no notice that only part was sorted (issue 32).
    const cut = await pw(['steps', 'list', '--sort', 'title', '--limit', '5', '-o', 'json']);
    expect(cut.stderr).toBe('');
    cli.mark();
    cli.expectUsageError(
      await pw(['steps', 'list', '--sort', 'titel']),
      /--sort: unknown field "titel" \(did you mean title\?\)/,
    );
  });

  it('natural dates: today, tomorrow, +3d, +2w, sent as YYYY-MM-DD of the local calendar', async () => {
    const created = await pw(['steps', 'create', '--phase', '41', '--title', 'Soon', '--due', '+3d', '-o', 'json']);
    expect(created.code).toBe(0);
    expect(cli.sent('/api/v1/steps', 'POST')[0]!.body).toMatchObject({ due_date: local(3) });
    const within = await pw(['steps', 'list', '--due-after', 'today', '--due-before', '+2w', '-o', 'json', '--all']);
    expect(ids(within.stdout)).toContain(JSON.parse(created.stdout).id);
    cli.mark();
    cli.expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--due', 'tomorow']),
      /--due must be a date: YYYY-MM-DD .*today, tomorrow, \+3d or \+2w; got "tomorow" \(did you mean tomorrow\?\)/,
    );
  });

  it('docs and milestones take --search and --sort too', async () => {
    const docs = await pw(['docs', 'list', '--search', 'brief', '-o', 'json', '--fields', 'title']);
    expect((JSON.parse(docs.stdout) as Array<{ title: string }>).every((d) => /brief/i.test(d.title))).toBe(true);
    const milestones = await pw([
      'milestones',
      'list',
      '--sort',
      'title:desc',
      '-o',
      'json',
      '--fields',
      'title',
      '--all',
    ]);
    const titles = (JSON.parse(milestones.stdout) as Array<{ title: string }>).map((m) => m.title);
    expect([...titles].sort((a, b) => b.localeCompare(a))).toEqual(titles);

    const launches = await pw(['milestones', 'list', '--search', 'LAUNCH', '--all', '-o', 'json', '--fields', 'id']);
    const expectedLaunches = Object.values(cli.sb.state.milestones)
      .filter((m) => /launch/i.test(m.title))
      .map((m) => m.id)
      .sort((a, b) => a - b);
    expect(expectedLaunches.length).toBeGreaterThan(0);
    expect(ids(launches.stdout).sort((a, b) => a - b)).toEqual(expectedLaunches);

    const sorted = await pw(['docs', 'list', '--sort', 'title', '--all', '-o', 'json', '--fields', 'title']);
    const docTitles = (JSON.parse(sorted.stdout) as Array<{ title: string }>).map((d) => d.title);
    expect(docTitles.length).toBeGreaterThan(2);
    expect([...docTitles].sort((a, b) => a.localeCompare(b))).toEqual(docTitles);
  });

  it('steps list --client keeps the tasks of that client only, found client-side', async () => {
    const r = await pw(['steps', 'list', '--client', '12', '--all', '-o', 'json', '--fields', 'id,client.id']);
    expect(r.code).toBe(0);
    const tasks = JSON.parse(r.stdout) as Array<{ id: number; client: { id: number } }>;
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => t.client.id === 12)).toBe(true);
    const all = await pw(['steps', 'list', '--all', '-o', 'json', '--fields', 'id,client.id']);
    const ofClient = (JSON.parse(all.stdout) as Array<{ id: number; client: { id: number } }>).filter(
      (t) => t.client.id === 12,
    );
    expect(tasks.map((t) => t.id)).toEqual(ofClient.map((t) => t.id));
    expect(cli.sent('/api/v1/steps', 'GET').every((e) => !('client_id' in e.query))).toBe(true);
  });
});

describe('phases list and projects list: the ids --phase and --project take', () => {
  it('lists what the tasks name, reading each list once in pages of 1000, with counts', async () => {
    const r = await pw(['phases', 'list', '--all', '-o', 'json']);
    expect(r.code).toBe(0);
    const phases = JSON.parse(r.stdout) as Array<{ id: number; title: string; steps: number; project: { id: number } }>;
    const counts = new Map<number, number>();
    for (const s of Object.values(cli.sb.state.steps)) counts.set(s.phase_id, (counts.get(s.phase_id) ?? 0) + 1);
    expect(phases.find((p) => p.id === 42)).toMatchObject({ title: 'Design', project: { id: 31 } });
    // Template projects' tasks are not listed by the API, so their phases are not either.
    for (const p of phases) expect(p.steps).toBe(counts.get(p.id));
    expect(cli.sent('/api/v1/').map((e) => `${e.path} ${e.query.per_page}`)).toEqual([
      '/api/v1/steps 1000',
      '/api/v1/steps 1000',
    ]);

    const projects = await pw(['projects', 'list', '-o', 'json']);
    const acme = (JSON.parse(projects.stdout) as Array<{ id: number; phases: number; documents: number }>).find(
      (p) => p.id === 31,
    );
    expect(acme).toMatchObject({ phases: 3 });
  });

  it('the --phase error and help point to it', async () => {
    cli.expectUsageError(
      await pw(['steps', 'create', '--title', 'x']),
      /--phase <id> is required: .*`pwctl phases list`/,
    );
    expect((await pw(['steps', 'create', '--help'])).stdout).toMatch(
      /--phase <id> +phase to create the task in \(ids: `pwctl\s+phases\s+list`\)/,
    );
  });
});

describe('habits', () => {
  it('verb aliases ls, view/show, rm; pwctl version; -o=json', async () => {
    expect((await pw(['steps', 'ls', '--limit', '1', '-o=json'])).stdout).toMatch(/^\[\n {2}\{\n {4}"id": 101/);
    expect(JSON.parse((await pw(['steps', 'view', '101', '-o=json'])).stdout).id).toBe(101);
    expect(JSON.parse((await pw(['tasks', 'show', '101', '-o', 'json'])).stdout).id).toBe(101);
    expect((await pw(['milestones', 'rm', '72', '--yes'])).code).toBe(0);
    expect(cli.sb.state.milestones[72]).toBeUndefined();
    const version = await pw(['version']);
    // In the test process the source's own version (0.0.0-dev); the build writes package.json's (built-cli.test.ts).
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?\n$/);
  });

  it('"did you mean" for --fields, --include, enum values and a colour without its #', async () => {
    cli.expectUsageError(
      await pw(['steps', 'list', '--fields', 'titel']),
      /unknown field "titel" \(did you mean title\?\)/,
    );
    cli.expectUsageError(
      await pw(['steps', 'list', '--include', 'tag']),
      /--include must be one of content, tags; got "tag" \(did you mean tags\?\)/,
    );
    cli.expectUsageError(
      await pw(['docs', 'update', '5eed0000-0000-4000-8000-000000000081', '--edit-access', 'colaborative']),
      /\(did you mean collaborative\?\)/,
    );
    cli.expectUsageError(
      await pw(['milestones', 'update', '71', '--color', '1e90ff']),
      /got "1e90ff" \(did you mean "#1e90ff"\? quote it: a # starts a comment in the shell\)/,
    );
  });

  it('a profile typo is named as one, not as a missing URL', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'pwctl-profiles-'));
    chmodSync(configDir, 0o700);
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { staging: { base_url: cli.sb.baseUrl } } }),
      { mode: 0o600 },
    );
    const r = await pw(['--profile', 'stagin', 'steps', 'list'], {
      configDir,
      env: { PWCTL_BASE_URL: undefined, PWCTL_TOKEN: undefined },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: no stored profile "stagin" \(did you mean staging\?\); stored profiles: staging/);
  });

  it('global flags that do nothing for a verb are refused: --dry-run on a list', async () => {
    cli.expectUsageError(await pw(['steps', 'list', '--dry-run']), /--dry-run does not apply to pwctl steps list/);
  });
});

describe('config help', () => {
  it('lists every key it takes, ca_file included, with what each holds', async () => {
    const r = await pw(['config', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}ca_file +\S.*certificate/m);
  });
});
