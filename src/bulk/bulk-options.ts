// What a bulk verb asks of the bulk runner (Ctx.bulk): the work for one item, how its items
// are named in results, how its results show, and how many items may be in flight. Both front
// ends run it through one loop (run-items.ts): the command line's runner (src/cli/bulk-run.ts)
// adds progress, Ctrl-C and exit 8; the MCP server's collects the results.
import type { ApiClient } from '../api/client.js';
import type { View } from '../output/view.js';
import type { BulkKey, BulkResult } from './results.js';

/** Default parallelism: enough to hide latency, few enough to stay polite within the rate limit. */
export const BULK_CONCURRENCY = 8;
export const MAX_BULK_CONCURRENCY = 32;

/** One item's work: its record (shown in its result), or undefined when it answers none (a delete). */
export type BulkWork<I, T> = ClientWork<I, T> | OfflineWork<I, T>;

/** Work that reaches the service through the run's API client, within its rate limit. */
export type ClientWork<I, T> = (client: ApiClient, item: I) => Promise<T | undefined>;

/**
 * Work that reaches no service (replaying deliveries to a receiver): no API client is made,
 * so none needs credentials, and no rate limit holds items back.
 */
export interface OfflineWork<I, T> {
  readonly offline: (item: I) => Promise<T | undefined>;
}

export interface BulkOptions<I, T> {
  /** Past-tense verb for the summary: "completed", "deleted". */
  done: string;
  /** Results view for table output. */
  view?: View<BulkResult<T>>;
  /** Items in flight at once (`--concurrency`, already checked); default BULK_CONCURRENCY. */
  concurrency?: number;
  /**
   * What names an item in its result, asked once the item is finished (an import row's id is
   * the task it created). Default: the item is its own id.
   */
  key?: (item: I) => BulkKey;
  /**
   * Items found already as asked and left alone: still ok results, but the summary counts
   * them apart from those `done`, as `said` (`2 completed, 1 already completed`).
   */
  unchanged?: { said: string; of: (item: I) => boolean };
  /** Said on stderr when there are no items. */
  nothingToDo?: string;
  /**
   * The contract's bulk rule is that a batch of one exits with that item's own code; verbs
   * whose contract says "exit 8 when any item failed" (import, push) set this.
   */
  failureIsPartial?: boolean;
  /** The --dry-run notice for a batch (default: `N requests shown, none sent`). */
  dryRunNotice?: string;
}
