// The table layout's pure parts: column widths fitted to a terminal, display width and
// cutting of text with combining marks, emoji and wide characters, and the one row layout.
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { COLUMN_GAP, fitColumns, type ColumnNeed } from '../../src/output/column-fit.js';
import { escapeInline } from '../../src/io/sanitize.js';
import { tableForRows, tableForStream, type TableColumn } from '../../src/output/table.js';
import { cutToWidth, textWidth } from '../../src/output/text-width.js';

const whole = (natural: number): ColumnNeed => ({ natural, fit: 'whole' });
const shrink = (natural: number): ColumnNeed => ({ natural, fit: 'shrink' });

function shownWidth(widths: Array<number | null>): number {
  const shown = widths.filter((w): w is number => w !== null);
  return shown.reduce((a, b) => a + b, 0) + COLUMN_GAP * (shown.length - 1);
}

describe('fitColumns', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitColumns([whole(3), shrink(30), whole(10)], 80, { drop: true })).toEqual([3, 30, 10]);
  });

  it('shrinks only the shrinkable columns, the widest first', () => {
    const widths = fitColumns([whole(36), shrink(40), whole(14), shrink(30)], 100, { drop: true });
    expect(widths[0]).toBe(36);
    expect(widths[2]).toBe(14);
    expect(shownWidth(widths)).toBe(100);
    // 70 - 44 = 26 cells taken: the 40-wide title gives until it is as narrow as the other.
    expect(widths[1]! - widths[3]!).toBeLessThanOrEqual(1);
  });

  it('the first shrinking column keeps 20 cells, later ones 10, before columns are dropped', () => {
    // id, title, status, due, phase, project: 3 + 20 + 12 + 10 + 10 + 10 + 5 gaps = 75.
    const widths = fitColumns([whole(3), shrink(40), whole(12), whole(10), shrink(15), shrink(25)], 75, { drop: true });
    expect(widths).toEqual([3, 20, 12, 10, 10, 10]);
  });

  it('drops columns from the right, whole ones too, but never the first, rather than cut an id or a date', () => {
    // docs list at 80: uuid, title, audience, project, client, updated.
    const docs = [whole(36), shrink(26), whole(14), shrink(25), shrink(20), whole(16)];
    const at80 = fitColumns(docs, 80, { drop: true });
    expect(at80).toEqual([36, 26, 14, null, null, null]);
    const at60 = fitColumns(docs, 60, { drop: true });
    expect(at60).toEqual([36, 22, null, null, null, null]);
    // webhooks list at 80: id, event, url, active, company, created.
    expect(fitColumns([whole(2), whole(17), whole(40), whole(6), shrink(16), whole(16)], 80, { drop: true })).toEqual([
      2,
      17,
      40,
      6,
      null,
      null,
    ]);
  });

  it('cuts only as a last resort: a first column wider than the terminal', () => {
    expect(fitColumns([whole(100), shrink(10)], 60, { drop: true })).toEqual([60, null]);
  });

  it('never drops columns the user named (--fields): it cuts the widest', () => {
    const widths = fitColumns([whole(4), whole(50), whole(30)], 60, { drop: false });
    expect(widths.every((w) => w !== null)).toBe(true);
    expect(shownWidth(widths)).toBe(60);
    expect(widths[0]).toBe(4);
  });

  it('for any columns and terminal: fits when it can, and cuts a whole column only when nothing else is left to give', () => {
    const column = fc.record({
      natural: fc.integer({ min: 1, max: 80 }),
      fit: fc.constantFrom<'whole' | 'shrink'>('whole', 'shrink'),
    });
    fc.assert(
      fc.property(
        fc.array(column, { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 20, max: 200 }),
        fc.boolean(),
        (columns, budget, drop) => {
          const widths = fitColumns(columns, budget, { drop });
          expect(widths).toHaveLength(columns.length);
          expect(widths[0]).not.toBeNull();
          if (!drop) expect(widths.every((w) => w !== null)).toBe(true);
          const shown = widths.flatMap((w, i) => (w === null ? [] : [i]));
          // Every shown column has at least one cell, so only this many can fit at all.
          if (shown.length * (1 + COLUMN_GAP) - COLUMN_GAP <= budget)
            expect(shownWidth(widths)).toBeLessThanOrEqual(budget);
          for (const i of shown) {
            expect(widths[i]).toBeLessThanOrEqual(columns[i]!.natural);
            const cut = widths[i]! < columns[i]!.natural;
            // A whole column is cut only when no column can be dropped any more.
            if (cut && columns[i]!.fit === 'whole') expect(!drop || shown.length === 1).toBe(true);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('text width', () => {
  it('counts combining marks as nothing, wide characters and emoji (ZWJ, VS16, flags, skin tones) as two', () => {
    expect(textWidth('Cafe\u0301')).toBe(4);
    expect(textWidth('日本語')).toBe(6);
    expect(textWidth('👨‍👩‍👧')).toBe(2);
    expect(textWidth('❤️')).toBe(2);
    expect(textWidth('🇫🇷')).toBe(2);
    expect(textWidth('👍🏽')).toBe(2);
    expect(textWidth('plain ascii')).toBe(11);
  });

  // Fragments that join into clusters across their edges: combining and spacing marks,
  // ZWJ, variation selectors, skin tones, regional indicators, keycaps, a prepended mark,
  // Hangul jamo, zero-width and soft-hyphen characters, next to plain ASCII.
  const FRAGMENTS = [
    'a',
    'Z',
    ' ',
    '1',
    '#',
    'e\u0301',
    '\u0301',
    '\u0300\u0301',
    'é',
    '日本',
    'ｶ',
    '👍',
    '🏽',
    '\u200d',
    '👨‍👩‍👧',
    '❤',
    '\ufe0f',
    '🇫',
    '🇷',
    '\u20e3',
    '\u0600',
    '\u1100',
    '\u1161',
    '\u11a8',
    '\u200b',
    '\u00ad',
    'हि',
    'न्दी',
    '…',
    '’',
  ];
  const text = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 12 }).map((parts) => parts.join(''));

  /** Cutting by string-width alone, grapheme by grapheme over the whole text. */
  function referenceCut(value: string, width: number): string {
    let used = 0;
    let end = 0;
    for (const { segment, index } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)) {
      used += stringWidth(segment);
      if (used > width) break;
      end = index + segment.length;
    }
    return value.slice(0, end);
  }

  it('measured in pieces, text is exactly as wide as string-width says of it whole', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(textWidth(value)).toBe(stringWidth(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it('cuts exactly where cutting grapheme by grapheme would', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 20 }), (value, width) => {
        expect(cutToWidth(value, width)).toBe(referenceCut(value, width));
      }),
      { numRuns: 5_000 },
    );
  });

  it('cuts between grapheme clusters, never inside one', () => {
    expect(cutToWidth('Cafe\u0301 au lait', 4)).toBe('Cafe\u0301');
    expect(cutToWidth('ab👨‍👩‍👧cd', 3)).toBe('ab');
    expect(cutToWidth('ab👨‍👩‍👧cd', 4)).toBe('ab👨‍👩‍👧');
    expect(cutToWidth('日本語', 5)).toBe('日本');
    expect(cutToWidth('🇫🇷🇩🇪', 3)).toBe('🇫🇷');
  });
});

describe('table layout', () => {
  const COLUMNS: TableColumn[] = [
    { header: 'ID', fit: 'whole' },
    { header: 'TITLE', fit: 'shrink' },
    { header: 'STATUS', fit: 'whole' },
  ];
  const terminal = (columns: number) => ({ columns, colorLevel: 0, drop: true });

  /** The display column at which `text` starts in `line`. */
  const columnOf = (line: string, text: string) => stringWidth(line.slice(0, line.indexOf(text)));

  it('aligns every row, whatever its characters, from an id of 1 digit to one of 3', async () => {
    const titles = ['Plain', 'Cafe\u0301 crème', 'Family 👨‍👩‍👧 trip', 'Love ❤️ it', '日本語のタイトル', 'Flags 🇫🇷🇩🇪'];
    const rows = Array.from({ length: 120 }, (_, i) => [
      String(i + 1),
      titles[i % titles.length]!,
      i % 2 ? 'open' : 'done',
    ]);
    const table = await tableForRows(COLUMNS, rows, terminal(80));
    const lines = [table.header, ...rows.map((cells) => table.row(cells.map(escapeInline)))];
    const statusAt = columnOf(table.header, 'STATUS');
    const titleAt = columnOf(table.header, 'TITLE');
    lines.slice(1).forEach((line, i) => {
      expect(line.startsWith(`${i + 1} `)).toBe(true);
      expect(columnOf(line, rows[i]![1]!)).toBe(titleAt);
      expect(columnOf(line, rows[i]![2]!)).toBe(statusAt);
    });
  });

  it('fits the terminal by cutting titles with …, never ids', async () => {
    const rows = [
      ['1', 'x'.repeat(200), 'open'],
      ['12345', `${'界'.repeat(50)}`, 'not approved'],
    ];
    for (const width of [80, 60]) {
      const table = await tableForRows(COLUMNS, rows, terminal(width));
      for (const cells of rows) {
        const line = table.row(cells.map(escapeInline));
        expect(stringWidth(line)).toBeLessThanOrEqual(width);
        expect(line.startsWith(`${cells[0]} `)).toBe(true);
        expect(line).toContain('…');
        expect(line.endsWith(cells[2]!)).toBe(true);
      }
    }
  });

  it('an unsized terminal (0 columns) is taken as 80 wide', async () => {
    const table = await tableForRows(COLUMNS, [['1', 'y'.repeat(100), 'open']], terminal(0));
    expect(shownWidth([...table.widths])).toBe(80);
  });

  it('a stream fixes its widths from the declared ones before any row, and keeps them', async () => {
    const columns: TableColumn[] = [
      { header: 'TIME', fit: 'whole', width: 8 },
      { header: 'EVENT', fit: 'whole', width: 21 },
      { header: 'TITLE', fit: 'shrink', width: 60 },
    ];
    const table = await tableForStream(columns, terminal(80));
    expect(table.widths).toEqual([8, 21, 47]);
    const line = table.row(['12:00:00', 'task.created', `Emoji 👍🏽 ${'t'.repeat(80)}`].map(escapeInline));
    expect(stringWidth(line)).toBe(80);
    expect(columnOf(line, 'Emoji')).toBe(columnOf(table.header, 'TITLE'));
  });

  it('no trailing blanks when the last cells are empty', async () => {
    const table = await tableForRows(
      COLUMNS,
      [
        ['1', 'a', ''],
        ['2', 'b', 'done'],
      ],
      terminal(80),
    );
    expect(table.row(['1', 'a', ''].map(escapeInline))).toBe('1   a');
  });
});
