// How tables give way on a narrow terminal without hiding what matters: optional columns go
// first, a message ('wrap') is never cut nor dropped but wrapped within its column, a
// reference keeps its id and a path its file name when cut, and a stream sizes its columns
// from the rows known before it starts.
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { COLUMN_GAP, fitColumns, KEPT_END_LEAD, WRAP_FLOOR, type ColumnNeed } from '../../src/output/column-fit.js';
import { escapeInline, terminalText } from '../../src/io/sanitize.js';
import { tableForRows, tableForStream, type TableCell, type TableColumn } from '../../src/output/table.js';

const whole = (natural: number, more: Partial<ColumnNeed> = {}): ColumnNeed => ({ natural, fit: 'whole', ...more });
const shrink = (natural: number, more: Partial<ColumnNeed> = {}): ColumnNeed => ({ natural, fit: 'shrink', ...more });
const wrap = (natural: number): ColumnNeed => ({ natural, fit: 'wrap' });
const terminal = (columns: number) => ({ columns, colorLevel: 0, drop: true });
const kept = (text: string, end: string): TableCell => ({ text: escapeInline(text), end: escapeInline(end) });

function shownWidth(widths: Array<number | null>): number {
  const shown = widths.filter((w): w is number => w !== null);
  return shown.reduce((a, b) => a + b, 0) + COLUMN_GAP * (shown.length - 1);
}

