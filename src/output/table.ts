// Table output. Not a TTY: tab-separated plain rows, one record per line, no header, no
// color, so `cut -f1` works. A TTY: aligned columns fitted to the terminal (column-fit.ts),
// every row of every table — a list or a stream — laid out by the one function layoutRow,
// so a row can never be drawn differently from the one above it.
//
// A list's widths come from all of its rows (the writer buffers a list on a TTY, as kubectl
// and gh do), so they hold for every row; a stream's come from its columns' declared widths
// and the rows known before it starts, and a 'wrap' column takes the rest of the line.
import { COLUMN_GAP, fitColumns } from './column-fit.js';
import { escapeInline, terminalText, type TerminalText } from '../io/sanitize.js';
import type { Fit } from './view.js';

export interface TableColumn {
  header: string;
  fit: Fit;
  /** Dropped before any other column gives way. */
  optional?: boolean;
  /** Declared width, for streams. */
  width?: number;
}

/**
 * A cell whose end survives a cut: a reference's id (`Discov… (41)`), a path's file name
 * (`file /ho…/config.json`). Both parts are escaped already.
 */
export interface KeptEndCell {
  text: TerminalText;
  end: TerminalText;
}

/** One cell of a table, escaped. */
export type TableCell = TerminalText | KeptEndCell;

/** A cell as far as measuring goes (the text of rows a layout is fitted to). */
type MeasuredCell = string | KeptEndCell;

export interface TerminalTable {
  /** Each column's width; null for a column dropped to fit the terminal. */
  widths: ReadonlyArray<number | null>;
  /** The headers of the columns dropped to fit, in order. */
  dropped: readonly string[];
  /** The header line, bold on a color terminal. */
  header: TerminalText;
  /** One row, each cell cut or padded to its column; a 'wrap' column's text over as many lines as it takes (joined by '\n'). */
  row(cells: readonly TableCell[]): TerminalText;
}

export interface TerminalOptions {
  /** The terminal's width; 0 or undefined when unknown (a pty nobody sized). */
  columns: number | undefined;
  colorLevel: number;
  /** Whether columns may be dropped to fit (not for --fields, which the user named). */
  drop: boolean;
}

/** Width assumed for a terminal that does not say, as most tools do; tables are laid out for it. */
export const DEFAULT_TERMINAL_COLUMNS = 80;
/** Width a stream gives a column that declares none and whose cells are not known in advance (--fields columns). */
const DEFAULT_STREAM_COLUMN_WIDTH = 16;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

interface TextMeasure {
  width(text: string): number;
  cut(text: string, width: number): string;
}

/** Printable ASCII takes one cell a character: string-width's own first rule. */
const ASCII_MEASURE: TextMeasure = { width: (text) => text.length, cut: (text, width) => text.slice(0, width) };

/** A cell's whole text. */
function cellString(cell: MeasuredCell): string {
  return typeof cell === 'string' ? cell : cell.text + cell.end;
}

/** One tab-separated row for a pipe (cells already escaped). */
export function plainRow(cells: readonly TableCell[]): TerminalText {
  return terminalText(`${cells.map(cellString).join('\t')}\n`);
}

/** The layout of a list whose rows are all known: widths fitted to the widest cells. */
export async function tableForRows(
  columns: readonly TableColumn[],
  rows: readonly (readonly MeasuredCell[])[],
  terminal: TerminalOptions,
): Promise<TerminalTable> {
  const headers = headersOf(columns);
  const measure = await measureFor([headers, ...rows]);
  const natural = columns.map((_, i) => Math.max(measure.width(headers[i]!), widestCell(rows, i, measure)));
  return tableOf(columns, headers, natural, keptEnds(columns, rows, measure), measure, terminal);
}

/**
 * The layout of a stream, fixed before its first row: each column as wide as it declares,
 * and as the widest of its cells in `expected` (rows known in advance: a bulk run's ids);
 * a 'wrap' column gets the rest of the line.
 */
export async function tableForStream(
  columns: readonly TableColumn[],
  terminal: TerminalOptions,
  expected: readonly (readonly TableCell[])[] = [],
): Promise<TerminalTable> {
  const headers = headersOf(columns);
  const measure = await measureFor(undefined);
  const budget = budgetOf(terminal);
  const natural = columns.map((c, i) => {
    if (c.fit === 'wrap') return budget;
    const known = widestCell(expected, i, measure);
    return Math.max(measure.width(headers[i]!), c.width ?? (known > 0 ? 0 : DEFAULT_STREAM_COLUMN_WIDTH), known);
  });
  return tableOf(columns, headers, natural, keptEnds(columns, expected, measure), measure, terminal);
}

/** Headers are escaped like cells: a record without a view shows the service's own keys. */
function headersOf(columns: readonly TableColumn[]): TerminalText[] {
  return columns.map((c) => escapeInline(c.header));
}

function budgetOf(terminal: TerminalOptions): number {
  return terminal.columns || DEFAULT_TERMINAL_COLUMNS;
}

function widestCell(rows: readonly (readonly MeasuredCell[])[], i: number, measure: TextMeasure): number {
  let width = 0;
  for (const row of rows) {
    const cell = row[i];
    if (cell !== undefined) width = Math.max(width, measure.width(cellString(cell)));
  }
  return width;
}

/** For each column, the widest end its cells keep when cut. */
function keptEnds(
  columns: readonly TableColumn[],
  rows: readonly (readonly MeasuredCell[])[],
  measure: TextMeasure,
): number[] {
  return columns.map((_, i) => {
    let width = 0;
    for (const row of rows) {
      const cell = row[i];
      if (cell !== undefined && typeof cell !== 'string') width = Math.max(width, measure.width(cell.end));
    }
    return width;
  });
}

