// Records written to a file as NDJSON by the one output writer, in the same form as
// `-o ndjson` on stdout (the same encoding, one record per line, backpressure respected).
import type { Writable } from 'node:stream';
import type { IO } from '../io/io.js';
import { OutputWriter } from './writer.js';
import type { View } from './view.js';

/** Any record, every field: a file holds what the service sent. */
export const WHOLE_RECORD_VIEW: View<unknown> = { fields: [], columns: [] };

export function ndjsonFileWriter(io: IO, file: Writable): OutputWriter {
  return new OutputWriter(io.writingTo(file), 'ndjson', undefined);
}
