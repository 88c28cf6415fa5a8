// `--watch [interval]` on read verbs (steps list/get, milestones list/get, deliveries list):
// the flag, declared once, and the glue from a list or a record to the watch loop
// (src/output/watch/watch.ts: the screen, the changes into a pipe, the rate limit's floor,
// Ctrl-C). A verb reads and prints as it does without --watch; the loop runs it again.
import type { ApiClient } from '../api/client.js';
import type { PaginateResult } from '../api/pagination.js';
import type { Screen } from '../output/output.js';
import type { View } from '../output/view.js';
import { watch } from '../output/watch/watch.js';
import type { Ctx } from './context.js';
import { duration } from './flags.js';
import { printList } from './list-flags.js';

/** Without a value, --watch refreshes this often (when the rate limit allows). */
export const DEFAULT_WATCH_MS = 2_000;

const WATCH_HELP =
  'show it again every interval (default 2s, never faster than the rate limit allows) until Ctrl-C: on a terminal redrawn in place, into a pipe each new or changed record';

/** `--watch [interval]`; `before` names the argument a bare number after it more likely is (`<id>`). */
export function watchFlag(before?: string) {
  return duration('--watch', WATCH_HELP, {
    bare: DEFAULT_WATCH_MS,
    min: 100,
    max: 3_600_000,
    field: false,
    ...(before === undefined ? {} : { before }),
  });
}

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
