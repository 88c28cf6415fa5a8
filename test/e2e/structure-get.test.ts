// What hangs from a project or a phase, and a company's tags (issue 32): `projects get` and
// `phases get` show one record with its phases, milestones, documents and open tasks (one
// object in data formats, sections for people), an unknown id is not found (exit 3), and
// `tags list --company` is the company's tag vocabulary as its tasks carry it.
import { describe, expect, it } from 'vitest';
import { makeConfigDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

async function json<T>(args: string[]): Promise<T> {
  const r = await pw([...args, '-o', 'json']);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as T;
}

interface Task {
  id: number;
  completed: boolean;
  due_date: string;
  project: { id: number };
  phase: { id: number };
  tags: Array<{ id: number; name: string; color: string }>;
}

const soonestDue = (a: Task, b: Task) =>
  (a.due_date === '' ? 1 : 0) - (b.due_date === '' ? 1 : 0) || a.due_date.localeCompare(b.due_date) || a.id - b.id;

describe('projects get', () => {
  it('-o json: the project with its phases, milestones, documents and open tasks, as the lists give them', async () => {
    const project = await json<Record<string, unknown>>(['projects', 'get', '31']);
    const tasks = (await json<Task[]>(['steps', 'list', '--all'])).filter((t) => t.project.id === 31);
    expect(project).toEqual({
      id: 31,
      title: 'Acme Website Redesign',
      client: { id: 11, title: 'Acme Corp' },
      company: { id: 1, title: 'Northwind Studio' },
      steps: tasks.length,
      phases: await json(['phases', 'list', '--project', '31', '--all']),
      milestones: await json(['milestones', 'list', '--project', '31', '--all']),
      documents: await json(['docs', 'list', '--project', '31', '--all']),
      open_steps: tasks.filter((t) => !t.completed).sort(soonestDue),
    });
    expect((project.open_steps as Task[]).length).toBeGreaterThan(3);
  });

  it('for people: its rows, then a section for each kind of record', async () => {
    const r = await pw(['projects', 'get', '31']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^id:\t31\ntitle:\tAcme Website Redesign\nclient:\tAcme Corp \(11\)\n/);
    expect(r.stdout).toMatch(/\ntasks:\t17 \(\d+ open\)\n/);
    for (const section of ['Phases (3):', 'Milestones (2):', 'Documents (3):', 'Open tasks, soonest due first ('])
      expect(r.stdout).toContain(`\n\n${section}`);
    expect(r.stdout).toMatch(/\n41\tDiscovery\tclient-facing\t6\n/);
    expect(r.stdout).toMatch(/\n71\tDesign sign-off\t2025-03-14\t/);
    const empty = await pw(['projects', 'get', '32', '--fields', 'id,title']);
    expect(empty.stdout).toBe('id:\t32\ntitle:\tBlue Harbor Brand Refresh\n');
  });

  it('an id nothing names is not found (exit 3), pointing to projects list', async () => {
    const r = await pw(['projects', 'get', '999']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: project 999 is not among the projects .*`pwctl projects list` lists them\n$/);
    // Another company's project is as unknown as one that does not exist.
    expect((await pw(['projects', 'get', '34'])).code).toBe(3);
  });
});

describe('phases get', () => {
  it('-o json: the phase as phases list gives it, with its open tasks and its project milestones', async () => {
    const phase = await json<Record<string, unknown>>(['phases', 'get', '42']);
    const listed = (await json<Array<{ id: number }>>(['phases', 'list', '--all'])).find((p) => p.id === 42);
    const tasks = (await json<Task[]>(['steps', 'list', '--all', '--open'])).filter((t) => t.phase.id === 42);
    expect(phase).toEqual({
      ...listed,
      open_steps: tasks.sort(soonestDue),
      milestones: await json(['milestones', 'list', '--project', '31', '--all']),
    });
  });

  it('for people: its rows with its project, then its open tasks and the milestones of its project', async () => {
    const r = await pw(['phases', 'get', '43']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^id:\t43\ntitle:\tInternal QA\naudience:\tinternal\nproject:\tAcme Website Redesign \(31\)\n/,
    );
    expect(r.stdout).toContain('\n\nOpen tasks, soonest due first (');
    expect(r.stdout).toContain('\n\nMilestones of Acme Website Redesign (2):\n');
  });

  it('a phase no task is in is not found (exit 3), pointing to phases list', async () => {
    const r = await pw(['phases', 'get', '99', '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: phase 99 is not among the phases your tasks are in; `pwctl phases list`/);
    expect(r.stderr).toMatch(/\n\{"error":\{"status":null,"code":3,/);
  });
});

describe('tags list --company', () => {
  it("lists the company's tags as its tasks carry them, with how many tasks carry each", async () => {
    const tasks = await json<Task[]>(['steps', 'list', '--all', '--include', 'tags']);
    const counts = new Map<number, { id: number; name: string; color: string; steps: number }>();
    for (const tag of tasks.flatMap((t) => t.tags)) {
      const seen = counts.get(tag.id) ?? { ...tag, steps: 0 };
      seen.steps++;
      counts.set(tag.id, seen);
    }
    const expected = [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
    expect(expected.length).toBeGreaterThan(2);
    cli.mark();
    expect(await json(['tags', 'list', '--company', '1', '--all'])).toEqual(expected);
    const read = cli.sent('/api/v1/steps', 'GET');
    expect(read.map((e) => e.query)).toEqual([{ company_id: '1', include: 'tags', per_page: '1000' }]);

    // The default company stands in for --company.
    const configDir = makeConfigDir();
    expect((await pw(['config', 'set', 'company', '1'], { configDir })).code).toBe(0);
    const byDefault = await pw(['tags', 'list', '--all', '-o', 'json'], { configDir });
    expect(JSON.parse(byDefault.stdout)).toEqual(expected);
    // A task's tags are what they were: the service's {data, added, removed, created}.
    const ofTask = await json<{ data: unknown[] }>(['tags', 'list', '112']);
    expect(Object.keys(ofTask)).toEqual(['data', 'added', 'removed', 'created']);
  });

  it('with neither a task nor a company, names both forms; --limit belongs to the company form', async () => {
    cli.expectUsageError(
      await pw(['tags', 'list']),
      /tags list needs a task or a company: `pwctl tags list <step-id>` .* `pwctl tags list --company <id>`/,
    );
    cli.expectUsageError(await pw(['tags', 'list', '112', '--company', '1']), /cannot be used together|not both/);
    cli.expectUsageError(
      await pw(['tags', 'list', '112', '--limit', '2']),
      /--limit and --all apply to a company's tags/,
    );
  });
});
