// Table output. Not a TTY: tab-separated plain rows, one record per line, no header, no
// color, so `cut -f1` works. A TTY: aligned columns fitted to the terminal (column-fit.ts),
// every row of every table — a list or an endless stream — laid out by the one function
// layoutRow, so a row can never be drawn differently from the one above it.
//
// A list's widths come from all of its rows (the writer buffers a list on a TTY, as kubectl
// and gh do), so they hold for every row; a stream's come from its columns' declared widths.
import type { Writable } from 'node:stream';
import { COLUMN_GAP, fitColumns } from './column-fit.js';
import { escapeInline, terminalText, type TerminalText } from './sanitize.js';
import type { Fit } from './view.js';

export interface TableColumn {
  header: string;
  fit: Fit;
  /** Declared width, for streams. */
  width?: number;
}

export interface TerminalTable {
  /** Each column's width; null for a column dropped to fit the terminal. */
  widths: ReadonlyArray<number | null>;
  /** The header line, bold on a color terminal. */
  header: TerminalText;
  /** One row of already escaped cells, each cut or padded to its column. */
  row(cells: readonly TerminalText[]): TerminalText;
}

export interface TerminalOptions {
  /** The terminal's width; 0 or undefined when unknown (a pty nobody sized). */
  columns: number | undefined;
  colorLevel: number;
  /** Whether columns may be dropped to fit (not for --fields, which the user named). */
  drop: boolean;
}

/** Width assumed for a terminal that does not say, as most tools do. */
const DEFAULT_TERMINAL_COLUMNS = 80;
/** Width a stream gives a column that declares none (--fields columns). */
const DEFAULT_STREAM_COLUMN_WIDTH = 16;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

interface TextMeasure {
  width(text: string): number;
  cut(text: string, width: number): string;
}

/** Printable ASCII takes one cell a character: string-width's own first rule. */
const ASCII_MEASURE: TextMeasure = { width: (text) => text.length, cut: (text, width) => text.slice(0, width) };

/** One tab-separated row for a pipe (cells already escaped). */
export function plainRow(cells: readonly TerminalText[]): TerminalText {
  return terminalText(`${cells.join('\t')}\n`);
}

/** The layout of a list whose rows are all known: widths fitted to the widest cells. */
export async function tableForRows(columns: readonly TableColumn[], rows: readonly (readonly string[])[], terminal: TerminalOptions): Promise<TerminalTable> {
  const headers = headersOf(columns);
  const measure = await measureFor([headers, ...rows]);
  const natural = columns.map((_, i) => {
    let width = measure.width(headers[i]!);
    for (const row of rows) width = Math.max(width, measure.width(row[i] ?? ''));
    return width;
  });
  return tableOf(columns, headers, natural, measure, terminal);
}

/** The layout of an endless stream, fixed before its first row: the columns' declared widths. */
export async function tableForStream(columns: readonly TableColumn[], terminal: TerminalOptions): Promise<TerminalTable> {
  const headers = headersOf(columns);
  const measure = await measureFor(undefined);
  const natural = columns.map((c, i) => Math.max(measure.width(headers[i]!), c.width ?? DEFAULT_STREAM_COLUMN_WIDTH));
  return tableOf(columns, headers, natural, measure, terminal);
}

/** Headers are escaped like cells: a record without a view shows the service's own keys. */
function headersOf(columns: readonly TableColumn[]): TerminalText[] {
  return columns.map((c) => escapeInline(c.header));
}

async function tableOf(columns: readonly TableColumn[], headers: readonly TerminalText[], natural: number[], measure: TextMeasure, terminal: TerminalOptions): Promise<TerminalTable> {
  const budget = terminal.columns || DEFAULT_TERMINAL_COLUMNS;
  const widths = fitColumns(
    columns.map((c, i) => ({ natural: natural[i]!, fit: c.fit })),
    budget,
    { drop: terminal.drop },
  );
  let bold = (text: string) => text;
  if (terminal.colorLevel > 0) {
    const { Chalk } = await import('chalk');
    bold = new Chalk({ level: terminal.colorLevel as 1 | 2 | 3 }).bold;
  }
  return {
    widths,
    header: layoutRow(headers, widths, measure, bold),
    row: (cells) => layoutRow(cells, widths, measure),
  };
}

/**
 * The one row layout: each shown cell cut to its column's width with '…' or padded to it,
 * columns two spaces apart, no trailing blanks. `style` decorates a cell's text after it
 * was measured (the header's bold).
 */
export function layoutRow(cells: readonly TerminalText[], widths: ReadonlyArray<number | null>, measure: TextMeasure, style?: (text: string) => string): TerminalText {
  let line = '';
  let padding = -1;
  widths.forEach((width, i) => {
    if (width === null) return;
    let text = cells[i] ?? '';
    let used = measure.width(text);
    if (used > width) {
      text = `${measure.cut(text, width - 1)}…`;
      used = measure.width(text);
    }
    if (padding >= 0) line += ' '.repeat(padding + COLUMN_GAP);
    line += style ? style(text) : text;
    padding = Math.max(0, width - used);
  });
  // Cells left empty at the end of a row would leave padding behind.
  return terminalText(line.trimEnd());
}

/**
 * string-width is loaded only when some text needs it (a stream's text is not known, so a
 * stream always loads it): its Unicode data and segmenter are costly to load, and so is
 * measuring text beyond ASCII (BENCHMARKS.md), which a list therefore measures once per
 * distinct text: its phases, projects and names repeat from row to row.
 */
async function measureFor(rows: readonly (readonly string[])[] | undefined): Promise<TextMeasure> {
  if (rows && rows.every((row) => row.every((cell) => PRINTABLE_ASCII.test(cell)))) return ASCII_MEASURE;
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
