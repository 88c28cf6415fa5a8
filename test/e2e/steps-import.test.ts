// `steps import` end to end: CSV and NDJSON rows become tasks with every field in its JSON
// type on the wire, tags added after each create, results naming each row's line, every row
// checked before the first request, exit 8 when a row fails, and --dry-run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const ndjson = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pwctl-import-')), name);
  writeFileSync(path, text);
  return path;
}

let seeded: Set<number>;
beforeEach(() => {
  seeded = new Set(Object.values(cli.sb.state.steps).map((t) => t.id));
});
/** Tasks this test created. */
const tasks = () => Object.values(cli.sb.state.steps).filter((t) => !seeded.has(t.id));

describe('steps import: CSV', () => {
  it('creates one task per row with typed fields, adds tags after, and names each row by its line', async () => {
    const csv = file(
      'plan.csv',
      [
        'title,phase_id,due_date,published,is_approval,completed,content,tags',
        'Kick-off,41,2026-03-01,yes,false,0,"Agenda:\n- scope\n- dates",urgent; 62 ;name:2024',
        '',
        '"Sign-off ""v1""",43,,,true,,,',
        ',,,,,,,',
        'Wrap-up,,2026-04-30,false,,,,',
      ].join('\n'),
    );
    const r = await pw(['steps', 'import', csv, '--phase', '41', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('3 created, 0 failed\n');
    const results = JSON.parse(r.stdout) as Record<string, any>[];
    expect(results.map((x) => [x.line, x.ok, x.data.title])).toEqual([
      [2, true, 'Kick-off'],
      [6, true, 'Sign-off "v1"'],
      [8, true, 'Wrap-up'],
    ]);
    expect(Object.keys(results[0]!).slice(0, 3)).toEqual(['line', 'id', 'ok']);
    const posts = cli.sent('/api/v1/steps', 'POST');
    const creates = posts.filter((p) => p.path === '/api/v1/steps');
    expect(creates.map((p) => p.body)).toEqual([
      {
        title: 'Kick-off',
        phase_id: 41,
        content: 'Agenda:\n- scope\n- dates',
        due_date: '2026-03-01',
        published: true,
        is_approval: false,
        completed: false,
      },
      { title: 'Sign-off "v1"', phase_id: 43, is_approval: true },
      { title: 'Wrap-up', phase_id: 41, due_date: '2026-04-30', published: false },
    ]);
    // Ids are JSON numbers, names JSON strings: "62" is tag 62, name:2024 the tag named "2024".
    const kickOff = results[0]!.id as number;
    expect(posts.filter((p) => p.path.endsWith('/tags')).map((p) => [p.path, p.body])).toEqual([
      [`/api/v1/steps/${kickOff}/tags`, { tags: ['urgent', 62, '2024'] }],
    ]);
    expect(results[0]!.data.tags.map((t: { id: number }) => t.id).sort()).toEqual([61, 62, 65]);
    expect(cli.sb.state.steps[kickOff]!.tag_ids.sort()).toEqual([61, 62, 65]);
    expect(
      tasks()
        .map((t) => t.title)
        .sort(),
    ).toEqual(['Kick-off', 'Sign-off "v1"', 'Wrap-up']);
  });

  it('prints a table of line, id, result and title', async () => {
    const r = await pw(['steps', 'import', file('t.csv', 'title\nOne\nTwo\n'), '--phase', '41', '--concurrency', '1']);
    expect(r.code).toBe(0);
    const [one, two] = tasks()
      .map((t) => t.id)
      .sort((a, b) => a - b);
    expect(r.stdout).toBe(`2\t${one}\tcreated\tOne\n3\t${two}\tcreated\tTwo\n`);
  });
});

describe('steps import: NDJSON', () => {
  it('takes JSON types as they are: numbers are ids, strings are names', async () => {
    const lines = [
      JSON.stringify({ title: 'From JSON', phase_id: 43, completed: true, tags: [63, '12', 'brand-new'] }),
      '',
      JSON.stringify({ title: 'Second', due_date: '2026-02-28', content: null }),
    ];
    const r = await pw(['steps', 'import', file('t.jsonl', lines.join('\n')), '--phase', '41', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(
      ndjson(r.stdout)
        .map((x) => [x.line, x.ok])
        .sort(),
    ).toEqual([
      [1, true],
      [3, true],
    ]);
    const tagsPost = cli.sent(/\/tags$/, 'POST')[0]!;
    expect(tagsPost.body).toEqual({ tags: [63, '12', 'brand-new'] });
    expect(
      cli
        .sent('/api/v1/steps', 'POST')
        .filter((p) => p.path === '/api/v1/steps')
        .map((p) => p.body),
    ).toContainEqual({ title: 'Second', phase_id: 41, due_date: '2026-02-28' });
  });

  it('reads standard input with --format', async () => {
    const r = await pw(['steps', 'import', '-', '--format', 'ndjson', '--phase', '41', '-q'], {
      stdin: '{"title": "piped"}\n',
    });
    expect(r.code).toBe(0);
    expect(tasks().map((t) => t.title)).toEqual(['piped']);
  });
});

describe('steps import: every row checked before the first request', () => {
  const bad: [string, string, RegExp][] = [
    [
      'a.csv',
      'title,phase_id,due_date\nok,41,2026-01-01\nbad,41,2026-02-30\n',
      /^error: line 3: due_date must be a real calendar date in the form YYYY-MM-DD, got "2026-02-30" \(no such day\)$/,
    ],
    ['a.csv', 'title,phase_id\nok,41\n"multi\nline",41\n,41\n', /^error: line 5: title is required$/],
    [
      'a.csv',
      'title,phase\nok,41\n',
      /^error: line 1: "phase" is not a field of a task import: did you mean phase_id\? \(fields: title, phase_id, /,
    ],
    ['a.csv', 'title,published\nok,maybe\n', /^error: line 2: published must be true or false, got "maybe"$/],
    ['a.csv', 'title,tags\nok,id:abc\n', /^error: line 2: tags: tag "id:abc": id:<n> must be a positive integer id/],
    ['a.csv', 'title,phase_id\nok,41,extra\n', /^error: line 2: 3 fields, but the header has 2 columns$/],
    ['a.csv', 'title,phase_id\n"unclosed,41\n', /^error: line \d+: not valid CSV/],
    ['a.csv', 'title,title\nx,y\n', /^error: line 1: the header names "title" twice$/],
    ['a.csv', 'title\nno phase\n', /^error: line 2: phase_id is required \(or pass --phase <id> for every row\)$/],
    [
      'a.ndjson',
      '{"title": "ok", "phase_id": 41}\n{"title": "typed", "phase_id": "41"}\n',
      /^error: line 2: phase_id must be a number \(a phase id\), got "41"$/,
    ],
    [
      'a.ndjson',
      '{"title": "x", "phase_id": 41, "published": "yes"}\n',
      /^error: line 1: published must be true or false \(a JSON boolean\), got "yes"$/,
    ],
    [
      'a.ndjson',
      '{"title": "x", "phase_id": 41, "tags": "a;b"}\n',
      /^error: line 1: tags must be an array of tag ids \(numbers\) and names \(strings\)/,
    ],
    [
      'a.ndjson',
      '{"title": "x", "phase_id": 41}\n[1]\n',
      /^error: line 2: expected a JSON object with a "title" field$/,
    ],
    ['a.ndjson', '{"title": "x"\n', /^error: line 1: not valid JSON/],
    [
      'a.txt',
      'title\nx\n',
      /^error: ".*a\.txt" does not end in \.csv, \.ndjson or \.jsonl: pass --format csv or --format ndjson$/,
    ],
  ];
  for (const [name, text, pattern] of bad) {
    it(`${name}: ${pattern.source.slice(8, 60)}`, async () => {
      const r = await pw([
        'steps',
        'import',
        file(name, text),
        '--phase',
        name.endsWith('.csv') && text.includes('no phase') ? 'x1' : '41',
      ]);
      if (text.includes('no phase')) {
        cli.expectUsageError(r, /--phase must be a positive integer id/);
        const again = await pw(['steps', 'import', file(name, text)]);
        cli.expectUsageError(again, pattern);
      } else cli.expectUsageError(r, pattern);
      expect(tasks()).toEqual([]);
    });
  }

  it('refuses a --results file that is the import file itself', async () => {
    const csv = file('a.csv', 'title\nx\n');
    cli.expectUsageError(
      await pw(['steps', 'import', csv, '--phase', '41', '--results', csv]),
      /--results must name a file other than the one being imported/,
    );
    expect(readFileSync(csv, 'utf8')).toBe('title\nx\n');
  });

  it('refuses a --results file it cannot write, before any request', async () => {
    cli.expectUsageError(
      await pw([
        'steps',
        'import',
        file('a.csv', 'title\nx\n'),
        '--phase',
        '41',
        '--results',
        '/nonexistent-dir/r.ndjson',
      ]),
      /^error: --results: cannot write "\/nonexistent-dir\/r\.ndjson": ENOENT$/,
    );
  });

  it('an empty file does nothing and says so', async () => {
    const r = await pw(['steps', 'import', file('a.csv', 'title,phase_id\n'), '--phase', '41']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^nothing to do: .*a\.csv holds no rows\n$/);
    expect(cli.sent('/')).toEqual([]);
  });
});

describe('steps import: every bad row in one pass', () => {
  it('lists every problem of every row, after a first line that counts them; nothing is sent', async () => {
    const csv = file(
      'plan.csv',
      [
        'title,phase_id,due_date,published,tags',
        'ok,41,2026-01-01,,',
        'bad date,41,2026-02-30,,',
        'ok too,41,,yes,',
        ',41,,,',
        'two,41,,maybe,id:x',
        'short,41',
      ].join('\n'),
    );
    const r = await pw(['steps', 'import', csv]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toEqual([
      'error: 5 problems on 4 lines (3, 5, 6, 7); nothing was sent',
      '  line 3: due_date must be a real calendar date in the form YYYY-MM-DD, got "2026-02-30" (no such day)',
      '  line 5: title is required',
      '  line 6: published must be true or false, got "maybe"',
      '  line 6: tags: tag "id:x": id:<n> must be a positive integer id (e.g. 42), got "x"',
      '  line 7: 2 fields, but the header has 5 columns',
      '',
    ]);
    expect(cli.sent('/')).toEqual([]);
    expect(tasks()).toEqual([]);
  });

  it('-o json: the JSON error line carries every problem by line', async () => {
    const r = await pw([
      'steps',
      'import',
      file('a.ndjson', '{"title": "x"}\n{"phase_id": 41}\nnot json\n'),
      '-o',
      'json',
    ]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('error: 3 problems on 3 lines (1, 2, 3); nothing was sent');
    const { error } = JSON.parse(lines.at(-1)!) as {
      error: { code: number; message: string; errors: Record<string, string[]> };
    };
    expect(error.code).toBe(2);
    expect(error.message).toBe(lines[0]!.slice('error: '.length));
    expect(Object.keys(error.errors)).toEqual(['line 1', 'line 2', 'line 3']);
    expect(error.errors['line 2']).toEqual(['title is required']);
  });

  it('a file wrong in every row lists the first 50 problems and counts the rest', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `Row ${i},41,someday`);
    const r = await pw(['steps', 'import', file('a.csv', `title,phase_id,due_date\n${rows.join('\n')}\n`)]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      'error: 120 problems on 120 lines (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …); nothing was sent; the first 50 are listed',
    );
    expect(lines).toHaveLength(51);
    expect(lines[50]).toMatch(/^ {2}line 51: due_date /);
  });

  it('a header with several problems names line 1 for each, and no row', async () => {
    const r = await pw(['steps', 'import', file('a.csv', 'Title,Phase,Owner,TITLE\nx,41,me,y\n')]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('error: 3 problems on line 1; nothing was sent');
    expect(lines.slice(1).map((l) => l.replace(/ \(fields: .*\)$/, ''))).toEqual([
      '  line 1: "Phase" is not a field of a task import: did you mean phase_id?',
      '  line 1: "Owner" is not a field of a task import',
      '  line 1: the header names title twice ("Title" and "TITLE")',
    ]);
  });
});

describe("steps import: a spreadsheet's CSV", () => {
  it('reads header names in any case and with spaces', async () => {
    const r = await pw([
      'steps',
      'import',
      file('Plan.CSV', 'Title,Phase ID,Due date,Is approval,Tags\nKick-off,43,2026-03-01,yes,urgent\n'),
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(cli.sent('/api/v1/steps', 'POST').find((p) => p.path === '/api/v1/steps')!.body).toEqual({
      title: 'Kick-off',
      phase_id: 43,
      due_date: '2026-03-01',
      is_approval: true,
    });
    expect(cli.sent(/\/tags$/, 'POST').map((p) => p.body)).toEqual([{ tags: ['urgent'] }]);
  });

  it("reads a ';'-separated file, says so, and a quoted tags cell keeps its ';'", async () => {
    const csv = file(
      'plan.csv',
      'Title;Phase ID;Content;Tags;;\r\n"Kick-off";41;"Agenda, dates";"urgent;62";;\r\nWrap-up;43;;;;\r\n',
    );
    const r = await pw(['steps', 'import', csv, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`reading ${csv} as ';'-separated values (from its header line)\n2 created, 0 failed\n`);
    const creates = cli.sent('/api/v1/steps', 'POST').filter((p) => p.path === '/api/v1/steps');
    expect(creates.map((p) => p.body)).toEqual([
      { title: 'Kick-off', phase_id: 41, content: 'Agenda, dates' },
      { title: 'Wrap-up', phase_id: 43 },
    ]);
    expect(cli.sent(/\/tags$/, 'POST').map((p) => p.body)).toEqual([{ tags: ['urgent', 62] }]);
  });

  it("a ';'-separated file with bad rows: the error line comes first, as for any file", async () => {
    const r = await pw(['steps', 'import', file('plan.csv', 'Title;Phase ID;Due date\nA;41;soon\nB;41;2026-01-01\n')]);
    cli.expectUsageError(r, /^error: line 2: due_date must be /);
  });

  it("a ';'-separated file that is not valid CSV says how it was read", async () => {
    const r = await pw(['steps', 'import', file('plan.csv', 'Title;Phase ID\n"unclosed;41\n')]);
    cli.expectUsageError(r, /^error: line \d+: not valid CSV \(read as ';'-separated, from its header line\): /);
  });
});

describe('steps import: failures and --dry-run', () => {
  it('a row the service refuses is reported with its line; the others are created; exit 8', async () => {
    const r = await pw([
      'steps',
      'import',
      file('a.csv', 'title,phase_id\nGood,41\nNo such phase,999\nAlso good,43\n'),
      '-o',
      'json',
    ]);
    expect(r.code).toBe(8);
    const results = JSON.parse(r.stdout) as Record<string, any>[];
    expect(results[1]).toEqual({
      line: 3,
      id: null,
      ok: false,
      status: 422,
      error: expect.stringMatching(/^POST \/api\/v1\/steps: 422 .*phase id is invalid/),
    });
    expect(results.filter((x) => x.ok).map((x) => x.line)).toEqual([2, 4]);
    expect(r.stderr).toBe('2 created, 1 failed\n');
  });

  it('a single row that fails still exits 8, its result printed', async () => {
    const r = await pw(['steps', 'import', file('a.csv', 'title,phase_id\nNo such phase,999\n')]);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe(
      '2\t\tfailed\tPOST /api/v1/steps: 422 Unprocessable Content: The selected phase id is invalid.\n',
    );
  });

  it('a task whose tags fail keeps its id in the result and says how to add them', async () => {
    const r = await pw([
      'steps',
      'import',
      file('a.csv', 'title,phase_id,tags\nTagged,41,legacy-review;urgent\n'),
      '-o',
      'json',
    ]);
    expect(r.code).toBe(8);
    const [result] = JSON.parse(r.stdout) as Record<string, any>[];
    const id = tasks()[0]!.id;
    expect(result).toMatchObject({ line: 2, id, ok: false, status: 422 });
    expect(result!.error).toMatch(
      new RegExp(
        `^created task ${id}, but adding its tags failed: .*; add them with \`pwctl tags add ${id} name:legacy-review name:urgent\`$`,
      ),
    );
  });

  it('--dry-run prints each create and sends nothing', async () => {
    const results = join(mkdtempSync(join(tmpdir(), 'pwctl-import-')), 'results.ndjson');
    const r = await pw([
      'steps',
      'import',
      file('a.csv', 'title,due_date\nA,2026-05-01\nB,\n'),
      '--phase',
      '41',
      '--dry-run',
      '-o',
      'ndjson',
      '--results',
      results,
    ]);
    expect(r.code).toBe(0);
    expect(
      ndjson(r.stdout)
        .map((x) => x.body)
        .sort((a, b) => a.title.localeCompare(b.title)),
    ).toEqual([
      { title: 'A', phase_id: 41, due_date: '2026-05-01' },
      { title: 'B', phase_id: 41 },
    ]);
    expect(cli.sent('/')).toEqual([]);
    expect(() => readFileSync(results)).toThrow(/ENOENT/);
  });
});
