// Tables at a shell, second pass (issue 32): `docs list` shows whose each document is (its
// owning company) and a table that leaves columns out to fit says which, on a real terminal;
// every time in a table shows its date only when it is not today.
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, runInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const BRIEF = '5eed0000-0000-4000-8000-000000000081';
const HANDBOOK = '5eed0000-0000-4000-8000-000000000084';

function onTerminal(args: string[], cols: number) {
  const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb), PWCTL_PAGER: '' };
  return runInPty(args, { cols, rows: 60, env });
}

const linesOf = (output: string) =>
  visibleText(output)
    .split('\n')
    .filter((line) => line !== '');

describe('docs list: OWNER, and the columns a narrow terminal hides', () => {
  it('shows the owning company last, into a pipe and as a csv column', async () => {
    const r = await pw(['docs', 'list']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.every((row) => row.length === 7 && row[6] === 'Northwind Studio (1)')).toBe(true);
    // A company-wide document (no project, no client) still says whose it is.
    expect(rows.find((row) => row[0] === HANDBOOK)!.slice(3)).toEqual([
      '',
      '',
      expect.any(String),
      'Northwind Studio (1)',
    ]);
    const csv = await pw(['docs', 'list', '-o', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe(
      'uuid,title,is_internal,project.title,client.title,updated_at,company.title',
    );
  });

  it.skipIf(!hasPty)('at 200 columns every column shows and nothing is said', async () => {
    const r = await onTerminal(['docs', 'list'], 200);
    expect(r.code).toBe(0);
    const lines = linesOf(r.output);
    expect(lines[0]).toMatch(/^UUID +TITLE +AUDIENCE +PROJECT +CLIENT +UPDATED +OWNER$/);
    expect(lines.find((line) => line.startsWith(BRIEF))).toMatch(/ Northwind Studio \(1\)$/);
    expect(r.output).not.toMatch(/hidden at/);
  });

  it.skipIf(!hasPty)('at 80 columns it names the columns it hid, once, on stderr', async () => {
    const r = await onTerminal(['docs', 'list'], 80);
    expect(r.code).toBe(0);
    const lines = linesOf(r.output);
    expect(lines[0]).toMatch(/^UUID +TITLE +AUDIENCE$/);
    expect(lines.filter((line) => /hidden/.test(line))).toEqual([
      '(hidden at 80 columns: project, client, updated, owner; widen the terminal or use --fields)',
    ]);
    // --fields names the columns: none is hidden, nothing is said; nor under -q, nor into a pipe.
    const named = await onTerminal(['docs', 'list', '--fields', 'uuid,company.title'], 80);
    expect(named.output).not.toMatch(/hidden/);
    const quiet = await onTerminal(['docs', 'list', '-q'], 80);
    expect(quiet.output).not.toMatch(/hidden/);
    expect((await pw(['docs', 'list'])).stderr).toBe('');
  });
});

describe('times in tables', () => {
  it("show the date only when it is not today: today's change is HH:MM with the offset", async () => {
    const updated = await pw(['docs', 'update', BRIEF, '--title', 'Project brief v2']);
    expect(updated.code, updated.stderr).toBe(0);
    const docs = JSON.parse((await pw(['docs', 'list', '-o', 'json'])).stdout) as Array<{
      uuid: string;
      updated_at: string;
    }>;
    const rows = (await cli.pwBin(['docs', 'list'], { env: { TZ: 'UTC' } })).stdout.trim().split('\n');
    const cell = (uuid: string) => rows.find((row) => row.startsWith(uuid))!.split('\t')[5];
    const today = new Date().toISOString().slice(0, 10);
    const brief = docs.find((d) => d.uuid === BRIEF)!;
    // The day the service stamped, unless the test ran across midnight UTC.
    const expected =
      brief.updated_at.slice(0, 10) === today
        ? `${brief.updated_at.slice(11, 16)} +00:00`
        : `${brief.updated_at.slice(0, 10)} ${brief.updated_at.slice(11, 16)} +00:00`;
    expect(cell(BRIEF)).toBe(expected);
    expect(cell(BRIEF)).toMatch(/^\d\d:\d\d \+00:00$/);
    // The seeded documents are older: their date shows.
    expect(cell(HANDBOOK)).toMatch(/^\d{4}-\d{2}-\d{2} \d\d:\d\d \+00:00$/);
  });
});
