// The one writer of command results. Commands hand it records, lists (as async iterables,
// streamed as pages arrive), endless streams (webhooks listen) or plain values plus a View;
// it checks --fields, tells shell completion about the records printed, and hands each
// result to the format chosen (formats/: table, json, ndjson, yaml, csv), which writes it.
import type { PaginateResult } from '../api/pagination.js';
import type { IO } from '../io/io.js';
import { selectFields, validateFields } from './fields.js';
import type { Format, FormatTarget } from './format.js';
import { outputFormat, type OutputFormat } from './formats.js';
import type { JqFilter } from './jq.js';
import { escapeBlock, terminalText, type TerminalText } from '../io/sanitize.js';
import type { Pager } from './pager.js';
import type { DryRunRequest, Output, RecordStream, Screen } from './output.js';
import { ScreenBuffer } from './screen-buffer.js';
import type { View } from './view.js';

export interface WriterOptions {
  /** Told about every record printed (shell completion remembers their ids). */
  onRecord?: (record: unknown, view: View<never>) => void;
  /** --jq, compiled; only with a machine-readable format (json, ndjson). */
  jq?: JqFilter;
  /** Where long tables go on a terminal; undefined when paging is off. */
  pager?: Pager;
  /** --csv-raw: CSV cells as they are, formulas included (formats/csv.ts). */
  csvRaw?: boolean;
}

/** Past this much unwritten output (a stalled pipe), a stream drops records rather than hold them. */
const MAX_PENDING_STREAM_OUTPUT = 16 * 1024 * 1024;

export class OutputWriter implements Output {
  readonly #format: Format;
  readonly #onRecord: WriterOptions['onRecord'];
  readonly #target: FormatTarget;
  readonly #formatName: OutputFormat;
  readonly #options: WriterOptions;

  constructor(
    readonly io: IO,
    format: OutputFormat,
    readonly fields: readonly string[] | undefined,
    options: WriterOptions = {},
  ) {
    this.#format = outputFormat(format);
    this.#formatName = format;
    this.#options = options;
    // The settings refuse --jq with any other format; a caller that did not is a bug.
    if (options.jq && !this.#format.machineReadable) throw new Error(`--jq given to the ${format} format`);
    this.#onRecord = options.onRecord;
    this.#target = {
      io,
      fields,
      jq: options.jq,
      pager: options.pager,
      csvRaw: options.csvRaw === true,
      write: (text) => io.out(io.stdoutText(text)),
      select: (record) => (fields ? selectFields(record, fields) : record),
      seen: (record, view) => this.#remember(record, view),
    };
  }

  get tabular(): boolean {
    return this.#format.tabular;
  }

  get forPeople(): boolean {
    return this.#format.forPeople;
  }

  get streamsResults(): boolean {
    return this.#format.streamsResults;
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
    await this.#format.record(this.#target, record, view);
  }

  /** A list, streamed record by record; on a terminal, says when --limit cut it short. Returns how many records were written. */
  async list<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>, paging?: PaginateResult): Promise<number> {
    this.checkFields(view as View<unknown>);
    const count = await this.#format.list(this.#target, records, view);
    if (paging?.truncated && this.io.stderrIsTTY)
      this.io.notice(`showing the first ${count}; more exist (use --limit <n> or --all)`);
    return count;
  }

  /**
   * An endless stream of records, each written as it comes (how, the format says: json and
   * ndjson one compact object a line, yaml one document each, a table row by row with widths
   * fixed in advance). Nothing is held back, so a stalled stdout drops records (counted)
   * instead of growing memory.
   */
  async stream<T>(view: View<T>, expected?: readonly T[]): Promise<RecordStream<T>> {
    this.checkFields(view as View<unknown>);
    const render = await this.#format.streamRenderer(this.#target, view, expected);
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

  /** A value printed as it is in json/ndjson/yaml (tag changes, raw API bodies); a tabular format calls `table` when given. */
  async value(value: unknown, table?: () => Promise<void>): Promise<void> {
    if (value === undefined) return;
    if (this.tabular && table) return table();
    await this.#format.value(this.#target, value);
  }

  /** Free text for people (a Markdown body in table mode): control characters escaped, layout kept. */
  async text(text: string): Promise<void> {
    await this.#target.write(escapeBlock(text.endsWith('\n') ? text : `${text}\n`));
  }

  async diff(text: string): Promise<void> {
    // Colour forced into a pipe (FORCE_COLOR, for `less -R`) is for a terminal too.
    if (!this.io.stdoutIsTTY && this.io.stdoutColor === 0) return this.#target.write(text);
    const { terminalDiff } = await import('./unified-diff.js');
    await this.io.out(await terminalDiff(text, this.io.stdoutColor));
  }

  /**
   * Text as it is (`--fields content` on a body, an `api` answer, a token): byte for byte
   * into a pipe or a file; on a terminal through the sanitiser, as everything is.
   */
  async raw(text: string): Promise<void> {
    await this.#target.write(text);
  }

  /** A request that --dry-run shows instead of sending, in the output format asked for. */
  async dryRun(request: DryRunRequest): Promise<void> {
    await this.#format.dryRun(this.#target, request);
  }

  async paged(draw: (output: Output) => Promise<void>): Promise<void> {
    const pager = this.#options.pager;
    if (!pager || !this.io.stdoutIsTTY || !this.io.stdoutRows) return draw(this);
    const text = await this.#draw(({ output }) => draw(output), false);
    const { pageIfLong } = await import('./pager.js');
    await pageIfLong(this.io, pager, text);
  }

  drawn(draw: (screen: Screen) => Promise<void>): Promise<TerminalText> {
    return this.#draw(draw, true);
  }

  /** What `draw` writes, into a screen in memory as wide as the terminal; `notices` drawn there too, or on stderr. */
  async #draw(draw: (screen: Screen) => Promise<void>, notices: boolean): Promise<TerminalText> {
    const screen = new ScreenBuffer(this.io.stdoutColumns);
    const io = this.io.drawingInto(screen, { notices });
    await draw({
      output: new OutputWriter(io, this.#formatName, this.fields, { ...this.#options, pager: undefined }),
      io,
    });
    return screen.text();
  }

  #remember<T>(record: T, view: View<T>): void {
    this.#onRecord?.(record, view as View<never>);
  }
}
