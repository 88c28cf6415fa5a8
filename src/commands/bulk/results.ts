// One result per item of a bulk verb, as the contract shapes it, and how a table shows it.
import { validPaths } from '../../output/fields.js';
import type { View } from '../../output/view.js';

export type BulkResult<T> =
  | { id: string | number; ok: true; data: T | null }
  | { id: string | number; ok: false; status: number | null; error: string };

export const NOT_ATTEMPTED = 'not attempted: interrupted';

export const BULK_RESULT_VIEW: View<BulkResult<unknown>> = {
  fields: ['id', 'ok', 'data', 'status', 'error'],
  // Deletes answer no record: data is null.
  nested: { data: [] },
  columns: [
    { header: 'ID', field: 'id', value: (r) => r.id },
    { header: 'RESULT', field: 'ok', value: (r) => (r.ok ? 'ok' : 'failed') },
    { header: 'DETAIL', field: 'error', value: (r) => (r.ok ? detailOf(r.data) : `${r.status ?? ''} ${r.error}`.trim()) },
  ],
};

/** The results of a bulk verb whose items answer records shown by `view`: --fields data.title reaches into them. */
export function bulkResultView<T>(view: View<T>): View<BulkResult<T>> {
  return { ...(BULK_RESULT_VIEW as View<BulkResult<T>>), nested: { data: validPaths(view.fields, view.nested) } };
}

function detailOf(data: unknown): string {
  if (data && typeof data === 'object' && 'title' in data) return String((data as { title: unknown }).title);
  return '';
}

export function failureResult(id: string | number, error: unknown): BulkResult<never> {
  const e = error as { status?: number | null; message?: string };
  return { id, ok: false, status: e.status ?? null, error: e.message ?? String(error) };
}

/** `20 reopened, 0 failed, 206 not attempted (interrupted)` */
export function summaryLine(done: string, counts: { ok: number; failed: number; notAttempted: number }, interrupted: boolean): string {
  const notAttempted = counts.notAttempted > 0 ? `, ${counts.notAttempted} not attempted` : '';
  return `${counts.ok} ${done}, ${counts.failed} failed${notAttempted}${interrupted ? ' (interrupted)' : ''}`;
}
