// -o csv: RFC 4180. A header row of column names, then one row per record; a field holding
// a comma, a double quote, CR or LF is quoted, with its quotes doubled; rows end in CRLF.
// Cells as the contract says: a string as is, a number or boolean as JSON, null empty, a
// list of {id, name} or {id, title} objects as the names/titles joined by "; ".
//
// A spreadsheet opening the file runs a cell that starts with =, +, -, @, tab or CR as a
// formula (`=HYPERLINK(...)` in a task's title is a link that can send data away): such a
// cell gets a leading ' (OWASP's advice), which spreadsheets read as "this is text", unless
// --csv-raw asks for the exact values.
import { getPath } from './fields.js';
import type { Column, View } from './view.js';

export interface CsvColumn<T> {
  name: string;
  value: (record: T) => unknown;
}

/** Columns for --fields paths, else the view's table columns that present a field; undefined when neither names any. */
export function csvColumns<T>(view: View<T>, fields: readonly string[] | undefined): CsvColumn<T>[] | undefined {
  const paths = fields ?? view.columns.map((c: Column<T>) => c.field).filter((f): f is string => f !== undefined);
  if (paths.length === 0) return undefined;
  return paths.map((path) => ({ name: path, value: (record: T) => getPath(record, path) }));
}

/** Columns for a record of no declared view: its own keys. */
export function keyCsvColumns(record: unknown): CsvColumn<unknown>[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    return [{ name: 'value', value: (r) => r }];
  return Object.keys(record).map((key) => ({ name: key, value: (r) => (r as Record<string, unknown>)[key] }));
}

/**
 * A cell a spreadsheet would run as a formula. A run of ' before such a character counts
 * too, so that `'=x` becomes `''=x` and reading one ' back off (steps import) gives every
 * value back exactly.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * The text of one cell; with `raw` false, a cell that would start a formula gets a leading
 * '. A JSON number is left as it is: -3 is a number to a spreadsheet too, never a formula,
 * and quoting it would turn every negative amount into text. A string "-3" (or "-2+3") is
 * the service's text, and is quoted like any other.
 */
export function csvCell(value: unknown, raw = false): string {
  const text = cellText(value);
  return raw || typeof value === 'number' || !FORMULA_START.test(text) ? text : `'${text}`;
}

/** A cell as steps import reads it back: the one ' that csvCell added taken off again. */
export function unquoteFormula(text: string): string {
  return FORMULA_START.test(text) && text.startsWith("'") ? text.slice(1) : text;
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.every(isNamed))
      return value.map((item) => (typeof item.name === 'string' ? item.name : item.title)).join('; ');
    if (value.every((item) => item === null || typeof item !== 'object')) return value.map(cellText).join('; ');
  }
  return JSON.stringify(value);
}

function isNamed(item: unknown): item is { name?: unknown; title?: unknown } {
  if (item === null || typeof item !== 'object') return false;
  const o = item as { name?: unknown; title?: unknown };
  return typeof o.name === 'string' || typeof o.title === 'string';
}

/** One row, CRLF-terminated; `prepare` turns each cell's text into what is written (the terminal sanitiser, or nothing). */
export function csvRow(cells: readonly string[], prepare: (text: string) => string = (t) => t): string {
  return `${cells.map((cell) => quote(prepare(cell))).join(',')}\r\n`;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
