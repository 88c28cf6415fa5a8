// The one writer of command results. Commands hand it records, lists (as async iterables,
// streamed as pages arrive), endless streams (webhooks listen) or plain values plus a View;
// it renders table, json, ndjson or yaml, applies --fields, pages long tables on a
// terminal and keeps server text from reaching the terminal raw.
import { MAX_CACHED_IDS, type IdKind, type SeenIds } from '../completion/id-cache.js';
import type { IO } from '../io.js';
import { getPath, selectFields, validateFields } from './fields.js';
import type { OutputFormat } from './formats.js';
import { toJson } from './json.js';
import type { Pager } from './pager.js';
import { escapeBlock, escapeInline } from './sanitize.js';
import { plainRow, write, type TableColumn, type TerminalOptions } from './table.js';
import { cellText, type Column, type View } from './view.js';

/** A stream that never ends (webhooks listen): records are written as they come, in batches. */
export interface RecordStream<T> {
  /** Write a batch of records at once; dropped and counted when stdout has stalled. */
  write(records: readonly T[]): void;
  /** Records not written because stdout stopped taking them. */
  readonly dropped: number;
  /** Resolves once everything written has been handed to stdout. */
  end(): Promise<void>;
}

/** Past this much unwritten output (a stalled pipe), a stream drops records rather than hold them. */
const MAX_PENDING_STREAM_OUTPUT = 16 * 1024 * 1024;

export class OutputWriter {
  readonly #remembered = new Map<IdKind, Map<string, string>>();

  constructor(
    readonly io: IO,
    readonly format: OutputFormat,
    readonly fields: readonly string[] | undefined,
    /** Where long tables go on a terminal; undefined when paging is off. */
    readonly pager?: Pager,
  ) {}

  /** Check --fields against a view before any request is made. */
  checkFields(view: View<never> | View<unknown>): void {
    if (this.fields && view.fields.length > 0) validateFields(this.fields, view.fields);
  }

  /** Ids and titles of the records printed, by kind, for Context.close() to cache. */
  get remembered(): SeenIds {
    return this.#remembered;
  }

  /** One record. undefined (a --dry-run result) prints nothing. */
  async record<T>(record: T | undefined, view: View<T>): Promise<void> {
    if (record === undefined) return;
    this.checkFields(view as View<unknown>);
    this.#remember(record, view);
    switch (this.format) {
      case 'json':
        return write(this.io.stdout, `${toJson(this.#select(record), 2)}\n`);
      case 'ndjson':
        return write(this.io.stdout, `${toJson(this.#select(record))}\n`);
      case 'yaml':
        return write(this.io.stdout, (await import('./yaml.js')).toYaml(this.#select(record)));
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
          await write(this.io.stdout, `${count === 0 ? '[\n' : ',\n'}${indent(toJson(this.#select(record), 2))}`);
          this.#remember(record, view);
          count++;
        }
        await write(this.io.stdout, count === 0 ? '[]\n' : '\n]\n');
        return count;
      }
      case 'ndjson':
        for await (const record of records) {
          await write(this.io.stdout, `${toJson(this.#select(record))}\n`);
          this.#remember(record, view);
          count++;
        }
        return count;
      case 'yaml': {
        const { toYamlListItem } = await import('./yaml.js');
        for await (const record of records) {
          await write(this.io.stdout, toYamlListItem(this.#select(record)));
          this.#remember(record, view);
          count++;
        }
        if (count === 0) await write(this.io.stdout, '[]\n');
        return count;
      }
      case 'table': {
        const columns = this.#columns(view.columns as readonly Column<T>[], undefined);
        let cols: Column<T>[] | undefined;
        // A terminal's table is laid out once every row is known, so that its widths hold
        // for all of them; a pipe gets each row as it comes.
        const rows: string[][] = [];
        for await (const record of records) {
          cols ??= columns ?? keyColumns<T>(record);
          const cells = cols.map((c) => escapeInline(cellText(c.value(record))));
          if (this.io.stdoutIsTTY) rows.push(cells);
          else await write(this.io.stdout, plainRow(cells));
          this.#remember(record, view);
          count++;
        }
        if (cols && rows.length > 0) await this.#terminalTable(cols, rows);
        return count;
      }
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
    const out = this.io.stdout;
    let dropped = 0;
    return {
      write: (records) => {
        if (records.length === 0) return;
        if (out.writableLength > MAX_PENDING_STREAM_OUTPUT) {
          dropped += records.length;
          return;
        }
        let text = '';
        for (const record of records) text += render(record);
        out.write(text);
      },
      get dropped() {
        return dropped;
      },
      end: () => new Promise<void>((resolve) => out.write('', () => resolve())),
    };
  }

  /** A value printed as it is in json/ndjson/yaml (tag changes, raw API bodies); `table` calls the fallback. */
  async value(value: unknown, table?: () => Promise<void>): Promise<void> {
    if (value === undefined) return;
    if (this.format === 'table' && table) return table();
    switch (this.format) {
      case 'ndjson':
        return write(this.io.stdout, `${toJson(value)}\n`);
      case 'yaml':
        return write(this.io.stdout, (await import('./yaml.js')).toYaml(value));
      default:
        return write(this.io.stdout, `${toJson(value, 2)}\n`);
    }
  }

  /** Free text for people (a Markdown body in table mode): control characters escaped, layout kept. */
  async text(text: string): Promise<void> {
    await write(this.io.stdout, escapeBlock(text.endsWith('\n') ? text : `${text}\n`));
  }

  /** Raw bytes the user asked for verbatim (`--fields content` on a body, `api` in a pipe). */
  async raw(text: string): Promise<void> {
    await write(this.io.stdout, text);
  }

  /** Keep the id and title of a printed record; the first ones of a long list are enough for the bounded cache. */
  #remember<T>(record: T, view: View<T>): void {
    const cache = view.cache;
    if (!cache) return;
    let seen = this.#remembered.get(cache.kind);
    if (!seen) this.#remembered.set(cache.kind, (seen = new Map()));
    if (seen.size >= MAX_CACHED_IDS) return;
    const id = String(cache.id(record) ?? '');
    if (id !== '' && !seen.has(id)) seen.set(id, String(cache.title(record) ?? ''));
  }

  #select(record: unknown): unknown {
    return this.fields ? selectFields(record, this.fields) : record;
  }

  #columns<T>(columns: readonly Column<T>[], _record: T | undefined): Column<T>[] | undefined {
    if (this.fields) return this.fields.map((f) => ({ header: f.toUpperCase(), value: (r: T) => getPath(r, f) }));
    return columns.length > 0 ? [...columns] : undefined;
  }

