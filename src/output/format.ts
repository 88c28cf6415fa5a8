// What an output format is (-o table, json, yaml, ndjson, csv): one object that knows how to
// write each kind of result, and what it is for. The writer (writer.ts) checks --fields and
// hands every result to the format chosen; the formats live in formats/, one file each, and
// are registered in formats.ts. Nothing outside src/output names a format: callers ask the
// Output what they must know (forPeople, tabular, streamsResults) and formats.ts what the
// settings must know (machineReadable).
import type { IO } from '../io/io.js';
import type { JqFilter } from './jq.js';
import type { DryRunRequest } from './output.js';
import type { Pager } from './pager.js';
import type { TerminalText } from '../io/sanitize.js';
import type { View } from './view.js';

/** Where a format writes, and this run's choices it honours. */
export interface FormatTarget {
  readonly io: IO;
  /** --fields (already checked against the view). */
  readonly fields: readonly string[] | undefined;
  /** --jq, compiled: only a machine-readable format is ever given one. */
  readonly jq: JqFilter | undefined;
  /** Where a long table goes on a terminal; undefined when paging is off. */
  readonly pager: Pager | undefined;
  /** --csv-raw: CSV cells exactly as they are, even those a spreadsheet would run as a formula. */
  readonly csvRaw: boolean;
  /** Text for stdout: through the sanitiser on a terminal, byte for byte into a pipe. */
  write(text: string): Promise<void>;
  /** A record as --fields selects it. */
  select(record: unknown): unknown;
  /** Told about each record a list or a stream writes (shell completion remembers ids). */
  seen<T>(record: T, view: View<T>): void;
}

export interface Format<Name extends string = string> {
  /** What -o, PWCTL_OUTPUT and the config key `output` call it. */
  readonly name: Name;
  /** Read by a person at a terminal: an empty list deserves a word, bulk results show only what was attempted. */
  readonly forPeople: boolean;
  /** Results are rows of a view's columns (a table, CSV), not JSON-like values. */
  readonly tabular: boolean;
  /** JSON for programs: --jq may filter it, and a failure is also told as one JSON line on stderr. */
  readonly machineReadable: boolean;
  /** A bulk verb's results are printed as its items finish, rather than all at the end in input order. */
  readonly streamsResults: boolean;
  /** One record. */
  record<T>(out: FormatTarget, record: T, view: View<T>): Promise<void>;
  /** A list, written as its records arrive; returns how many there were. */
  list<T>(out: FormatTarget, records: AsyncIterable<T> | Iterable<T>, view: View<T>): Promise<number>;
  /**
   * How each record of an endless stream is written (header, if any, with the first): its
   * text for stdout, already safe for a terminal. `expected` are records like those to come
   * (known before the first arrives), so that columns fixed in advance fit them.
   */
  streamRenderer<T>(out: FormatTarget, view: View<T>, expected?: readonly T[]): Promise<(record: T) => TerminalText>;
  /** A bare value (a tag change, a raw API body). */
  value(out: FormatTarget, value: unknown): Promise<void>;
  /** A request --dry-run shows instead of sending. */
  dryRun(out: FormatTarget, request: DryRunRequest): Promise<void>;
}

/** A dry-run request as data formats print it. */
export function dryRunRecord(request: DryRunRequest): { dry_run: true; method: string; path: string; body: unknown } {
  return { dry_run: true, method: request.method, path: request.path, body: request.body ?? null };
}
