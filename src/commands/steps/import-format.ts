// Which kind of file an import reads: --format, else the file's extension. Apart from the
// parser because the command declaration (on the start-up path) names the formats.
import { extname } from 'node:path';
import { UsageError } from '../../errors.js';

export const IMPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const EXTENSIONS: Record<string, ImportFormat> = { '.csv': 'csv', '.ndjson': 'ndjson', '.jsonl': 'ndjson' };

export function importFormat(file: string, flag: ImportFormat | undefined): ImportFormat {
  if (flag !== undefined) return flag;
  const format = EXTENSIONS[extname(file).toLowerCase()];
  if (format) return format;
  const what =
    file === '-'
      ? 'standard input has no file extension'
      : `${JSON.stringify(file)} does not end in .csv, .ndjson or .jsonl`;
  throw new UsageError(`${what}: pass --format csv or --format ndjson`);
}
