// -o csv and --fields paths end to end. CSV is read back with Python's csv module (a real
// RFC 4180 parser, not ours) and compared with -o json of the same command; --fields paths
// are checked against the view before any request and mapped through lists in every format.
// A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading '
// unless --csv-raw, and `steps import` of pwctl's own CSV gives the exact values back.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

/** Rows of a CSV text as Python's csv module reads them (header row first). */
function parseCsv(text: string): string[][] {
  const python = spawnSync(
    'python3',
    ['-c', 'import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline="")))))'],
    { input: text, encoding: 'utf8' },
  );
  if (python.status !== 0) throw new Error(`python3 csv: ${python.stderr}`);
  return JSON.parse(python.stdout) as string[][];
}

/** A JSON value as the contract's CSV cell. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => v && typeof v === 'object' && ('name' in v || 'title' in v))) {
    return value.map((v: { name?: string; title?: string }) => v.name ?? v.title).join('; ');
  }
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.map(cell).join('; ');
  return JSON.stringify(value);
}

function at(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (v, k) =>
        Array.isArray(v)
          ? v.map((x) => (x as Record<string, unknown>)?.[k])
          : (v as Record<string, unknown> | null)?.[k],
      record,
    );
}

describe('-o csv', () => {
  it('steps list: the table columns as field paths, one row per record, equal to -o json', async () => {
    const csv = await pw(['steps', 'list', '--all', '-o', 'csv']);
    const json = await pw(['steps', 'list', '--all', '-o', 'json']);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toMatch(/\r\n$/);
    const [header, ...rows] = parseCsv(csv.stdout);
    expect(header).toEqual(['id', 'title', 'completed', 'due_date', 'phase.title', 'project.title', 'assignees']);
    const records = JSON.parse(json.stdout) as unknown[];
    expect(rows).toEqual(records.map((r) => header!.map((path) => cell(at(r, path)))));
    expect(rows.some((row) => row[6]!.includes('; ') || row[6] === '')).toBe(true);
  });

  it('--fields with dotted paths and hostile text: quotes, commas and newlines survive the round trip', async () => {
    const title = 'Say "hi", then\r\nleave; now';
    const created = await pw(['steps', 'create', '--phase', '41', '--title', title, '-o', 'json']);
    const id = JSON.parse(created.stdout).id as number;
    const csv = await pw([
      'steps',
      'get',
      String(id),
      '-o',
      'csv',
      '--fields',
      'id,title,phase.title,tags.name',
      '--include',
      'tags',
    ]);
    expect(parseCsv(csv.stdout)).toEqual([
      ['id', 'title', 'phase.title', 'tags.name'],
      [String(id), title, 'Discovery', ''],
    ]);
  });

  it('docs, milestones and webhooks lists parse back equal to -o json', async () => {
    for (const noun of ['docs', 'milestones', 'webhooks']) {
      const csv = parseCsv((await pw([noun, 'list', '-o', 'csv'])).stdout);
      const json = JSON.parse((await pw([noun, 'list', '-o', 'json'])).stdout) as unknown[];
      const [header, ...rows] = csv;
      expect(header!.length, noun).toBeGreaterThan(2);
      expect(rows, noun).toEqual(json.map((r) => header!.map((path) => cell(at(r, path)))));
    }
  });

  it('bulk results are a list with a header; tag results are the tag rows', async () => {
    const bulk = await pw(['steps', 'complete', '103', '99999', '-o', 'csv']);
    expect(bulk.code).toBe(8);
    const [header, ...rows] = parseCsv(bulk.stdout);
    expect(header).toEqual(['id', 'ok', 'error']);
    expect(rows.sort()).toEqual([
      ['103', 'true', ''],
      ['99999', 'false', expect.stringMatching(/404/)],
    ]);
    const tags = parseCsv((await pw(['tags', 'list', '107', '-o', 'csv'])).stdout);
    expect(tags).toEqual([
      ['id', 'name', 'color', 'change'],
      ['62', 'design', expect.any(String), ''],
      ['61', 'urgent', expect.any(String), ''],
    ]);
  });

  it('is a format of the config key output and of PWCTL_OUTPUT', async () => {
    const r = await pw(['milestones', 'list', '--fields', 'id,title'], { env: { PWCTL_OUTPUT: 'csv' } });
    expect(parseCsv(r.stdout)[0]).toEqual(['id', 'title']);
  });
});

describe('--fields paths (17.6)', () => {
  it('an unknown nested path exits 2 before any request, listing the valid paths', async () => {
    cli.expectUsageError(
      await pw(['steps', 'list', '--fields', 'id,phase.titel']),
      /unknown field "phase.titel" \(did you mean phase.title\?\); valid fields: id, title, .*phase\.id, phase\.title, phase\.is_internal/,
    );
    cli.expectUsageError(await pw(['steps', 'list', '--fields', 'id,title.x', '-o', 'csv']), /unknown field "title.x"/);
    cli.expectUsageError(
      await pw(['docs', 'get', '5eed0000-0000-4000-8000-000000000081', '--fields', 'author.email']),
      /unknown field "author.email"; .*author\.name/,
    );
    cli.expectUsageError(
      await pw(['steps', 'complete', '103', '--fields', 'id,data.nope']),
      /unknown field "data.nope"; .*data\.phase\.title/,
    );
  });

  it('assignees.name is the list of names in every format', async () => {
    const args = ['steps', 'list', '--limit', '2', '--fields', 'id,assignees.name'];
    const json = JSON.parse((await pw([...args, '-o', 'json'])).stdout);
    expect(json).toEqual([
      { id: 101, assignees: [{ name: 'Maya Patel' }] },
      { id: 102, assignees: [{ name: 'Sam Rivera' }] },
    ]);
    const ndjson = (await pw([...args, '-o', 'ndjson'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(ndjson).toEqual(json);
    const { parse } = await import('yaml');
    expect(parse((await pw([...args, '-o', 'yaml'])).stdout)).toEqual(json);
    expect((await pw(args)).stdout).toBe('101\tMaya Patel\n102\tSam Rivera\n');
    expect(parseCsv((await pw([...args, '-o', 'csv'])).stdout)).toEqual([
      ['id', 'assignees.name'],
      ['101', 'Maya Patel'],
      ['102', 'Sam Rivera'],
    ]);
  });

  it('a bulk result reaches into its records: data.title', async () => {
    const r = await pw(['steps', 'complete', '103', '-o', 'json', '--fields', 'id,ok,data.title']);
    expect(JSON.parse(r.stdout)).toEqual([{ id: 103, ok: true, data: { title: 'Stakeholder interviews' } }]);
  });
});

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
