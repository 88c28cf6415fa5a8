// Tables as the writer prints them: a list's rows (buffered on a terminal so that widths
// hold for every row, streamed to a pipe), a single record's key/value block, and the row
// renderer of an endless stream. The layout itself is table.ts's; what is shown, the views'.
import type { IO } from '../io/io.js';
import { getPath } from './fields.js';
import type { FormatTarget } from './format.js';
import type { Pager } from './pager.js';
import { escapeInline, terminalText, type TerminalText } from '../io/sanitize.js';
import {
  DEFAULT_TERMINAL_COLUMNS,
  plainRow,
  type TableCell,
  type TableColumn,
  type TerminalOptions,
  type TerminalTable,
} from './table.js';
import { cellText, referenceOf, type Column } from './view.js';

export interface TableTarget {
  io: IO;
  /** Where long tables go on a terminal; undefined when paging is off. */
  pager: Pager | undefined;
  /** Columns the user named with --fields are never dropped to fit; a view's may be. */
  userColumns: boolean;
  /** Everything for stdout, already escaped: clears the status line first. */
  write(text: TerminalText): Promise<void>;
}

/** Where a table format's output goes. */
export function tableTarget(out: FormatTarget): TableTarget {
  return { io: out.io, pager: out.pager, userColumns: out.fields !== undefined, write: (text) => out.io.out(text) };
}

/** The columns a table shows: those --fields names, else the view's; undefined when neither names any. */
export function tableColumns<T>(
  columns: readonly Column<T>[],
  fields: readonly string[] | undefined,
): Column<T>[] | undefined {
  if (fields) return fields.map((f) => ({ header: f.toUpperCase(), value: (r: T) => getPath(r, f) }));
  return columns.length > 0 ? [...columns] : undefined;
}

/** A list's rows: tab-separated to a pipe as they come; on a terminal, laid out once all are known. */
export async function writeTableRows<T>(
  target: TableTarget,
  records: AsyncIterable<T> | Iterable<T>,
  columns: readonly Column<T>[] | undefined,
  seen: (record: T) => void,
): Promise<number> {
  let count = 0;
  let cols: readonly Column<T>[] | undefined;
  const rows: TableCell[][] = [];
  for await (const record of records) {
    cols ??= columns ?? keyColumns<T>(record);
    const cells = cellsOf(cols, record);
    if (target.io.stdoutIsTTY) rows.push(cells);
    else await target.write(plainRow(cells));
    seen(record);
    count++;
  }
  if (cols && rows.length > 0) await terminalTable(target, cols, rows);
  return count;
}

/** A single record as `key: value` lines, bold keys on a terminal. */
export async function writeDetail<T>(target: TableTarget, record: T, rows: readonly Column<T>[]): Promise<void> {
  if (target.io.stdoutIsTTY) {
    const width = Math.max(...rows.map((r) => r.header.length));
    const { Chalk } = await import('chalk');
    const chalk = new Chalk({ level: target.io.stdoutColor as 0 | 1 | 2 | 3 });
    // An empty value is a dash for people (`due: —`); a pipe gets nothing after the tab.
    const lines = rows.map(
      (r) =>
        `${chalk.bold(`${escapeInline(r.header.toLowerCase())}:`.padEnd(width + 2))}${escapeInline(cellText(r.value(record)) || '—')}`,
    );
    await target.write(terminalText(`${lines.join('\n')}\n`));
  } else {
    const lines = rows.map(
      (r) => `${escapeInline(r.header.toLowerCase())}:\t${escapeInline(cellText(r.value(record)))}`,
    );
    await target.write(terminalText(`${lines.join('\n')}\n`));
  }
}

/**
 * The rows of a stream, one at a time: widths fixed in advance from the columns and the
 * `expected` records (known before the first row), the header before the first row.
 */
export async function streamTableRenderer<T>(
  target: TableTarget,
  columns: readonly Column<T>[],
  expected: readonly T[] = [],
): Promise<(record: T) => TerminalText> {
  if (!target.io.stdoutIsTTY) return (record) => plainRow(cellsOf(columns, record));
  const { tableForStream } = await import('./table.js');
  const table = await tableForStream(
    columns.map(tableColumn),
    terminalOptions(target),
    expected.map((record) => cellsOf(columns, record)),
  );
  sayDropped(target, table);
  let header = `${table.header}\n`;
  return (record) => {
    const line = terminalText(`${header}${table.row(cellsOf(columns, record))}\n`);
    header = '';
    return line;
  };
}

/** A record's cells, escaped: a reference keeps its id when cut, a 'path' column its file name. */
function cellsOf<T>(columns: readonly Column<T>[], record: T): TableCell[] {
  return columns.map((column) => {
    const value = column.value(record);
    const ref = referenceOf(value);
    if (ref) return { text: escapeInline(ref.title), end: escapeInline(ref.id) };
    const text = escapeInline(cellText(value));
    const slash = column.fit === 'path' ? text.lastIndexOf('/') : -1;
    return slash > 0 ? { text: terminalText(text.slice(0, slash)), end: terminalText(text.slice(slash)) } : text;
  });
}

/**
 * A table that left columns out to fit the terminal says which (once, on stderr, to a person
 * at a terminal): a column that is not there cannot be missed, and --fields brings it back.
 */
function sayDropped(target: TableTarget, table: TerminalTable): void {
  if (table.dropped.length === 0 || !target.io.stderrIsTTY) return;
  const columns = target.io.stdoutColumns || DEFAULT_TERMINAL_COLUMNS;
  const names = table.dropped.map((header) => header.toLowerCase()).join(', ');
  target.io.notice(`(hidden at ${columns} columns: ${names}; widen the terminal or use --fields)`);
}

/** Columns of records that come with no view: their own keys. */
export function keyColumns<T>(record: T): Column<T>[] {
  if (record === null || typeof record !== 'object') return [{ header: 'VALUE', value: (r) => r }];
  return Object.keys(record).map((key) => ({
    header: key.toUpperCase(),
    value: (r: T) => (r as Record<string, unknown>)[key],
  }));
}

/** A list's table on a terminal, through the pager when it is longer than the screen. */
async function terminalTable<T>(
  target: TableTarget,
  columns: readonly Column<T>[],
  rows: readonly TableCell[][],
): Promise<void> {
  const { tableForRows } = await import('./table.js');
  const table = await tableForRows(columns.map(tableColumn), rows, terminalOptions(target));
  let text = `${table.header}\n`;
  for (const cells of rows) text += `${table.row(cells)}\n`;
  // A table as tall as the screen would scroll its header away under the next prompt.
  const screenRows = target.io.stdoutRows;
  if (target.pager && screenRows && lineCount(text) >= screenRows) {
    const { showInPager } = await import('./pager.js');
    target.io.clearStatus();
    if (await showInPager(target.pager, terminalText(text))) return sayDropped(target, table);
  }
  await target.write(terminalText(text));
  sayDropped(target, table);
}

/** Lines of text ending in '\n': a row whose message wraps takes several. */
function lineCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function terminalOptions(target: TableTarget): TerminalOptions {
  return { columns: target.io.stdoutColumns, colorLevel: target.io.stdoutColor, drop: !target.userColumns };
}

function tableColumn<T>(column: Column<T>): TableColumn {
  return { header: column.header, fit: column.fit ?? 'whole', optional: column.optional, width: column.width };
}
