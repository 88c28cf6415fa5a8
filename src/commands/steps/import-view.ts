// How `steps import` results look in a table: the file's line first, then the task it made.
import type { Step } from '../../api/types.js';
import type { View } from '../../output/view.js';
import { detailOf, failureDetail, type BulkResult } from '../../bulk/results.js';

export const IMPORT_RESULT_VIEW: View<BulkResult<Step>> = {
  fields: ['line', 'id', 'ok', 'data', 'status', 'error'],
  columns: [
    { header: 'LINE', value: (r) => r.line, fit: 'whole' },
    // The id of a task not created yet, so not known when the table starts: room for ten digits.
    { header: 'ID', value: (r) => r.id, fit: 'whole', width: 10 },
    { header: 'RESULT', value: (r) => (r.ok ? 'created' : 'failed'), fit: 'whole', width: 7 },
    // A row's failure is read whole: wrapped, never cut.
    { header: 'DETAIL', value: (r) => (r.ok ? detailOf(r.data) : failureDetail(r)), fit: 'wrap' },
  ],
};
