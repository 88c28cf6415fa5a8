// -o csv and spreadsheet formulas (issue 34): a cell that starts with =, +, -, @, tab or CR is
// written with a leading ' so a spreadsheet shows it as text instead of running it; --csv-raw
// writes it unchanged; `steps import` of pwctl's own CSV gives the exact titles back. The CSV
// is read with Python's csv module (a real RFC 4180 reader, not ours).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

function parseCsv(text: string): string[][] {
  const python = spawnSync(
    'python3',
    ['-c', 'import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline="")))))'],
    { input: text, encoding: 'utf8' },
  );
  if (python.status !== 0) throw new Error(`python3 csv: ${python.stderr}`);
  return JSON.parse(python.stdout) as string[][];
}

/** Titles a spreadsheet would run, and two it would not (a ' that is already there, plain text). */
const FORMULAS = ['=HYPERLINK("http://x","y")', '+1', '@SUM(A1)', '\tfoo', '-2+3', '\rbar'];
const OTHERS = ["'=already quoted", 'plain - text'];

/** Tasks made straight on the sandbox (the service holds such titles; how they got there is not the test). */
async function createTasks(titles: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const title of titles) {
    const response = await fetch(`${cli.sb.baseUrl}/api/v1/steps`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cli.sb.tokens.manager}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, phase_id: 41 }),
    });
    expect(response.ok).toBe(true);
    ids.push(((await response.json()) as { data: { id: number } }).data.id);
  }
  return ids;
}

/** The CSV rows of the given tasks (id, title), in their order. */
async function csvRows(ids: readonly number[], extra: string[] = []): Promise<string[][]> {
  const r = await pw(['steps', 'list', '--phase', '41', '--all', '--fields', 'id,title', '-o', 'csv', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  const [header, ...rows] = parseCsv(r.stdout);
  expect(header).toEqual(['id', 'title']);
  return ids.map((id) => rows.find((row) => row[0] === String(id))!);
}

describe('-o csv and formulas', () => {
  it("gives a cell that would start a formula a leading '; --csv-raw writes it unchanged", async () => {
    const titles = [...FORMULAS, ...OTHERS];
    const ids = await createTasks(titles);
    // The service holds the titles as given (the test's premise).
    expect(ids.map((id) => cli.sb.state.steps[id]!.title)).toEqual(titles);

    const quoted = await csvRows(ids);
    expect(quoted.map((row) => row[1])).toEqual([
      `'=HYPERLINK("http://x","y")`,
      `'+1`,
      `'@SUM(A1)`,
      `'\tfoo`,
      `'-2+3`,
      `'\rbar`,
      // A ' that was there before a formula's character gets another, so reading one off gives it back.
      `''=already quoted`,
      'plain - text',
    ]);
    // Ids are numbers, never quoted.
    expect(quoted.map((row) => row[0])).toEqual(ids.map(String));

    const raw = await csvRows(ids, ['--csv-raw']);
    expect(raw.map((row) => row[1])).toEqual(titles);
  });

  it('steps import of pwctl’s own CSV creates tasks with the exact titles', async () => {
    const titles = [...FORMULAS, ...OTHERS];
    const ids = await createTasks(titles);
    const r = await pw(['steps', 'list', '--phase', '41', '--all', '--fields', 'id,title', '-o', 'csv']);
    // Only our tasks, and only the columns import takes.
    const [, ...rows] = parseCsv(r.stdout);
    const mine = rows.filter((row) => ids.includes(Number(row[0])));
    const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const file = join(mkdtempSync(join(tmpdir(), 'pwctl-csv-')), 'again.csv');
    writeFileSync(file, `title\r\n${mine.map((row) => `${quote(row[1]!)}\r\n`).join('')}`);

    const before = new Set(Object.keys(cli.sb.state.steps));
    const imported = await pw(['steps', 'import', file, '--phase', '42', '-o', 'json']);
    expect(imported.code, imported.stderr).toBe(0);
    const created = Object.values(cli.sb.state.steps).filter((s) => !before.has(String(s.id)));
    expect(created.map((s) => s.title).sort()).toEqual([...titles].sort());
  });
});
