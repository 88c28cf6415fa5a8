// Lists that mean what they say (issue 32): --sort orders every matching record before
// --limit applies; --sort takes :desc in any case, suggests (`due` → `due_date`), completes
// its values and offers only fields of one value; --assignee matches a word or the start of
// one; an assignee, phase or project that no task read has is said, not left as an empty list.
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir, runCli } from '../helpers/cli.js';
import { hasPty, runInPty } from '../helpers/pty.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

// Two pages of 1000 at least: what --limit 3 would have read first is not what sorts first.
const cli = useSandboxCli({ extraSteps: 1500 });
const pw = cli.pw;

interface Task {
  id: number;
  title: string;
  due_date: string;
  completed: boolean;
  assignees: Array<{ id: number; name: string }>;
}

const parsed = (stdout: string) => JSON.parse(stdout) as Task[];

async function everyTask(): Promise<Task[]> {
  const r = await pw(['steps', 'list', '--all', '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  cli.mark();
  return parsed(r.stdout);
}

describe('--sort with --limit', () => {
  it('sorts every matching task, then keeps the first --limit: reading every page of 1000', async () => {
    // The task due first is the newest: last on the last page.
    const early = await pw(['steps', 'create', '--phase', '42', '--title', 'Due long ago', '--due', '2020-01-02']);
    expect(early.code, early.stderr).toBe(0);
    const earlier = await pw([
      'steps',
      'create',
      '--phase',
      '41',
      '--title',
      'Due even earlier',
      '--due',
      '2020-01-01',
    ]);
    expect(earlier.code, earlier.stderr).toBe(0);
    const all = await everyTask();
    const expected = all
      .filter((t) => t.due_date !== '')
      .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id)
      .slice(0, 3)
      .map((t) => t.id);

    const r = await pw(['steps', 'list', '--sort', 'due_date', '--limit', '3', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const tasks = parsed(r.stdout);
    expect(tasks.map((t) => t.id)).toEqual(expected);
    expect(tasks.map((t) => t.title).slice(0, 2)).toEqual(['Due even earlier', 'Due long ago']);
    expect(r.stderr).toBe('');
    const pages = cli.sent('/api/v1/steps', 'GET');
    expect(pages.length).toBe(Math.ceil(all.length / 1000));
    expect(pages.every((p) => p.query.per_page === '1000')).toBe(true);

    // Descending, the suffix in any case; a client-side filter with it: every match sorted, then cut.
    for (const suffix of ['DESC', 'Desc', 'desc']) {
      const desc = await pw(['steps', 'list', '--sort', `title:${suffix}`, '--limit', '2', '-o', 'json']);
      expect(desc.code, desc.stderr).toBe(0);
      const titles = all.map((t) => t.title).sort((a, b) => b.localeCompare(a));
      expect(parsed(desc.stdout).map((t) => t.title)).toEqual(titles.slice(0, 2));
    }
    const filtered = await pw(['steps', 'list', '--phase', '41', '--sort', 'due_date', '--limit', '1', '-o', 'json']);
    expect(parsed(filtered.stdout).map((t) => t.title)).toEqual(['Due even earlier']);
  });

  it('on a terminal, a sorted list that --limit cut says more exist; --all says nothing', async () => {
    if (!hasPty) return;
    const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb), PWCTL_PAGER: '' };
    const cut = await runInPty(['steps', 'list', '--sort', 'due_date', '--limit', '3'], { cols: 120, env });
    expect(cut.code).toBe(0);
    expect(cut.output).toContain('showing the first 3; more exist (use --limit <n> or --all)');
    expect(cut.output).not.toMatch(/records read/);
    const whole = await runInPty(['milestones', 'list', '--sort', 'due_date', '--all'], { cols: 120, env });
    expect(whole.code).toBe(0);
    expect(whole.output).not.toMatch(/more exist/);
  });
});

describe('--sort values', () => {
  it('suggests the field meant, names an object or a list as such, before any request', async () => {
    cli.expectUsageError(
      await pw(['steps', 'list', '--sort', 'due']),
      /^error: --sort: unknown field "due" \(did you mean due_date\?\); sortable fields: id, title, .*due_date/,
    );
    cli.expectUsageError(
      await pw(['docs', 'list', '--sort', 'updated:desc']),
      /--sort: unknown field "updated" \(did you mean updated_at\?\)/,
    );
    cli.expectUsageError(
      await pw(['steps', 'list', '--sort', 'phase']),
      /--sort: "phase" is an object, not one value \(did you mean phase\.title\?\)/,
    );
    cli.expectUsageError(await pw(['steps', 'list', '--sort', 'assignees']), /--sort: "assignees" holds a list/);
    cli.expectUsageError(await pw(['steps', 'list', '--sort', 'tags.name']), /--sort: "tags\.name" holds a list/);
    const r = await pw(['steps', 'list', '--sort', 'due']);
    expect(r.stderr).not.toMatch(/sortable fields: .*\bassignees\b/);
  });

  it('completes the sortable fields of each list, from its view', async () => {
    const values = async (noun: string) => {
      const r = await runCli(['__complete', 'bash', '--', noun, 'list', '--sort', '']);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.trim().split('\n');
    };
    const steps = await values('steps');
    expect(steps).toEqual(expect.arrayContaining(['id', 'title', 'due_date', 'phase.title', 'project.title']));
    for (const notOneValue of ['phase', 'project', 'assignees', 'assignees.name', 'tags', 'tags.name'])
      expect(steps).not.toContain(notOneValue);
    expect(await values('docs')).toEqual(expect.arrayContaining(['uuid', 'title', 'updated_at', 'company.title']));
    expect(await values('docs')).not.toContain('due_date');
    expect(await values('milestones')).toEqual(expect.arrayContaining(['due_date', 'project.title']));
    const due = await runCli(['__complete', 'bash', '--', 'steps', 'list', '--sort', 'du']);
    expect(due.stdout.trim().split('\n')).toEqual(['due_date']);
  });
});

describe('--assignee, --phase and --project that no task has', () => {
  it('--assignee matches a word of a name or the start of one, in any case; an id exactly', async () => {
    const all = await everyTask();
    const maya = all.filter((t) => t.assignees.some((a) => a.name === 'Maya Patel')).map((t) => t.id);
    expect(maya.length).toBeGreaterThan(0);
    for (const typed of ['maya', 'MAYA', 'pat', 'Patel', 'maya p', 'Maya Patel', '1']) {
      const r = await pw(['steps', 'list', '--assignee', typed, '--all', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(
        parsed(r.stdout).map((t) => t.id),
        typed,
      ).toEqual(maya);
    }
    // Not the middle of a word, nor words out of order.
    for (const typed of ['aya', 'patel maya']) {
      const r = await pw(['steps', 'list', '--assignee', typed, '--all', '-o', 'json']);
      expect(parsed(r.stdout), typed).toEqual([]);
    }
  });

  it('says that no assignee has the name, listing those it saw, and prints the empty list', async () => {
    const r = await pw(['steps', 'list', '--assignee', 'zed', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(r.stderr).toBe('no assignee named "zed" (assignees: Chloe Chen, Maya Patel, Sam Rivera)\n');
    // A name that matches, on tasks the other filters leave out: no such sentence.
    const elsewhere = await pw(['steps', 'list', '--assignee', 'chloe', '--phase', '43', '-o', 'json']);
    expect(JSON.parse(elsewhere.stdout)).toEqual([]);
    expect(elsewhere.stderr).toBe('');
    const quiet = await pw(['steps', 'list', '--assignee', 'zed', '-q']);
    expect(quiet.stderr).toBe('');
  });

  it('an unknown --phase or --project is not among the phases (projects) of the tasks read', async () => {
    const phase = await pw(['steps', 'list', '--phase', '99', '-o', 'json']);
    expect(phase.code).toBe(0);
    expect(JSON.parse(phase.stdout)).toEqual([]);
    expect(phase.stderr).toBe('phase 99 is not among the phases of the tasks read; `pwctl phases list` lists them\n');
    const project = await pw(['steps', 'list', '--project', '99']);
    expect(project.code).toBe(0);
    expect(project.stdout).toBe('');
    expect(project.stderr).toBe(
      'project 99 is not among the projects of the tasks read; `pwctl projects list` lists them\n',
    );
    // A known phase whose tasks the other filters leave out is not "unknown".
    const known = await pw(['steps', 'list', '--phase', '41', '--search', 'no such title', '-o', 'json']);
    expect(known.stderr).toBe('');
  });
});
