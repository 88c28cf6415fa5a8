// The one writer of command results. Commands hand it records, lists (as async iterables,
// streamed as pages arrive), endless streams (webhooks listen) or plain values plus a View;
// it renders table, json, ndjson, yaml or csv, applies --fields and --jq, pages long tables
// on a terminal and keeps server text from reaching the terminal raw.
import type { PaginateResult } from '../api/pagination.js';
import type { IO } from '../io.js';
import type { CsvColumn } from './csv.js';
import { getPath, selectFields, validateFields } from './fields.js';
import type { OutputFormat } from './formats.js';
import type { JqFilter } from './jq.js';
import type { JqTarget } from './jq-output.js';
import { toJson } from './json.js';
import { escapeBlock, terminalText, type TerminalText } from './sanitize.js';
import type { Pager } from './pager.js';
import type { TableTarget } from './table-output.js';
import type { DryRunRequest, Output, RecordStream } from './output.js';
import type { Column, View } from './view.js';

export interface WriterOptions {
  /** Told about every record printed (shell completion remembers their ids). */
  onRecord?: (record: unknown, view: View<never>) => void;
  /** --jq, compiled; only with the json and ndjson formats. */
  jq?: JqFilter;
  /** Where long tables go on a terminal; undefined when paging is off. */
  pager?: Pager;
}

/** Past this much unwritten output (a stalled pipe), a stream drops records rather than hold them. */
const MAX_PENDING_STREAM_OUTPUT = 16 * 1024 * 1024;

export class OutputWriter implements Output {
  readonly #onRecord: WriterOptions['onRecord'];
  readonly #jq: JqFilter | undefined;
  readonly #table: TableTarget;

  constructor(
    readonly io: IO,
    readonly format: OutputFormat,
    readonly fields: readonly string[] | undefined,
    options: WriterOptions = {},
  ) {
    this.#onRecord = options.onRecord;
    this.#jq = options.jq;
    this.#table = { io, pager: options.pager, userColumns: fields !== undefined, write: (text) => this.io.out(text) };
  }

  /** Whether results are shown as rows of a view's columns (table or csv). */
  get tabular(): boolean {
    return this.format === 'table' || this.format === 'csv';
  }

  /** Whether results are read by a person: a table. */
  get forPeople(): boolean {
    return this.format === 'table';
  }

  /** Check --fields against a view before any request is made. */
  checkFields(view: View<never> | View<unknown>): void {
    if (this.fields && view.fields.length > 0) validateFields(this.fields, view.fields, view.nested);
  }

