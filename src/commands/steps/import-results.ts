// The --results file of `steps import` (src/bulk/create-log.ts): each record names its row by
// the line the row starts on, and the task it created by `id`:
//
//   {"line": 4, "sent_at": "2026-…Z"}   a create for line 4 is being sent
//   {"line": 4, "id": 412}              it created task 412 (the contract's record)
//   {"line": 5, "id": null}             it was refused: nothing was created
import { CreateLog, type CreateLogFormat } from '../../bulk/create-log.js';

export const IMPORT_LOG_FORMAT: CreateLogFormat<number> = {
  keyFields: (line) => ({ line }),
  keyOf: (record) => (Number.isSafeInteger(record.line) && (record.line as number) >= 1 ? (record.line as number) : undefined),
  idField: 'id',
  isId: (value): value is number => typeof value === 'number' && Number.isSafeInteger(value),
  example: '{"line": n, "id": …}',
};

export type ImportLog = CreateLog<number>;

export function readImportLog(path: string): ImportLog {
  return CreateLog.read(path, IMPORT_LOG_FORMAT);
}
