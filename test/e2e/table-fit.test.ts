// Tables that fit the terminal without hiding what the user needs, on a real pseudo-terminal
// (util-linux `script`) of 60, 80 and 200 columns: a bulk verb's results, streamed as they
// land, show every file name and id whole and a failure's message complete (wrapped within
// its column); a list that must shorten a reference keeps its id (`Acme We… (31)`); a table
// that leaves columns out on a narrow terminal says which; `auth status` keeps its STATUS at
// 80 columns, shortening a config file's path in the middle. Skipped where `script` is missing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDocumentUuid, type RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir, runInProcess } from '../helpers/cli.js';
import { hasPty, runInPty } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

const LONG_PHASE = 'Discovery and research for the new website';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  // A phase title too long for its column at 80: its cells must be shortened.
  sb.state.phases[41]!.title = LONG_PHASE;
});
afterAll(() => sb.close());

function onTerminal(
  args: string[],
  cols: number,
  env: Record<string, string> = sandboxEnv(sb),
  configDir = makeConfigDir(),
) {
  return runInPty(args, { cols, rows: 100, env: { ...baseEnv(configDir), ...env, PWCTL_PAGER: '' } });
}

/** What the terminal shows, line by line: colours removed, empty lines dropped. */
const linesOf = (output: string) =>
  output
    .split('\n')
    .map((l) => l.replace(/\u001b\[\d+m/g, ''))
    .filter((l) => l !== '');

/** The text of a column from the row starting with `first`, its wrapped lines joined; whitespace collapsed to nothing. */
function cellOf(lines: string[], header: string, first: string, column: string): string {
  const at = header.indexOf(column);
  const row = lines.findIndex((l) => l.startsWith(first));
  expect(row, `a row for ${first}`).toBeGreaterThan(-1);
  let text = lines[row]!.slice(at);
  // Wrapped lines are blank up to the column.
  for (let i = row + 1; i < lines.length && /^ +\S/.test(lines[i]!) && lines[i]!.slice(0, at).trim() === ''; i++)
    text += lines[i]!.slice(at);
  return text.replace(/\s+/g, '');
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

function expectFits(lines: string[], cols: number): void {
  for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(cols);
}

describe.skipIf(!hasPty)("a bulk verb's results on a terminal", () => {
  it("docs push: file names whole, a conflict's message complete, at 200 and at 80 columns", async () => {
    const configDir = makeConfigDir();
    const dir = join(mkdtempSync(join(tmpdir(), 'pwctl-fit-')), 'handbook');
    expect((await runInProcess(['docs', 'pull', dir, '-q'], { env: sandboxEnv(sb), configDir })).code).toBe(0);
    const file = join(dir, 'project-brief.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Launch in May', 'Launch in June'));
    const response = await fetch(`${sb.baseUrl}/api/v1/documents/${seedDocumentUuid(81)}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Changed meanwhile' }),
    });
    expect(response.ok).toBe(true);
    const json = await runInProcess(['docs', 'push', dir, '-o', 'json'], { env: sandboxEnv(sb), configDir });
    const conflict = (JSON.parse(json.stdout) as { id: string; ok: boolean; error?: string }[]).find(
      (r) => r.id === 'project-brief.md',
    )!;
    expect(conflict.error).toMatch(/^conflict: .{150,}/);

    for (const cols of [200, 80]) {
      const r = await onTerminal(['docs', 'push', dir], cols, sandboxEnv(sb), configDir);
      expect(r.code).toBe(8);
      const lines = linesOf(r.output);
      const header = lines.find((l) => l.startsWith('FILE'))!;
      expect(header).toMatch(/^FILE +RESULT +DETAIL$/);
      expectFits(lines, cols);
      // The ids of this table, whole, the longest included.
      expect(lines.some((l) => l.startsWith('acme-meeting-notes-2025-01-10.md '))).toBe(true);
      expect(lines.some((l) => /^project-brief\.md +failed +conflict: /.test(l))).toBe(true);
      expect(cellOf(lines, header, 'project-brief.md ', 'DETAIL')).toBe(squeezed(conflict.error!));
      expect(r.output).not.toContain('…');
    }
  });

  it("steps import: a failed row's message complete, at 200 and at 80 columns", async () => {
    const csv = join(mkdtempSync(join(tmpdir(), 'pwctl-fit-')), 'tasks.csv');
    writeFileSync(
      csv,
      'title,phase_id\nFirst task,41\nA task in a phase that does not exist,99999\nThird task with a rather long title for the detail column of the table,41\n',
    );
    const json = await runInProcess(['steps', 'import', csv, '-o', 'json'], { env: sandboxEnv(sb) });
    const failure = (JSON.parse(json.stdout) as { line: number; ok: boolean; status: number; error: string }[]).find(
      (r) => !r.ok,
    )!;
    expect(failure.line).toBe(3);
    // The status once: the message names it.
    const detail = failure.error;
    expect(detail.length).toBeGreaterThan(60);

    for (const cols of [200, 80]) {
      const r = await onTerminal(['steps', 'import', csv], cols);
      expect(r.code).toBe(8);
      const lines = linesOf(r.output);
      const header = lines.find((l) => l.startsWith('LINE'))!;
      expect(header).toMatch(/^LINE +ID +RESULT +DETAIL$/);
      expectFits(lines, cols);
      expect(lines.find((l) => l.startsWith('3 '))).toMatch(/^3 +failed +POST /);
      expect(cellOf(lines, header, '3 ', 'DETAIL')).toBe(squeezed(detail));
      // The created tasks' ids, whole.
      const created = lines.filter((l) => /^[24] +\d+ +created /.test(l)).map((l) => l.split(/ +/)[1]!);
      expect(created).toHaveLength(2);
      for (const id of created) expect(sb.state.steps[Number(id)]).toBeDefined();
      expect(cellOf(lines, header, '4 ', 'DETAIL')).toBe(
        squeezed('Third task with a rather long title for the detail column of the table'),
      );
    }
  });
});

describe.skipIf(!hasPty)("restore's results on a terminal", () => {
  /** A request straight to the sandbox, as its manager. */
  async function api(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${sb.baseUrl}/api/v1/${path}`, {
      method,
      headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}`).toBe(true);
    return response.status === 204 ? undefined : response.json();
  }

  it("a new subscription's secret and a failure's message whole, titles shortened, at 200 and at 80 columns", async () => {
    const work = mkdtempSync(join(tmpdir(), 'pwctl-fit-restore-'));
    const configDir = makeConfigDir();
    const dir = join(work, 'backup');
    const longTitle = 'A milestone whose title is far too long for the title column of a table';
    const milestone = (await api('POST', 'milestones', { title: longTitle, project_id: 31, due_date: '2026-09-01' }))
      .data;
    const hook = await api('POST', 'webhooks', {
      url: 'https://hooks.example.com/fit',
      event: 'task.created',
      company_id: 1,
    });
    expect((await runInProcess(['export', dir, '-q'], { env: sandboxEnv(sb), configDir })).code).toBe(0);

    await api('DELETE', `milestones/${milestone.id}`);
    await api('DELETE', `webhooks/${hook.id}`);
    for (const cols of [200, 80]) {
      // The milestone's create is refused with a long message; the subscription is created anew.
      sb.faults.add({
        method: 'POST',
        path: '/api/v1/milestones',
        count: 1,
        action: {
          type: 'status',
          status: 422,
          body: {
            message: `The milestone cannot be created right now: ${'the project is being archived; '.repeat(3)}try later.`,
          },
        },
      });
      // --yes: a subscription created again is asked about first (its URL comes from the export).
      const r = await onTerminal(
        ['restore', dir, '--only', 'milestones,webhooks', '--yes'],
        cols,
        sandboxEnv(sb),
        configDir,
      );
      sb.faults.clear();
      expect(r.code, r.output).toBe(8);
      const lines = linesOf(r.output);
      const header = lines.find((l) => l.startsWith('KIND'))!;
      // At 80 columns TITLE gives way to DETAIL, which must be whole.
      expect(header).toMatch(
        cols === 200 ? /^KIND +ID +RESULT +NEW ID +TITLE +DETAIL$/ : /^KIND +ID +RESULT +NEW ID +(TITLE +)?DETAIL$/,
      );
      // The table's lines (the notices around it are lines of their own, wrapped by the terminal).
      expectFits(
        lines.slice(
          lines.indexOf(header),
          lines.findIndex((l) => /^\d+ done, \d+ failed$/.test(l)),
        ),
        cols,
      );
      // The secret is shown only here: whole, wherever the table wraps it.
      const rowStart = (kind: string, id: number) =>
        lines.find((l) => new RegExp(`^${kind} +${id} `).test(l))?.match(/^\S+ +\S+ /)?.[0] ?? `${kind} ${id}`;
      const hookRow = rowStart('webhooks', hook.id);
      const newHook = Object.values(sb.state.webhooks).find((w) => w.url === 'https://hooks.example.com/fit')!;
      expect(cellOf(lines, header, hookRow, 'DETAIL')).toContain(
        squeezed(`signing secret (shown only now): ${newHook.secret}`),
      );
      const failed = rowStart('milestones', milestone.id);
      expect(lines.find((l) => l.startsWith(failed))).toMatch(/create failed/);
      expect(cellOf(lines, header, failed, 'DETAIL')).toMatch(/^POST\/api\/v1\/milestones:422.*trylater\.$/);
      // A title is cut only to fit the line, never to a fixed 16 characters.
      if (cols === 200)
        expect(
          lines
            .find((l) => l.startsWith(failed))!
            .slice(header.indexOf('TITLE'), header.indexOf('DETAIL'))
            .trim(),
        ).toBe(longTitle);
      await api('DELETE', `webhooks/${newHook.id}`);
    }
  });
});

describe.skipIf(!hasPty)('lists on a narrow terminal', () => {
  it('steps list at 80 columns: shortened phase and project titles keep their ids', async () => {
    const r = await onTerminal(['steps', 'list', '--limit', '12'], 80);
    expect(r.code).toBe(0);
    const lines = linesOf(r.output);
    const header = lines[0]!;
    expect(header).toMatch(/^ID +TITLE +STATUS +DUE +PHASE +PROJECT$/);
    expectFits(
      lines.filter((l) => !/hidden/.test(l)),
      80,
    );
    const phaseAt = header.indexOf('PHASE');
    const projectAt = header.indexOf('PROJECT');
    const rows = lines.filter((l) => /^\d+ /.test(l));
    expect(rows.length).toBeGreaterThan(6);
    const phases = rows.map((l) => l.slice(phaseAt, projectAt).trim());
    const projects = rows.map((l) => l.slice(projectAt).trim());
    for (const cell of [...phases, ...projects]) expect(cell).toMatch(/\(\d+\)$/);
    // Shortened, and still naming phase 41.
    expect(phases.some((p) => /^Discov.*… \(41\)$/.test(p))).toBe(true);
    expect(projects.some((p) => /… \(31\)$/.test(p))).toBe(true);
    // What it hid to fit is said once, below the table (issue 32: a column that is not there cannot be missed).
    expect(lines.filter((l) => /hidden/.test(l))).toEqual([
      '(hidden at 80 columns: assignees; widen the terminal or use --fields)',
    ]);
  });

  it('steps list at 60 columns says which columns it hid, and that --fields shows them', async () => {
    const r = await onTerminal(['steps', 'list', '--limit', '5'], 60);
    expect(r.code).toBe(0);
    const lines = linesOf(r.output);
    expectFits(
      lines.filter((l) => !/hidden/.test(l)),
      60,
    );
    expect(lines[0]).not.toMatch(/PROJECT|ASSIGNEES/);
    expect(lines.filter((l) => /hidden/.test(l))).toEqual([
      '(hidden at 60 columns: project, assignees; widen the terminal or use --fields)',
    ]);
  });

  it('at 200 columns nothing is left out and nothing is said', async () => {
    const r = await onTerminal(['steps', 'list', '--limit', '5'], 200);
    expect(r.code).toBe(0);
    expect(linesOf(r.output)[0]).toMatch(/^ID +TITLE +STATUS +DUE +PHASE +PROJECT +ASSIGNEES$/);
    expect(r.output).not.toMatch(/hidden|…/);
  });
});

describe.skipIf(!hasPty)('auth status on a terminal', () => {
  it("at 80 columns keeps STATUS and where the token is, the config file's path shortened in its middle", async () => {
    const configDir = makeConfigDir();
    const login = await runInProcess(
      ['auth', 'login', '--with-token', '--insecure-storage', '--base-url', sb.baseUrl],
      { configDir, stdin: `${sb.tokens.manager}\n` },
    );
    expect(login.code, login.stderr).toBe(0);
    const path = join(configDir, 'config.json');
    expect(path.length).toBeGreaterThan(25);

    const r = await onTerminal(['auth', 'status'], 80, {}, configDir);
    expect(r.code).toBe(0);
    const lines = linesOf(r.output).filter(
      (l) => !/^\(hidden at 80 columns: signed in to, token, expires, refresh;/.test(l),
    );
    expect(lines.length).toBe(linesOf(r.output).length - 1);
    expectFits(lines, 80);
    expect(lines[0]).toMatch(/^PROFILE +BASE URL +TOKEN FROM +STATUS$/);
    const header = lines[0]!;
    const row = lines[1]!;
    expect(row).toMatch(/^default \* +http:\/\/127\.0\.0\.1:\d+ +file \S*…\S*\/config\.json +ok/);
    expect(cellOf(lines, header, 'default', 'STATUS')).toBe(squeezed('ok, reaches Northwind Studio (1)'));

    const wide = await onTerminal(['auth', 'status'], 200, {}, configDir);
    expect(linesOf(wide.output)[0]).toMatch(
      /^PROFILE +BASE URL +SIGNED IN TO +TOKEN FROM +TOKEN +EXPIRES +REFRESH +STATUS$/,
    );
    expect(wide.output).toContain(`file ${path}`);
  });
});
