// The one writer of command results. Commands hand it records, lists (as async iterables,
// streamed as pages arrive) or plain values plus a View; it renders table, json, ndjson
// or yaml, applies --fields and keeps server text from reaching the terminal raw.
import type { IO } from '../io.js';
import { getPath, selectFields, validateFields } from './fields.js';
import type { OutputFormat } from './formats.js';
import { toJson } from './json.js';
import { escapeBlock, escapeInline } from './sanitize.js';
import { plainRows, ttyTable, write, type RowSink } from './table.js';
import { cellText, type Column, type View } from './view.js';

export interface WriterOptions {
  /** Told about every record printed (shell completion remembers their ids). */
  onRecord?: (record: unknown, view: View<never>) => void;
}

/** A request --dry-run shows instead of sending. */
export interface DryRunRequest {
  method: string;
  path: string;
  body: unknown;
}

export class OutputWriter {
  readonly #onRecord: WriterOptions['onRecord'];

  constructor(
    readonly io: IO,
    readonly format: OutputFormat,
    readonly fields: readonly string[] | undefined,
    options: WriterOptions = {},
  ) {
    this.#onRecord = options.onRecord;
  }

  /** Check --fields against a view before any request is made. */
  checkFields(view: View<never> | View<unknown>): void {
    if (this.fields && view.fields.length > 0) validateFields(this.fields, view.fields);
  }

  /** One record. undefined (a --dry-run result) prints nothing. */
  async record<T>(record: T | undefined, view: View<T>): Promise<void> {
    if (record === undefined) return;
    this.checkFields(view as View<unknown>);
    this.#remember(record, view);
    switch (this.format) {
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
    let count = 0;
    switch (this.format) {
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
    if (this.format === 'table' && table) return table();
    switch (this.format) {
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
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

function keyColumns<T>(record: T): Column<T>[] {
  if (record === null || typeof record !== 'object') return [{ header: 'VALUE', value: (r) => r }];
  return Object.keys(record).map((key) => ({ header: key.toUpperCase(), value: (r: T) => (r as Record<string, unknown>)[key] }));
}
