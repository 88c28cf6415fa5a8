// How `steps import` results look in a table: the file's line first, then the task it made.
import type { Step } from '../../api/types.js';
import type { View } from '../../output/view.js';
import { detailOf, failureDetail, type BulkResult } from '../../bulk/results.js';

export const IMPORT_RESULT_VIEW: View<BulkResult<Step>> = {
  fields: ['line', 'id', 'ok', 'data', 'status', 'error'],
  columns: [
    { header: 'LINE', value: (r) => r.line },
    { header: 'ID', value: (r) => r.id },
    { header: 'RESULT', value: (r) => (r.ok ? 'created' : 'failed') },
    { header: 'DETAIL', value: (r) => (r.ok ? detailOf(r.data) : failureDetail(r)) },
  ],
};