  /** One record. undefined (a --dry-run result) prints nothing. */
  async record<T>(record: T | undefined, view: View<T>): Promise<void> {
    if (record === undefined) return;
    this.checkFields(view as View<unknown>);
    this.#remember(record, view);
    if (this.#jq) return (await import('./jq-output.js')).jqWrite(this.#jqTarget({ fields: [], columns: [] }), this.#jq.run(toJson(this.#select(record))));
    switch (this.format) {
      case 'csv':
        return void (await this.#csv([record], view));
      case 'json':
        return this.#write(`${toJson(this.#select(record), 2)}\n`);
      case 'ndjson':
        return this.#write(`${toJson(this.#select(record))}\n`);
      case 'yaml':
        return this.#write((await import('./yaml.js')).toYaml(this.#select(record)));
      case 'table':
        return this.#detail(record, view);
    }
  }

  /** A list, streamed record by record; on a terminal, says when --limit cut it short. Returns how many records were written. */
  async list<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>, paging?: PaginateResult): Promise<number> {
    const count = await this.#list(records, view);
    if (paging?.truncated && this.io.stderrIsTTY) this.io.notice(`showing the first ${count}; more exist (use --limit <n> or --all)`);
    return count;
  }

  async #list<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>): Promise<number> {
    this.checkFields(view as View<unknown>);
    if (this.#jq) {
      const { jqEach, jqWhole } = await import('./jq-output.js');
      return this.format === 'ndjson' ? jqEach(this.#jqTarget(view), records, this.#jq) : jqWhole(this.#jqTarget(view), records, this.#jq);
    }
    let count = 0;
    switch (this.format) {
      case 'csv':
        return this.#csv(records, view);
      case 'json': {
        for await (const record of records) {
          await this.#write(`${count === 0 ? '[\n' : ',\n'}${indent(toJson(this.#select(record), 2))}`);
          this.#remember(record, view);
          count++;
        }
        await this.#write(count === 0 ? '[]\n' : '\n]\n');
        return count;
      }
      case 'ndjson':
        for await (const record of records) {
          await this.#write(`${toJson(this.#select(record))}\n`);
          this.#remember(record, view);
          count++;
        }
        return count;
      case 'yaml': {
        const { toYamlListItem } = await import('./yaml.js');
        for await (const record of records) {
          await this.#write(toYamlListItem(this.#select(record)));
          this.#remember(record, view);
          count++;
        }
        if (count === 0) await this.#write('[]\n');
        return count;
      }
      case 'table':
        return (await import('./table-output.js')).writeTableRows(this.#table, records, this.#columns(view.columns as readonly Column<T>[]), (record) => this.#remember(record, view));
    }
  }

  /**
   * An endless stream of records: json/ndjson one compact object a line, yaml one document
   * each, a table row by row (widths fixed in advance from the view, header first). Nothing
   * is held back, so a stalled stdout drops records (counted) instead of growing memory.
   */
  async stream<T>(view: View<T>): Promise<RecordStream<T>> {
    this.checkFields(view as View<unknown>);
    const render = await this.#streamRenderer(view);
    const io = this.io;
    let dropped = 0;
    return {
      write: (records) => {
        if (records.length === 0) return;
        if (io.outBacklog > MAX_PENDING_STREAM_OUTPUT) {
          dropped += records.length;
          return;
        }
        io.outNow(terminalText(records.map(render).join('')));
      },
      get dropped() {
        return dropped;
      },
      end: () => io.outFlushed(),
    };
  }

  /** A value printed as it is in json/ndjson/yaml (tag changes, raw API bodies); `table` calls the fallback. */
  async value(value: unknown, table?: () => Promise<void>): Promise<void> {
    if (value === undefined) return;
    if (this.#jq) return (await import('./jq-output.js')).jqWrite(this.#jqTarget({ fields: [], columns: [] }), this.#jq.run(toJson(value)));
    if (this.tabular && table) return table();
    switch (this.format) {
      case 'csv':
        return void (await this.#csv(Array.isArray(value) ? value : [value], { fields: [], columns: [] }));
      case 'ndjson':
        return this.#write(`${toJson(value)}\n`);
      case 'yaml':
        return this.#write((await import('./yaml.js')).toYaml(value));
      default:
        return this.#write(`${toJson(value, 2)}\n`);
    }
  }

  /** Free text for people (a Markdown body in table mode): control characters escaped, layout kept. */
  async text(text: string): Promise<void> {
    await this.#write(escapeBlock(text.endsWith('\n') ? text : `${text}\n`));
  }

  async diff(text: string): Promise<void> {
    // Colour forced into a pipe (FORCE_COLOR, for `less -R`) is for a terminal too.
    if (!this.io.stdoutIsTTY && this.io.stdoutColor === 0) return this.#write(text);
    const { terminalDiff } = await import('./unified-diff.js');
    await this.io.out(await terminalDiff(text, this.io.stdoutColor));
  }

  /**
   * Text as it is (`--fields content` on a body, an `api` answer, a token): byte for byte
   * into a pipe or a file; on a terminal through the sanitiser, as everything is.
   */
  async raw(text: string): Promise<void> {
    await this.#write(text);
  }

  /** Everything for stdout but a terminal's table goes out here: sanitised on a terminal, verbatim into a pipe. */
  #write(text: string): Promise<void> {
    return this.io.out(this.io.stdoutText(text));
  }

  #remember<T>(record: T, view: View<T>): void {
    this.#onRecord?.(record, view as View<never>);
  }

  /** A request that --dry-run shows instead of sending, in the output format asked for. */
  async dryRun(request: DryRunRequest): Promise<void> {
    if (this.format === 'table') {
      const body = request.body === undefined ? '' : `\n${toJson(request.body, 2)}`;
      return this.#write(`${request.method} ${request.path}${body}\n`);
    }
    const shown = { dry_run: true, method: request.method, path: request.path, body: request.body ?? null };
    if (this.#jq) return (await import('./jq-output.js')).jqWrite(this.#jqTarget({ fields: [], columns: [] }), this.#jq.run(toJson(shown)));
    // One request after another, each readable on its own: JSON lines, or YAML documents.
    if (this.format === 'yaml') return this.#write(`---\n${(await import('./yaml.js')).toYaml(shown)}`);
    return this.#write(`${toJson(shown)}\n`);
  }

  #select(record: unknown): unknown {
    return this.fields ? selectFields(record, this.fields) : record;
  }

  #columns<T>(columns: readonly Column<T>[]): Column<T>[] | undefined {
    if (this.fields) return this.fields.map((f) => ({ header: f.toUpperCase(), value: (r: T) => getPath(r, f) }));
    return columns.length > 0 ? [...columns] : undefined;
  }

  async #detail<T>(record: T, view: View<T>): Promise<void> {
    const { keyColumns, writeDetail } = await import('./table-output.js');
    const rows = this.#columns((view.detail ?? view.columns) as readonly Column<T>[]) ?? keyColumns(record);
    return writeDetail(this.#table, record, rows);
  }

  /** Each record's text for stdout: a table's rows come escaped; every other format goes through stdoutText. */
  async #streamRenderer<T>(view: View<T>): Promise<(record: T) => TerminalText> {
    const forStdout = (render: (record: T) => string) => (record: T) => this.io.stdoutText(render(record));
    switch (this.format) {
      case 'json':
      case 'ndjson':
        return forStdout((record) => `${toJson(this.#select(record))}\n`);
      case 'yaml': {
        const { toYaml } = await import('./yaml.js');
        return forStdout((record) => `---\n${toYaml(this.#select(record))}`);
      }
      case 'csv': {
        const { csvCell, csvColumns } = await import('./csv.js');
        const row = await this.#csvRowWriter();
        const columns = csvColumns(view, this.fields) ?? [];
        let header: string = row(columns.map((c) => c.name));
        return (record) => {
          const line = terminalText(`${header}${row(columns.map((c) => csvCell(c.value(record))))}`);
          header = '';
          return line;
        };
      }
      case 'table':
        return (await import('./table-output.js')).streamTableRenderer(this.#table, this.#columns(view.columns) ?? [{ header: 'VALUE', value: (r: T) => r }]);
    }
  }

  // ---- csv and --jq, apart from the table code --------------------------------------

  /** Rows as they arrive; the header first (alone for an empty list whose columns are known). */
  async #csv<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>): Promise<number> {
    const { csvCell, csvColumns, keyCsvColumns } = await import('./csv.js');
    const row = await this.#csvRowWriter();
    let columns = csvColumns(view, this.fields);
    let count = 0;
    for await (const record of records) {
      if (count === 0) {
        columns ??= keyCsvColumns(record) as CsvColumn<T>[];
        await this.io.out(row(columns.map((c) => c.name)));
      }
      await this.io.out(row(columns!.map((c) => csvCell(c.value(record)))));
      this.#remember(record, view);
      count++;
    }
    if (count === 0 && columns) await this.io.out(row(columns.map((c) => c.name)));
    return count;
  }

  /**
   * One CSV row of cells. On a terminal each cell goes through the sanitiser first, and the
   * quotes, commas and CRLF around them are CSV's own; in a pipe the cells are the exact values.
   */
  async #csvRowWriter(): Promise<(cells: readonly string[]) => TerminalText> {
    const { csvRow } = await import('./csv.js');
    const prepare = this.io.stdoutIsTTY ? escapeBlock : undefined;
    return (cells) => terminalText(csvRow(cells, prepare));
  }

  #jqTarget<T>(view: View<T>): JqTarget<T> {
    return { io: this.io, write: (text) => this.#write(text), select: (record) => this.#select(record), seen: (record) => this.#remember(record, view) };
  }
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}
