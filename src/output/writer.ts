// The one writer of command results. Commands hand it records, lists (as async iterables,
// streamed as pages arrive) or plain values plus a View; it renders table, json, ndjson,
// yaml or csv, applies --fields and --jq, and keeps server text from reaching the terminal raw.
import { CommandFailedError } from '../errors.js';
import type { IO } from '../io.js';
import { csvCell, csvColumns, csvRow, keyCsvColumns, type CsvColumn } from './csv.js';
import { getPath, selectFields, validateFields } from './fields.js';
import type { OutputFormat } from './formats.js';
import type { JqFilter, JqOutput } from './jq.js';
import { batchesOf } from './arrival-batches.js';
import { toJson } from './json.js';
import { escapeBlock, escapeInline } from './sanitize.js';
import { plainRows, ttyTable, write, type RowSink } from './table.js';
import { cellText, type Column, type View } from './view.js';

export interface WriterOptions {
  /** Told about every record printed (shell completion remembers their ids). */
  onRecord?: (record: unknown, view: View<never>) => void;
  /** --jq, compiled; only with the json and ndjson formats. */
  jq?: JqFilter;
}

/** A request --dry-run shows instead of sending. */
export interface DryRunRequest {
  method: string;
  path: string;
  body: unknown;
}

export class OutputWriter {
  readonly #onRecord: WriterOptions['onRecord'];
  readonly #jq: JqFilter | undefined;

  constructor(
    readonly io: IO,
    readonly format: OutputFormat,
    readonly fields: readonly string[] | undefined,
    options: WriterOptions = {},
  ) {
    this.#onRecord = options.onRecord;
    this.#jq = options.jq;
  }

  /** Whether results are shown as rows of a view's columns (table or csv). */
  get tabular(): boolean {
    return this.format === 'table' || this.format === 'csv';
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
    if (this.#jq) return this.#jqWrite(this.#jq.run(toJson(this.#select(record))));
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

  /** A list, streamed record by record. Returns how many records were written. */
  async list<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>): Promise<number> {
    this.checkFields(view as View<unknown>);
    if (this.#jq) return this.format === 'ndjson' ? this.#jqEach(records, view, this.#jq) : this.#jqWhole(records, view, this.#jq);
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
      case 'table': {
        const columns = this.#columns(view.columns as readonly Column<T>[], undefined);
        let sink: RowSink | undefined;
        for await (const record of records) {
          const cols = columns ?? keyColumns<T>(record);
          sink ??= this.io.stdoutIsTTY
            ? ttyTable(this.io.stdout, cols.map((c) => c.header), this.io.stdoutColor, this.io.stdout.columns)
            : plainRows(this.io.stdout);
          await sink.add(cols.map((c) => cellText(c.value(record))));
          this.#remember(record, view);
          count++;
        }
        await sink?.end();
        return count;
      }
    }
  }

  /** A value printed as it is in json/ndjson/yaml (tag changes, raw API bodies); `table` calls the fallback. */
  async value(value: unknown, table?: () => Promise<void>): Promise<void> {
    if (value === undefined) return;
    if (this.#jq) return this.#jqWrite(this.#jq.run(toJson(value)));
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

  /** Raw bytes the user asked for verbatim (`--fields content` on a body, `api` in a pipe). */
  async raw(text: string): Promise<void> {
    await this.#write(text);
  }

  /** Everything for stdout goes out here: a status line on the terminal is cleared first. */
  #write(text: string): Promise<void> {
    this.io.clearStatus();
    return write(this.io.stdout, text);
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
    if (this.#jq) return this.#jqWrite(this.#jq.run(toJson(shown)));
    // One request after another, each readable on its own: JSON lines, or YAML documents.
    if (this.format === 'yaml') return this.#write(`---\n${(await import('./yaml.js')).toYaml(shown)}`);
    return this.#write(`${toJson(shown)}\n`);
  }

  #select(record: unknown): unknown {
    return this.fields ? selectFields(record, this.fields) : record;
  }

  #columns<T>(columns: readonly Column<T>[], _record: T | undefined): Column<T>[] | undefined {
    if (this.fields) return this.fields.map((f) => ({ header: f.toUpperCase(), value: (r: T) => getPath(r, f) }));
    return columns.length > 0 ? [...columns] : undefined;
  }

  async #detail<T>(record: T, view: View<T>): Promise<void> {
    const rows = this.#columns((view.detail ?? view.columns) as readonly Column<T>[], record) ?? keyColumns(record);
    if (this.io.stdoutIsTTY) {
      const width = Math.max(...rows.map((r) => r.header.length));
      const { Chalk } = await import('chalk');
      const chalk = new Chalk({ level: this.io.stdoutColor as 0 | 1 | 2 | 3 });
      const lines = rows.map((r) => `${chalk.bold(`${r.header.toLowerCase()}:`.padEnd(width + 2))}${escapeInline(cellText(r.value(record)))}`);
      await this.#write(`${lines.join('\n')}\n`);
    } else {
      const lines = rows.map((r) => `${r.header.toLowerCase()}:\t${escapeInline(cellText(r.value(record)))}`);
      await this.#write(`${lines.join('\n')}\n`);
    }
  }