describe('fitColumns: what gives way first', () => {
  it('drops optional columns before cutting anything', () => {
    // auth status at 120: profile, base url, signed in to (optional), token from (path), token, expires (optional), refresh (optional), status (wrap).
    const columns: ColumnNeed[] = [
      whole(9),
      whole(22),
      whole(22, { optional: true }),
      { natural: 52, fit: 'path', keptEnd: 12 },
      whole(8),
      shrink(7, { optional: true }),
      whole(7, { optional: true }),
      wrap(32),
    ];
    const widths = fitColumns(columns, 120, { drop: true });
    expect(widths).toEqual([9, 22, null, 41, 8, null, null, 32]);
  });

  it('never drops a wrap column: it narrows to its floor and the columns before it go', () => {
    const widths = fitColumns([whole(32), whole(9), wrap(200)], 60, { drop: true });
    expect(widths).toEqual([32, null, 26]);
    expect(fitColumns([whole(20), whole(9), wrap(200)], 60, { drop: true })).toEqual([20, 9, 27]);
    expect(fitColumns([whole(3), whole(30), whole(30), wrap(100)], 60, { drop: true })[3]).toBe(WRAP_FLOOR + 3);
  });

  it('a column whose cells keep their end keeps room for it and a little before it', () => {
    // The title keeps its 20 cells; the other shrinking column its end and the lead before it.
    const widths = fitColumns([whole(3), shrink(40), whole(30), shrink(30, { keptEnd: 8 })], 73, { drop: true });
    expect(widths).toEqual([3, 20, 30, 8 + KEPT_END_LEAD]);
  });

  it('for any columns and terminal: a wrap column is shown, and the table fits when it can', () => {
    const column = fc.record({
      natural: fc.integer({ min: 1, max: 120 }),
      fit: fc.constantFrom<ColumnNeed['fit']>('whole', 'shrink', 'path', 'wrap'),
      optional: fc.boolean(),
      keptEnd: fc.integer({ min: 0, max: 15 }),
    });
    fc.assert(
      fc.property(
        fc.array(column, { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 20, max: 220 }),
        (columns, budget) => {
          const widths = fitColumns(columns, budget, { drop: true });
          expect(widths[0]).not.toBeNull();
          columns.forEach((c, i) => {
            if (c.fit === 'wrap') expect(widths[i]).not.toBeNull();
            if (widths[i] !== null) expect(widths[i]).toBeLessThanOrEqual(c.natural);
          });
          const shown = widths.filter((w) => w !== null).length;
          if (shown * (1 + COLUMN_GAP) - COLUMN_GAP <= budget) expect(shownWidth(widths)).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('cells that keep their end', () => {
  const COLUMNS: TableColumn[] = [
    { header: 'ID', fit: 'whole' },
    { header: 'PHASE', fit: 'shrink' },
    { header: 'PROJECT', fit: 'shrink' },
  ];

  it('a shortened reference keeps its id: `Discov… (41)`', async () => {
    const rows = [[terminalText('101'), kept('Discovery', ' (41)'), kept('Acme Website Redesign', ' (31)')]];
    const table = await tableForRows(COLUMNS, rows, terminal(40));
    const line = table.row(rows[0]!);
    expect(stringWidth(line)).toBeLessThanOrEqual(40);
    expect(line).toMatch(/^101 +Discovery \(41\) +Acme.*… \(31\)$/);
    // Cut further (columns the user named are cut rather than dropped), the id stays.
    const named = await tableForRows([COLUMNS[0]!, COLUMNS[2]!], [[rows[0]![0]!, rows[0]![2]!]], {
      ...terminal(14),
      drop: false,
    });
    expect(named.row([rows[0]![0]!, rows[0]![2]!])).toBe('101  Acm… (31)');
  });

  it('an end wider than the column allows is cut like any text', async () => {
    const cells = [terminalText('1'), kept('x', ` (${'9'.repeat(30)})`)];
    const table = await tableForRows(
      [
        { header: 'ID', fit: 'whole' },
        { header: 'P', fit: 'shrink' },
      ],
      [cells],
      { ...terminal(12), drop: false },
    );
    expect(table.row(cells)).toBe('1   x (9999…');
  });

  it('a path keeps its file name, cut in the middle', async () => {
    const path = kept('file /home/maya/.config/pwctl', '/config.json');
    const table = await tableForRows(
      [
        { header: 'PROFILE', fit: 'whole' },
        { header: 'TOKEN FROM', fit: 'path' },
      ],
      [[terminalText('default'), path]],
      terminal(32),
    );
    expect(table.row([terminalText('default'), path])).toBe('default  file /home…/config.json');
  });
});

describe('wrapped cells', () => {
  const COLUMNS: TableColumn[] = [
    { header: 'FILE', fit: 'whole' },
    { header: 'RESULT', fit: 'whole', width: 7 },
    { header: 'DETAIL', fit: 'wrap' },
  ];
  const MESSAGE =
    "conflict: the document changed on the service (updated_at 2026-11-26T15:17:13.876119Z) since this file's pull; nothing was sent. Pull it again and redo the edit, or pass --force to overwrite the service's version";

  it('a stream sizes its key column from the rows known in advance and gives the message the rest of the line', async () => {
    const expected = [
      ['acme-meeting-notes-2025-01-10.md', 'failed', ''],
      ['brief.md', 'failed', ''],
    ].map((row) => row.map(escapeInline));
    const table = await tableForStream(COLUMNS, terminal(80), expected);
    expect(table.widths).toEqual([32, 7, 80 - 32 - 7 - 2 * COLUMN_GAP]);
    const text = table.row(['brief.md', 'failed', MESSAGE].map(escapeInline));
    const lines = text.split('\n');
    expect(lines.length).toBeGreaterThan(3);
    const detailAt = table.header.indexOf('DETAIL');
    expect(lines[0]).toMatch(/^brief\.md +failed +conflict: /);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    for (const line of lines.slice(1)) expect(line.slice(0, detailAt)).toBe(' '.repeat(detailAt));
    expect(lines.map((l) => l.slice(detailAt)).join(' ')).toBe(MESSAGE);
  });

  it('whatever the text and width, nothing of it is lost and every line fits its column', async () => {
    const word = fc.stringMatching(/^[a-z0-9.:/()'-]{1,25}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 60, max: 200 }),
        async (words, cols) => {
          const message = words.join(' ');
          const table = await tableForStream(COLUMNS, terminal(cols), [['file.md', 'failed', ''].map(escapeInline)]);
          const lines = table.row(['file.md', 'failed', message].map(escapeInline)).split('\n');
          const at = table.header.indexOf('DETAIL');
          for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(cols);
          expect(
            lines
              .map((l) => l.slice(at))
              .join('')
              .replace(/ /g, ''),
          ).toBe(message.replace(/ /g, ''));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a list wraps a message too wide for the terminal, and leaves a short one on one line', async () => {
    const rows = [
      ['a.md', 'failed', MESSAGE],
      ['b.md', 'updated', 'B (content)'],
    ].map((row) => row.map(escapeInline));
    const table = await tableForRows(COLUMNS, rows, terminal(80));
    expect(table.row(rows[1]!)).toBe('b.md  updated  B (content)');
    expect(table.row(rows[0]!).split('\n').length).toBeGreaterThan(1);
  });
});
