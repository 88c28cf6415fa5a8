// How a kind of record is shown: the fields --fields accepts and the default table columns.
// Commands declare views; only the output layer renders them.
import type { IdKind } from '../id-kinds.js';
import type { NestedFields } from './fields.js';

/**
 * How a column gives way when a table is wider than the terminal: 'whole' columns (ids,
 * UUIDs, URLs, dates, statuses) are never cut; 'shrink' columns (titles, names) are cut at
 * the end with '…' (a reference keeps its id: `Discov… (41)`); 'path' columns are cut in
 * the middle, keeping the file name (`file /home/…/config.json`); 'wrap' columns (a
 * message, a failure's reason) are never cut nor dropped: their text goes on over as many
 * lines as it needs. See column-fit.ts for the order in which columns give way.
 */
export type Fit = 'whole' | 'shrink' | 'path' | 'wrap';

export interface Column<T> {
  header: string;
  value: (record: T) => unknown;
  /**
   * The record field this column presents, as a --fields path (`phase.title`). -o csv
   * prints that field's value under this name; columns without one are left out of csv.
   */
  field?: string;
  /** How the column fits a terminal; 'whole' when not declared. */
  fit?: Fit;
  /** A detail few need: on a terminal too narrow for every column whole, dropped before any other gives way. */
  optional?: boolean;
  /**
   * The width a stream (`webhooks listen`, a bulk verb's results) reserves for the column,
   * since its rows are not known in advance; lists measure their rows instead.
   */
  width?: number;
}

export interface View<T> {
  /** Top-level field names --fields accepts (dotted paths start with one of these). */
  fields: readonly string[];
  /** Fields inside the object (or list-of-objects) fields, which dotted paths may name. */
  nested?: NestedFields;
  /**
   * Top-level fields that hold a list (a task's `tags`, `assignees`): a path through one
   * names several values, so --sort cannot order records by it.
   */
  lists?: readonly string[];
  /** Columns of a list in table mode. */
  columns: readonly Column<T>[];
  /** Rows of a single record in table mode (defaults to the columns). */
  detail?: readonly Column<T>[];
  /** Records printed in any format are remembered for shell completion of their ids. */
  cache?: {
    kind: IdKind;
    id: (record: T) => string | number;
    title: (record: T) => string;
    /**
     * Ids of records kept on this machine (the webhook delivery inbox), not a service's: they
     * are remembered per profile, whichever service is configured, even by a verb that
     * connects to none.
     */
    local?: boolean;
  };
}

/**
 * Text of a value in a table cell: a company, project, client or phase reference shows its
 * title and its id (the id is what flags such as --project take), other objects (people,
 * tags) their name; lists are joined.
 */
export function cellText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map(cellText)
      .filter((s) => s !== '')
      .join(', ');
  if (typeof value === 'object') {
    const ref = referenceOf(value);
    if (ref) return `${ref.title}${ref.id}`;
    const o = value as Record<string, unknown>;
    if (typeof o.title === 'string') return o.title;
    if (typeof o.name === 'string') return o.name;
    return JSON.stringify(value);
  }
  return String(value);
}

/** A reference to another record (`{id, title}`: a project, a phase) as a cell shows it: its title, then ` (<id>)`. */
export function referenceOf(value: unknown): { title: string; id: string } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  return typeof o.title === 'string' && o.id !== undefined ? { title: o.title, id: ` (${cellText(o.id)})` } : undefined;
}

/**
 * A timestamp as every table shows it: local time to the minute (to the second where records
 * come seconds apart: deliveries), with the zone's offset from UTC, and the date before it
 * unless it is today: `09:43 +01:00`, `2026-11-24 09:43 +01:00` (json, yaml and ndjson keep
 * the API's text). Anything that is not an ISO 8601 timestamp is shown as it is.
 */
export function shortDate(value: unknown, options: { seconds?: boolean; now?: Date } = {}): string {
  if (typeof value !== 'string' || value === '') return '';
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) return value;
  const date = new Date(ms);
  const day = localDay(date);
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}${options.seconds ? `:${pad(date.getSeconds())}` : ''}`;
  const time = `${clock} ${zoneOffset(date)}`;
  return day === localDay(options.now ?? new Date()) ? time : `${day} ${time}`;
}

/** The local calendar day of a moment, YYYY-MM-DD. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local zone's offset from UTC at that moment, `+01:00`. */
export function zoneOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * A due date: the calendar day the API's midnight timestamp stands for (dates are given as
 * YYYY-MM-DD), never shifted into another zone.
 */
export function calendarDay(value: unknown): string {
  const m = typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value) : null;
  return m ? m[0] : '';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A count with its thousands grouped, `10,000`. Not toLocaleString: the first use of Intl
 * costs 10-30 ms, and this runs while commands are declared, on every start.
 */
export function groupedCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
