// Records written to a file as NDJSON by the one output writer, in the same form as
// `-o ndjson` on stdout (the same encoding, one record per line, backpressure respected).
import type { Writable } from 'node:stream';
import { IO } from '../io.js';
import { OutputWriter } from '../output/writer.js';
import type { View } from '../output/view.js';

/** Any record, every field: a file holds what the service sent. */
export const WHOLE_RECORD_VIEW: View<unknown> = { fields: [], columns: [] };

export function ndjsonFileWriter(file: Writable): OutputWriter {
  const io = new IO(
    {
      get stdin(): never {
        throw new Error('a file writer reads no input');
      },
      stdout: file,
      stderr: file,
    },
    { stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0, quiet: true },
  );
  return new OutputWriter(io, 'ndjson', undefined);
}
