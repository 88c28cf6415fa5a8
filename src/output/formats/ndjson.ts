// -o ndjson: one compact JSON value a line — each record of a list or a stream as it
// arrives, a record or a value on a line of its own. --jq filters each record as it streams.
import { dryRunRecord, type Format } from '../format.js';
import { jsonPainter, toJson } from '../json.js';
import { jqTarget, jsonLineRenderer, writeJsonValue } from './json-value.js';

export const ndjson: Format<'ndjson'> = {
  name: 'ndjson',
  forPeople: false,
  tabular: false,
  machineReadable: true,
  streamsResults: true,

  record: (out, record) => writeJsonValue(out, out.select(record)),

  async list(out, records, view) {
    if (out.jq) return (await import('../jq-output.js')).jqEach(jqTarget(out, view), records, out.jq);
    const paint = await jsonPainter(out.io);
    let count = 0;
    for await (const record of records) {
      await out.io.out(paint(`${toJson(out.select(record))}\n`));
      out.seen(record, view);
      count++;
    }
    return count;
  },

  streamRenderer: (out) => jsonLineRenderer(out),

  value: (out, value) => writeJsonValue(out, value),

  dryRun: (out, request) => writeJsonValue(out, dryRunRecord(request)),
};