  #terminal(): TerminalOptions {
    // Columns the user named with --fields are never dropped to fit; a view's may be.
    return { columns: this.io.stdout.columns, colorLevel: this.io.stdoutColor, drop: !this.fields };
  }

  /** A list's table on a terminal, through the pager when it is longer than the screen. */
  async #terminalTable<T>(columns: readonly Column<T>[], rows: readonly string[][]): Promise<void> {
    const { tableForRows } = await import('./table.js');
    const table = await tableForRows(columns.map(tableColumn), rows, this.#terminal());
    let text = `${table.header}\n`;
    for (const cells of rows) text += `${table.row(cells)}\n`;
    // A table as tall as the screen would scroll its header away under the next prompt.
    const screenRows = (this.io.stdout as { rows?: number }).rows;
    if (this.pager && screenRows && rows.length + 1 >= screenRows) {
      const { showInPager } = await import('./pager.js');
      if (await showInPager(this.pager, text)) return;
    }
    await write(this.io.stdout, text);
  }

  async #streamRenderer<T>(view: View<T>): Promise<(record: T) => string> {
    switch (this.format) {
      case 'json':
      case 'ndjson':
        return (record) => `${toJson(this.#select(record))}\n`;
      case 'yaml': {
        const { toYaml } = await import('./yaml.js');
        return (record) => `---\n${toYaml(this.#select(record))}`;
      }
      case 'table': {
        const columns = this.#columns(view.columns, undefined) ?? [{ header: 'VALUE', value: (r: T) => r }];
        const cellsOf = (record: T) => columns.map((c) => escapeInline(cellText(c.value(record))));
        if (!this.io.stdoutIsTTY) return (record) => plainRow(cellsOf(record));
        const { tableForStream } = await import('./table.js');
        const table = await tableForStream(columns.map(tableColumn), this.#terminal());
        let header = `${table.header}\n`;
        return (record) => {
          const line = `${header}${table.row(cellsOf(record))}\n`;
          header = '';
          return line;
        };
      }
    }
  }

  async #detail<T>(record: T, view: View<T>): Promise<void> {
    const rows = this.#columns((view.detail ?? view.columns) as readonly Column<T>[], record) ?? keyColumns(record);
    if (this.io.stdoutIsTTY) {
      const width = Math.max(...rows.map((r) => r.header.length));
      const { Chalk } = await import('chalk');
      const chalk = new Chalk({ level: this.io.stdoutColor as 0 | 1 | 2 | 3 });
      const lines = rows.map((r) => `${chalk.bold(`${r.header.toLowerCase()}:`.padEnd(width + 2))}${escapeInline(cellText(r.value(record)))}`);
      await write(this.io.stdout, `${lines.join('\n')}\n`);
    } else {
      const lines = rows.map((r) => `${r.header.toLowerCase()}:\t${escapeInline(cellText(r.value(record)))}`);
      await write(this.io.stdout, `${lines.join('\n')}\n`);
    }
  }
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

function tableColumn<T>(column: Column<T>): TableColumn {
  return { header: column.header, fit: column.fit ?? 'whole', width: column.width };
}

function keyColumns<T>(record: T): Column<T>[] {
  if (record === null || typeof record !== 'object') return [{ header: 'VALUE', value: (r) => r }];
  return Object.keys(record).map((key) => ({ header: key.toUpperCase(), value: (r: T) => (r as Record<string, unknown>)[key] }));
}
