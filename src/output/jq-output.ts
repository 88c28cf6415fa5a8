// --jq applied to what the writer prints: a whole result at once (a list is one array), or,
// with -o ndjson, each record as it streams; jq's output as `jq -r` prints it.
import { CommandFailedError } from '../errors.js';
import type { IO } from '../io/io.js';
import { batchesOf } from './arrival-batches.js';
import type { JqFilter, JqOutput } from './jq.js';
import { toJson } from './json.js';

/** Where filtered output goes, and what the writer does with each record it hands to jq. */
export interface JqTarget<T> {
  io: IO;
  write(text: string): Promise<void>;
  /** The record as --fields selects it. */
  select(record: T): unknown;
  /** Told about each record (shell completion remembers ids). */
  seen(record: T): void;
}

/** The whole list as one JSON array, filtered once. */
export async function jqWhole<T>(
  target: JqTarget<T>,
  records: AsyncIterable<T> | Iterable<T>,
  jq: JqFilter,
): Promise<number> {
  const items: string[] = [];
  for await (const record of records) {
    items.push(toJson(target.select(record)));
    target.seen(record);
  }
  await jqWrite(target, jq.run(`[${items.join(',')}]`));
  return items.length;
}

/**
 * Once per record (-o ndjson), streamed: the records that have arrived together (a page,
 * or one bulk result) go to jq in one run, as a stream of inputs, since each run of jq
 * costs about as much as a small filter over a whole page.
 */
export async function jqEach<T>(
  target: JqTarget<T>,
  records: AsyncIterable<T> | Iterable<T>,
  jq: JqFilter,
): Promise<number> {
  let count = 0;
  let failure: string | undefined;
  for await (const batch of batchesOf(records)) {
    const output = jq.run(batch.map((record) => toJson(target.select(record))).join('\n'));
    failure ??= output.error;
    await jqWrite(target, { ...output, error: undefined });
    for (const record of batch) target.seen(record);
    count += batch.length;
  }
  if (failure) throw new CommandFailedError(failure);
  return count;
}

/** jq's output to stdout, its notes to stderr; a runtime error ends the command (exit 1). */
export async function jqWrite(target: Pick<JqTarget<never>, 'io' | 'write'>, output: JqOutput): Promise<void> {
  // Sanitised on a terminal by the writer and on stderr by io.error, as everything is.
  if (output.text !== '') await target.write(output.text);
  if (output.notes !== '') target.io.error(output.notes);
  if (output.error) throw new CommandFailedError(output.error);
}
