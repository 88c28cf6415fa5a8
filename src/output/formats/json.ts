// -o json: a record or a value as one indented JSON document; a list as one array, written
// record by record as it arrives; an endless stream one compact object a line. --jq filters
// the whole result at once (a list is one array).
import { dryRunRecord, type Format } from '../format.js';
import { jsonPainter, writeJsonArray } from '../json.js';
import { jqTarget, jsonLineRenderer, writeJsonValue } from './json-value.js';

export const json: Format<'json'> = {
  name: 'json',
  forPeople: false,
  tabular: false,
  machineReadable: true,
  // Results are one array, in input order: it is printed once every item has finished.
  streamsResults: false,

  record: (out, record) => writeJsonValue(out, out.select(record), 2),

  async list(out, records, view) {
    if (out.jq) return (await import('../jq-output.js')).jqWhole(jqTarget(out, view), records, out.jq);
    const paint = await jsonPainter(out.io);
    return writeJsonArray(
      records,
      (text) => out.io.out(paint(text)),
      (record) => out.select(record),
      (record) => out.seen(record, view),
    );
  },

  streamRenderer: (out) => jsonLineRenderer(out),

  value: (out, value) => writeJsonValue(out, value, 2),

  // One request after another, each readable on its own: one JSON line each.
  dryRun: (out, request) => writeJsonValue(out, dryRunRecord(request)),
};
