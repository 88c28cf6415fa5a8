// -o table: for people. On a terminal, aligned columns fitted to its width (a list laid out
// once all its rows are known, through the pager when long); into a pipe, tab-separated
// rows. A record is a `key: value` block; a dry-run request its method, path and body. The
// table code (and chalk, string-width) loads only here.
import type { Format } from '../format.js';
import { toJson } from '../json.js';
import { writeJsonValue } from './json-value.js';

const tables = () => import('../table-output.js');

export const table: Format<'table'> = {
  name: 'table',
  forPeople: true,
  tabular: true,
  machineReadable: false,
  // Each result as it lands: a person watches a long batch go by.
  streamsResults: true,

  async record(out, record, view) {
    const { keyColumns, tableColumns, tableTarget, writeDetail } = await tables();
    await writeDetail(
      tableTarget(out),
      record,
      tableColumns(view.detail ?? view.columns, out.fields) ?? keyColumns(record),
    );
  },

  async list(out, records, view) {
    const { tableColumns, tableTarget, writeTableRows } = await tables();
    return writeTableRows(tableTarget(out), records, tableColumns(view.columns, out.fields), (record) =>
      out.seen(record, view),
    );
  },

  async streamRenderer(out, view, expected) {
    const { tableColumns, tableTarget, streamTableRenderer } = await tables();
    return streamTableRenderer(
      tableTarget(out),
      tableColumns(view.columns, out.fields) ?? [{ header: 'VALUE', value: (record) => record }],
      expected,
    );
  },

  // A value with no table of its own: indented JSON.
  value: (out, value) => writeJsonValue(out, value, 2),

  async dryRun(out, request) {
    const body = request.body === undefined ? '' : `\n${toJson(request.body, 2)}`;
    await out.write(`${request.method} ${request.path}${body}\n`);
  },
};
