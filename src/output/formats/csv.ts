// -o csv (RFC 4180): a header row of column names, then one row per record, written as they
// arrive; a record is a one-row table, a bare value too (a list of values, one row each).
// On a terminal each cell goes through the sanitiser first, and the quotes, commas and CRLF
// around them are CSV's own; in a pipe the cells are the exact values. Either way a cell a
// spreadsheet would run as a formula gets a leading ' unless --csv-raw (../csv.ts). The
// encoder loads only here.
import { dryRunRecord, type Format, type FormatTarget } from '../format.js';
import type { CsvColumn } from '../csv.js';
import { toJson } from '../json.js';
import { escapeBlock, terminalText, type TerminalText } from '../../io/sanitize.js';
import type { View } from '../view.js';

/** A view with no columns: a bare value's own keys make them. */
const NO_VIEW: View<unknown> = { fields: [], columns: [] };

export const csv: Format<'csv'> = {
  name: 'csv',
  forPeople: false,
  tabular: true,
  machineReadable: false,
  streamsResults: true,

  async record(out, record, view) {
    await writeRows(out, [record], view);
  },

  list: (out, records, view) => writeRows(out, records, view),

  async streamRenderer(out, view) {
    const { csvCell, csvColumns } = await import('../csv.js');
    const row = await rowWriter(out);
    const columns = csvColumns(view, out.fields) ?? [];
    let header: string = row(columns.map((c) => csvCell(c.name, out.csvRaw)));
    return (record) => {
      const line = terminalText(`${header}${row(columns.map((c) => csvCell(c.value(record), out.csvRaw)))}`);
      header = '';
      return line;
    };
  },

  async value(out, value) {
    await writeRows(out, Array.isArray(value) ? value : [value], NO_VIEW);
  },

  // A request is no row of the view's columns: one JSON line, as in ndjson.
  dryRun: (out, request) => out.write(`${toJson(dryRunRecord(request))}\n`),
};

/** Rows as they arrive; the header first (alone for an empty list whose columns are known). */
async function writeRows<T>(
  out: FormatTarget,
  records: AsyncIterable<T> | Iterable<T>,
  view: View<T>,
): Promise<number> {
  const { csvCell, csvColumns, keyCsvColumns } = await import('../csv.js');
  const row = await rowWriter(out);
  let columns = csvColumns(view, out.fields);
  let count = 0;
  for await (const record of records) {
    // A bare value's keys are the service's text: its header is quoted like any cell.
    if (count === 0) {
      columns ??= keyCsvColumns(record) as CsvColumn<T>[];
      await out.io.out(row(columns.map((c) => csvCell(c.name, out.csvRaw))));
    }
    await out.io.out(row(columns!.map((c) => csvCell(c.value(record), out.csvRaw))));
    out.seen(record, view);
    count++;
  }
  if (count === 0 && columns) await out.io.out(row(columns.map((c) => csvCell(c.name, out.csvRaw))));
  return count;
}

/** One CSV row of cells, CRLF-terminated, its cells sanitised on a terminal. */
async function rowWriter(out: FormatTarget): Promise<(cells: readonly string[]) => TerminalText> {
  const { csvRow } = await import('../csv.js');
  const prepare = out.io.stdoutIsTTY ? escapeBlock : undefined;
  return (cells) => terminalText(csvRow(cells, prepare));
}
