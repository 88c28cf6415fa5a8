// The one loop of a bulk run, for both front ends: every item through the worker pool, each
// started when the rate gate allows, one result per item. What differs is given to it: the
// command line shows each result as it lands, counts progress on a terminal and is stopped by
// Ctrl-C or SIGTERM (src/cli/bulk-run.ts); an agent's results are collected
// (src/mcp/agent-context.ts).
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { RequestNotSent } from '../api/not-sent.js';
import { BULK_CONCURRENCY, type BulkOptions, type BulkWork } from './bulk-options.js';
import { RateGate } from './rate-gate.js';
import { failureResult, successResult, type BulkKey, type BulkResult } from './results.js';
import { runPool } from './worker-pool.js';

/** A bulk verb's work, ready to run item by item. */
export interface ReadyWork<I, T> {
  readonly run: (item: I) => Promise<T | undefined>;
  /** The client the work uses, whose rate limit paces the items; none for offline work. */
  readonly client?: ApiClient;
}

/** Items finished so far, and how many of them failed. */
export interface Tally {
  finished: number;
  failed: number;
}

/** What a front end does with a run as it goes. */
export interface RunHooks<T> {
  /** Aborted when the user interrupts: no item starts after it, and a wait for the rate limit it ends was never a request. */
  interrupted?: AbortSignal;
  /** Whether to start no more items for another cause (output that can no longer be written). */
  stopped?: () => boolean;
  /** Each result as it lands, in the order items finish; `index` is its item's place in the input. */
  landed?: (result: BulkResult<T>, tally: Tally, index: number) => void;
}

export interface ItemsDone<T> extends Tally {
  /** In input order; none for an item not finished (not started when the run stopped, or interrupted in a rate-limit wait). */
  results: (BulkResult<T> | undefined)[];
  /** The first failure, as thrown. */
  firstError: unknown;
}

/**
 * Give the work its client, made now (before anything of the run is shown, so that a
 * connection that fails shows nothing): offline work is given none, so it needs no credentials.
 */
export async function readyWork<I, T>(work: BulkWork<I, T>, api: () => Promise<ApiClient>): Promise<ReadyWork<I, T>> {
  if (typeof work !== 'function') return { run: work.offline };
  const client = await api();
  return { run: (item) => work(client, item), client };
}

/** What names an item in its result: the verb's key, or the item itself, an id. */
export function itemKey<I>(options: Pick<BulkOptions<I, unknown>, 'key'>): (item: I) => BulkKey {
  return options.key ?? ((item) => ({ id: typeof item === 'string' || typeof item === 'number' ? item : null }));
}

/** Run the work for every item; resolves when none is left in flight. */
export async function runItems<I, T>(
  items: readonly I[],
  work: ReadyWork<I, T>,
  options: BulkOptions<I, T>,
  hooks: RunHooks<T> = {},
): Promise<ItemsDone<T>> {
  const keyOf = itemKey(options);
  const interrupted = () => hooks.interrupted?.aborted === true;
  const done: ItemsDone<T> = { results: new Array(items.length), finished: 0, failed: 0, firstError: undefined };
  await runPool(
    items,
    // Under --dry-run an item stops at its first request, which was shown: it is done.
    (item) =>
      work.run(item).catch((error: unknown) => {
        if (error instanceof RequestNotSent) return undefined;
        throw error;
      }),
    (index, outcome) => {
      // A request still waiting out a 429 when Ctrl-C came was never applied: not attempted.
      if (!outcome.ok && interrupted() && isRateLimited(outcome.error)) return;
      done.finished++;
      const key = keyOf(items[index]!);
      let result: BulkResult<T>;
      if (outcome.ok) result = successResult(key, outcome.value);
      else {
        done.failed++;
        done.firstError ??= outcome.error;
        result = failureResult(key, outcome.error);
      }
      done.results[index] = result;
      hooks.landed?.(result, done, index);
    },
    {
      concurrency: options.concurrency ?? BULK_CONCURRENCY,
      gate: new RateGate(() => work.client?.rateLimit.remaining),
      stopped: () => interrupted() || hooks.stopped?.() === true,
    },
  );
  return done;
}

function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'rate_limited';
}