  // ---- csv and --jq, apart from the table code --------------------------------------

  /** Rows as they arrive; the header first (alone for an empty list whose columns are known). */
  async #csv<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>): Promise<number> {
    // On a terminal cells go through the sanitiser; in a pipe they are the exact values.
    const prepare = this.io.stdoutIsTTY ? escapeBlock : undefined;
    let columns = csvColumns(view, this.fields);
    let count = 0;
    for await (const record of records) {
      if (count === 0) {
        columns ??= keyCsvColumns(record) as CsvColumn<T>[];
        await this.#write(csvRow(columns.map((c) => c.name), prepare));
      }
      await this.#write(csvRow(columns!.map((c) => csvCell(c.value(record))), prepare));
      this.#remember(record, view);
      count++;
    }
    if (count === 0 && columns) await this.#write(csvRow(columns.map((c) => c.name), prepare));
    return count;
  }

  /** The whole list as one JSON array, filtered once. */
  async #jqWhole<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>, jq: JqFilter): Promise<number> {
    const items: string[] = [];
    for await (const record of records) {
      items.push(toJson(this.#select(record)));
      this.#remember(record, view);
    }
    await this.#jqWrite(jq.run(`[${items.join(',')}]`));
    return items.length;
  }

  /**
   * Once per record (-o ndjson), streamed: the records that have arrived together (a page,
   * or one bulk result) go to jq in one run, as a stream of inputs, since each run of jq
   * costs about as much as a small filter over a whole page.
   */
  async #jqEach<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>, jq: JqFilter): Promise<number> {
    let count = 0;
    let failure: string | undefined;
    for await (const batch of batchesOf(records)) {
      const output = jq.run(batch.map((record) => toJson(this.#select(record))).join('\n'));
      failure ??= output.error;
      await this.#jqWrite({ ...output, error: undefined });
      for (const record of batch) this.#remember(record, view);
      count += batch.length;
    }
    if (failure) throw new CommandFailedError(failure);
    return count;
  }

  /** jq's output to stdout (sanitised on a terminal), its notes to stderr; a runtime error ends the command (exit 1). */
  async #jqWrite(output: JqOutput): Promise<void> {
    if (output.text !== '') await this.#write(this.io.stdoutIsTTY ? escapeBlock(output.text) : output.text);
    if (output.notes !== '') this.io.error(escapeBlock(output.notes));
    if (output.error) throw new CommandFailedError(output.error);
  }
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

function keyColumns<T>(record: T): Column<T>[] {
  if (record === null || typeof record !== 'object') return [{ header: 'VALUE', value: (r) => r }];
  return Object.keys(record).map((key) => ({ header: key.toUpperCase(), value: (r: T) => (r as Record<string, unknown>)[key] }));
}
