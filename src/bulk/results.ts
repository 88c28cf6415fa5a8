// One result per item of a bulk verb, as the contract shapes it, and how a table shows it.
import { validPaths } from '../output/fields.js';
import type { View } from '../output/view.js';

/**
 * What names an item in its result: its id (a task id, a document uuid, a file name; null for
 * an import row that created nothing), and for items read from a file, the line it starts on.
 */
export interface BulkKey {
  line?: number;
  /** The kind of record the id names, when one run handles several (restore). */
  kind?: string;
  id: string | number | null;
  /** More about the item's outcome, shown right after `ok` (restore's action and new id). */
  more?: Readonly<Record<string, unknown>>;
}

/** What names a result: the key's fields, `more` spread among them. */
type ResultKey = Omit<BulkKey, 'more'> & { readonly [field: string]: unknown };

export type BulkResult<T> =
  | (ResultKey & { ok: true; data: T | null })
  | (ResultKey & { ok: false; status: number | null; error: string });

export const NOT_ATTEMPTED = 'not attempted: interrupted';

export const BULK_RESULT_VIEW: View<BulkResult<unknown>> = {
  fields: ['line', 'id', 'ok', 'note', 'data', 'status', 'error'],
  // Deletes answer no record: data is null.
  nested: { data: [] },
  columns: [
    { header: 'ID', field: 'id', value: (r) => r.id, fit: 'whole' },
    { header: 'RESULT', field: 'ok', value: (r) => (r.ok ? 'ok' : 'failed'), fit: 'whole', width: 6 },
    // A failure's message is read whole: wrapped within its column, never cut. Wrapped rather
    // than printed in full under the table (as gh does): results stream as items finish, so a
    // failure shows next to its id while a long batch is still running, and nothing is
    // printed twice.
    {
      header: 'DETAIL',
      field: 'error',
      value: (r) => (r.ok ? [detailOf(r.data), r.note].filter(Boolean).join(' — ') : failureDetail(r)),
      fit: 'wrap',
    },
  ],
};

/** The results of a bulk verb whose items answer records shown by `view`: --fields data.title reaches into them. */
export function bulkResultView<T>(view: View<T>): View<BulkResult<T>> {
  return { ...(BULK_RESULT_VIEW as View<BulkResult<T>>), nested: { data: validPaths(view.fields, view.nested) } };
}

export function detailOf(data: unknown): string {
  if (data && typeof data === 'object' && 'title' in data) return String((data as { title: unknown }).title);
  return '';
}

/** A failure's status and message, the status once: most messages name it already (`… 404 Not Found: …`). */
export function failureDetail(result: { status: number | null; error: string }): string {
  const { status, error } = result;
  if (status === null || new RegExp(`(^|\\D)${status}(\\D|$)`).test(error)) return error;
  return `${status} ${error}`;
}

/** `line` first, when there is one: results read like the file they came from. */
function keyed(key: BulkKey): Omit<BulkKey, 'more'> {
  return {
    ...(key.line === undefined ? {} : { line: key.line }),
    ...(key.kind === undefined ? {} : { kind: key.kind }),
    id: key.id,
  };
}

export function successResult<T>(key: BulkKey, data: T | undefined): BulkResult<T> {
  return { ...keyed(key), ok: true, ...key.more, data: data ?? null };
}

export function failureResult(key: BulkKey, error: unknown): BulkResult<never> {
  const e = error as { status?: number | null; message?: string };
  return { ...keyed(key), ok: false, ...key.more, status: e.status ?? null, error: e.message ?? String(error) };
}

/**
 * `20 reopened, 0 failed, 206 not attempted (interrupted)`; `2 completed, 1 already completed,
 * 0 failed` when `unchanged` says how items left as they were are named.
 */
export function summaryLine(
  done: string,
  counts: { ok: number; failed: number; notAttempted: number; unchanged?: { count: number; said: string } },
  interrupted: boolean,
): string {
  const unchanged = counts.unchanged && counts.unchanged.count > 0 ? counts.unchanged : undefined;
  const ok = `${counts.ok - (unchanged?.count ?? 0)} ${done}${unchanged ? `, ${unchanged.count} ${unchanged.said}` : ''}`;
  const notAttempted = counts.notAttempted > 0 ? `, ${counts.notAttempted} not attempted` : '';
  return `${ok}, ${counts.failed} failed${notAttempted}${interrupted ? ' (interrupted)' : ''}`;
}

/**
 * A result standing for an item before it has run: its key (id, file name, line) is all it
 * holds. A table streamed as results land sizes its key columns by these, so that no id is
 * cut; what is not known yet (a created task's id, the outcome) the view's widths cover.
 */
export function pendingResult(key: BulkKey): BulkResult<never> {
  return { ...keyed(key), ...key.more, ok: false, status: null, error: '' };
}
