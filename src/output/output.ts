// Where a verb's results go: the interface a run function writes to. On the command line it
// is the output writer (./writer.ts: the chosen format on stdout); for an agent it collects
// the results as data (src/mcp/). Verbs never name a format: they hand records, lists and
// values over with the view that describes them, and ask only what they must.
import type { PaginateResult } from '../api/pagination.js';
import type { IO } from '../io/io.js';
import type { TerminalText } from '../io/sanitize.js';
import type { View } from './view.js';

/** Where one drawing goes: an output and the IO its notices use (a watch's frame, a page). */
export interface Screen {
  readonly output: Output;
  readonly io: IO;
}

/** A stream that never ends (webhooks listen): records are written as they come, in batches. */
export interface RecordStream<T> {
  /** Write a batch of records at once; dropped and counted when stdout has stalled. */
  write(records: readonly T[]): void;
  /** Records not written because stdout stopped taking them. */
  readonly dropped: number;
  /** Resolves once everything written has been handed to stdout. */
  end(): Promise<void>;
}

/** A request --dry-run shows instead of sending. */
export interface DryRunRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface Output {
  /** --fields, checked against a view before any request (checkFields). */
  readonly fields: readonly string[] | undefined;
  /** Results are shown as rows of a view's columns (a table or CSV), not as JSON values. */
  readonly tabular: boolean;
  /** Results are read by a person at a terminal: an empty list deserves a word on stderr. */
  readonly forPeople: boolean;
  /** A bulk verb's results are printed as its items finish (not all at the end, in input order). */
  readonly streamsResults: boolean;
  /** A usage error when --fields names something the view does not have. */
  checkFields(view: View<never> | View<unknown>): void;
  /** One record. */
  record<T>(record: T, view: View<T>): Promise<void>;
  /**
   * A list, streamed record by record; returns how many were written. With `paging`, a list
   * that --limit cut short says so (on a terminal, or to the agent).
   */
  list<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>, paging?: PaginateResult): Promise<number>;
  /**
   * An endless stream of records (webhooks listen), or results as they land (a bulk verb on a
   * terminal). `expected`: records like those to come, known before the first arrives (a bulk
   * run's ids), so that a table's columns, fixed in advance, fit them.
   */
  stream<T>(view: View<T>, expected?: readonly T[]): Promise<RecordStream<T>>;
  /** A value printed as it is in data formats (tag changes, raw API bodies); `table` draws it for people. */
  value(value: unknown, table?: () => Promise<void>): Promise<void>;
  /** Free text for people (a Markdown body): control characters escaped, layout kept. */
  text(text: string): Promise<void>;
  /**
   * A unified diff: on a terminal sanitised and coloured, into a pipe or a file verbatim, so
   * `patch` reads it.
   */
  diff(text: string): Promise<void>;
  /** Bytes the user asked for verbatim (`--fields content`, `api` into a pipe). */
  raw(text: string): Promise<void>;
  /** A request --dry-run shows instead of sending. */
  dryRun(request: DryRunRequest): Promise<void>;
  /**
   * What `draw` writes (a record with its body, diffs), through the pager when, on a terminal,
   * it is taller than the screen; written as ever otherwise.
   */
  paged(draw: (output: Output) => Promise<void>): Promise<void>;
  /**
   * What `draw` writes, kept as text instead of written (a watch's screen, drawn whole): the
   * same format, fields and terminal; the notices it gives are drawn in place with it.
   */
  drawn(draw: (screen: Screen) => Promise<void>): Promise<TerminalText>;
}