async function tableOf(
  columns: readonly TableColumn[],
  headers: readonly TerminalText[],
  natural: number[],
  ends: number[],
  measure: TextMeasure,
  terminal: TerminalOptions,
): Promise<TerminalTable> {
  const widths = fitColumns(
    columns.map((c, i) => ({ natural: natural[i]!, fit: c.fit, optional: c.optional, keptEnd: ends[i] })),
    budgetOf(terminal),
    { drop: terminal.drop },
  );
  let bold = (text: string) => text;
  if (terminal.colorLevel > 0) {
    const { Chalk } = await import('chalk');
    bold = new Chalk({ level: terminal.colorLevel as 1 | 2 | 3 }).bold;
  }
  const wraps = columns.map((c) => c.fit === 'wrap');
  return {
    widths,
    dropped: columns.flatMap((c, i) => (widths[i] === null ? [c.header] : [])),
    header: layoutRow(headers, widths, measure, { style: bold }),
    row: (cells) => layoutRow(cells, widths, measure, { wraps }),
  };
}

/**
 * The one row layout: each shown cell cut to its column's width with '…' (keeping a kept
 * end) or padded to it, columns two spaces apart, no trailing blanks. A 'wrap' column's
 * text is not cut but continued on further lines, within its column. `style` decorates a
 * cell's text after it was measured (the header's bold).
 */
export function layoutRow(
  cells: readonly TableCell[],
  widths: ReadonlyArray<number | null>,
  measure: TextMeasure,
  options: { style?: (text: string) => string; wraps?: readonly boolean[] } = {},
): TerminalText {
  const { style, wraps } = options;
  let line = '';
  let padding = -1;
  let at = 0;
  // Lines after the first, for each wrapped column: where it starts and its further lines.
  let more: Array<{ start: number; lines: string[] }> | undefined;
  widths.forEach((width, i) => {
    if (width === null) return;
    const cell: TableCell = cells[i] ?? terminalText('');
    let text: string;
    let used: number;
    if (wraps?.[i]) {
      const lines = wrapText(cellString(cell), width, measure);
      text = lines[0]!;
      used = measure.width(text);
      if (lines.length > 1)
        (more ??= []).push({ start: padding >= 0 ? at + padding + COLUMN_GAP : 0, lines: lines.slice(1) });
    } else {
      [text, used] = cutToFit(cell, width, measure);
    }
    if (padding >= 0) {
      line += ' '.repeat(padding + COLUMN_GAP);
      at += padding + COLUMN_GAP;
    }
    line += style ? style(text) : text;
    at += used;
    padding = Math.max(0, width - used);
  });
  // Cells left empty at the end of a row would leave padding behind.
  line = line.trimEnd();
  if (!more) return terminalText(line);
  const height = Math.max(...more.map((m) => m.lines.length));
  for (let k = 0; k < height; k++) {
    let next = '';
    for (const { start, lines } of more) {
      const text = lines[k];
      if (text === undefined) continue;
      next += ' '.repeat(Math.max(0, start - measure.width(next))) + text;
    }
    line += `\n${next}`;
  }
  return terminalText(line);
}

/** A cell cut to `width` cells with '…' (keeping its kept end when there is room for it and a character before), and the cells it takes. */
function cutToFit(cell: TableCell, width: number, measure: TextMeasure): [string, number] {
  const text = cellString(cell);
  const used = measure.width(text);
  if (used <= width) return [text, used];
  let cut = `${measure.cut(text, width - 1)}…`;
  if (typeof cell !== 'string') {
    const end = measure.width(cell.end);
    if (width >= end + 2) cut = `${measure.cut(cell.text, width - end - 1)}…${cell.end}`;
  }
  return [cut, measure.width(cut)];
}

/** Text over lines of at most `width` cells: broken at a space where it can be, inside a word where it must. Nothing is lost but the spaces at a break. */
function wrapText(text: string, width: number, measure: TextMeasure): string[] {
  const lines: string[] = [];
  let rest = text;
  while (measure.width(rest) > width) {
    // A character wider than the column still goes on a line of its own.
    const fits = measure.cut(rest, width) || measure.cut(rest, 2) || rest;
    const space = rest[fits.length] === ' ' ? fits.length : fits.lastIndexOf(' ');
    const end = space > 0 ? space : fits.length;
    lines.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).replace(/^ +/, '');
  }
  lines.push(rest);
  return lines;
}

/**
 * string-width is loaded only when some text needs it (a stream's text is not known, so a
 * stream always loads it): its Unicode data and segmenter are costly to load, and so is
 * measuring text beyond ASCII (BENCHMARKS.md), which a list therefore measures once per
 * distinct text: its phases, projects and names repeat from row to row.
 */
async function measureFor(rows: readonly (readonly MeasuredCell[])[] | undefined): Promise<TextMeasure> {
  if (rows?.every((row) => row.every((cell) => PRINTABLE_ASCII.test(cellString(cell))))) return ASCII_MEASURE;
  const { textWidth, cutToWidth } = await import('./text-width.js');
  if (!rows) return { width: textWidth, cut: cutToWidth };
  const measured = new Map<string, number>();
  const width = (text: string) => {
    let known = measured.get(text);
    if (known === undefined) measured.set(text, (known = textWidth(text)));
    return known;
  };
  return { width, cut: cutToWidth };
}
