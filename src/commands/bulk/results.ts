// One result per item of a bulk verb, as the contract shapes it, and how a table shows it.
import type { View } from '../../output/view.js';

export type BulkResult<T> =
  | { id: string | number; ok: true; data: T | null }
  | { id: string | number; ok: false; status: number | null; error: string };

export const NOT_ATTEMPTED = 'not attempted: interrupted';

export const BULK_RESULT_VIEW: View<BulkResult<unknown>> = {
  fields: ['id', 'ok', 'data', 'status', 'error'],
  columns: [
    { header: 'ID', value: (r) => r.id },
    { header: 'RESULT', value: (r) => (r.ok ? 'ok' : 'failed') },
    { header: 'DETAIL', value: (r) => (r.ok ? detailOf(r.data) : `${r.status ?? ''} ${r.error}`.trim()) },
  ],
};

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
