// `--watch [interval]` on read verbs (steps list/get, milestones list/get): the glue from a list
// or a record to the watch loop (src/output/watch/watch.ts: the screen, the changes into a
// pipe, the rate limit's floor, Ctrl-C). A verb reads and prints as it does without --watch;
// the loop runs it again. The flag is ./watch-flag.ts; this is loaded only by run modules.
import type { ApiClient } from '../api/client.js';
import type { PaginateResult } from '../api/pagination.js';
import type { Screen } from '../output/output.js';
import type { View } from '../output/view.js';
import { watch } from '../output/watch/watch.js';
import type { Ctx } from './context.js';
import { printList } from './list-flags.js';

export interface WatchedList<T> {
  title: string;
  view: View<T>;
  /** The list as the verb reads it without --watch, filling in `paging`. */
  fetch(paging: PaginateResult): AsyncIterable<T>;
  /** Said when nothing matched; `why` may say more (as printList). */
  none: string;
  why?: () => readonly string[];
  key(record: T): string | number;
  client: ApiClient;
}

/** A list verb under --watch. */
export async function watchList<T>(ctx: Ctx, intervalMs: number, list: WatchedList<T>): Promise<void> {
  ctx.output.checkFields(list.view as View<unknown>);
  await watch(ctx.output, ctx.io, intervalMs, {
    title: list.title,
    view: list.view,
    key: list.key,
    rateLimit: () => list.client.rateLimit.limit,
    async read() {
      const paging: PaginateResult = { truncated: false, requests: 0 };
      const records: T[] = [];
      for await (const record of list.fetch(paging)) records.push(record);
      return { data: { records, paging }, requests: paging.requests };
    },
    async draw(screen, { records, paging }) {
      await printList(
        screen,
        list.view,
        (filled) => {
          Object.assign(filled, paging);
          return records;
        },
        list.none,
        list.why,
      );
    },
    records: ({ records }) => records,
  });
}

export interface WatchedRecord<T> {
  title: string;
  view: View<T>;
  /** The record, read once (one request). */
  read(): Promise<T>;
  /** Printed as the verb prints it. */
  draw(screen: Screen, record: T): Promise<void>;
  key(record: T): string | number;
  client: ApiClient;
}

/** A get verb under --watch. */
export async function watchRecord<T>(ctx: Ctx, intervalMs: number, record: WatchedRecord<T>): Promise<void> {
  ctx.output.checkFields(record.view as View<unknown>);
  await watch(ctx.output, ctx.io, intervalMs, {
    title: record.title,
    view: record.view,
    key: record.key,
    rateLimit: () => record.client.rateLimit.limit,
    read: async () => ({ data: await record.read(), requests: 1 }),
    draw: (screen, data) => record.draw(screen, data),
    records: (data) => [data],
  });
}
