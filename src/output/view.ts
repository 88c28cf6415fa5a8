// How a kind of record is shown: the fields --fields accepts and the default table columns.
// Commands declare views; only the output layer renders them.
import type { IdKind } from '../completion/id-cache.js';

/**
 * How a list column gives way when a table is wider than the terminal: 'whole' columns
 * (ids, UUIDs, URLs, dates, statuses) are never cut; 'shrink' columns (titles, names) are
 * cut with '…' to make room. See column-fit.ts for the order in which columns give way.
 */
export type Fit = 'whole' | 'shrink';

export interface Column<T> {
  header: string;
  value: (record: T) => unknown;
  /** How the column fits a terminal in a list table; 'whole' when not declared. */
  fit?: Fit;
  /**
   * The width an endless stream (`webhooks listen`) reserves for the column, since its
   * rows are not known in advance; lists measure their rows instead.
   */
  width?: number;
}

export interface View<T> {
  /** Top-level field names --fields accepts (dotted paths start with one of these). */
  fields: readonly string[];
  /** Columns of a list in table mode. */
  columns: readonly Column<T>[];
  /** Rows of a single record in table mode (defaults to the columns). */
  detail?: readonly Column<T>[];
  /** Records printed in any format are remembered for shell completion of their ids. */
  cache?: {
    kind: IdKind;
    id: (record: T) => string | number;
    title: (record: T) => string;
  };
}

/** Text of a value in a table cell: refs show their title or name, lists are joined. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(cellText).filter((s) => s !== '').join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.title === 'string') return o.title;
    if (typeof o.name === 'string') return o.name;
    return JSON.stringify(value);
  }
  return String(value);
}

/** Timestamps shown as a date (and time when it is not midnight) in tables. */
export function shortDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!m) return value;
  return m[2] === '00:00' ? m[1]! : `${m[1]} ${m[2]}`;
}
