// Per-file results of `docs pull` and `docs push`, shaped as bulk results (`id` is the
// file name) and shown in a table as FILE, RESULT, DETAIL.
import type { View } from '../../output/view.js';
import { failureDetail, type BulkResult } from '../../bulk/results.js';

export interface FileOutcome {
  /** pull: created, updated, unchanged; push: created, updated, skipped. */
  action: string;
  uuid: string | null;
  title: string;
  updated_at: string | null;
  /** push: the fields an update sent. */
  changed?: string[];
  /** Why nothing was sent or written. */
  reason?: string;
}

export const FILE_RESULT_VIEW: View<BulkResult<FileOutcome>> = {
  fields: ['id', 'ok', 'data', 'status', 'error'],
  columns: [
    // The file names are the ids of this table: whole. A stream (push) sizes them from the files.
    { header: 'FILE', value: (r) => r.id, fit: 'whole' },
    // Wide enough for every action word: `unchanged`.
    { header: 'RESULT', value: (r) => (r.ok ? (r.data?.action ?? 'ok') : 'failed'), fit: 'whole', width: 9 },
    // A conflict's reason is read whole: wrapped, never cut.
    { header: 'DETAIL', value: (r) => (r.ok ? detail(r.data) : failureDetail(r)), fit: 'wrap' },
  ],
};

function detail(outcome: FileOutcome | null): string {
  if (!outcome) return '';
  if (outcome.changed) return `${outcome.title} (${outcome.changed.join(', ')})`;
  if (outcome.reason) return `${outcome.title} (${outcome.reason})`;
  return outcome.title;
}
