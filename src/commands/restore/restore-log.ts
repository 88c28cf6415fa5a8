// The --results file of `restore` (src/bulk/create-log.ts): each record names the exported
// record by its kind and its id in the export (a document by its uuid), and the record its
// create made by `new_id`:
//
//   {"kind": "steps", "old_id": 105, "sent_at": "2026-…Z"}
//   {"kind": "steps", "old_id": 105, "new_id": 131, "pending": ["tags"]}
//   {"kind": "steps", "old_id": 105, "new_id": 131}
//   {"kind": "documents", "old_id": "5eed…0081", "new_id": "0b6e…"}
import { CreateLog, type CreateLogFormat } from '../../bulk/create-log.js';
import { EXPORT_PARTS, type ExportPart } from '../export/manifest.js';

export interface RestoreKey {
  kind: ExportPart;
  oldId: number | string;
}

const isId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) ||
  (typeof value === 'string' && value !== '');

export const RESTORE_LOG_FORMAT: CreateLogFormat<RestoreKey> = {
  keyFields: ({ kind, oldId }) => ({ kind, old_id: oldId }),
  keyOf: (record) =>
    (EXPORT_PARTS as readonly unknown[]).includes(record.kind) && isId(record.old_id)
      ? { kind: record.kind as ExportPart, oldId: record.old_id }
      : undefined,
  idField: 'new_id',
  isId,
  example: '{"kind": "steps", "old_id": n, "new_id": …}',
};

export type RestoreLog = CreateLog<RestoreKey>;

export function readRestoreLog(path: string): RestoreLog {
  return CreateLog.read(path, RESTORE_LOG_FORMAT);
}
