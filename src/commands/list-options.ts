// --limit/--all for every list verb, and printing a list with the "more records exist" notice.
import type { Command } from 'commander';
import type { Limit, PaginateResult } from '../api/pagination.js';
import type { Factory } from '../factory.js';
import { UsageError } from '../errors.js';
import type { View } from '../output/view.js';
import { parseCount } from '../validate.js';

export const DEFAULT_LIMIT = 30;

export interface ListFlags {
  limit?: string;
  all?: boolean;
}

export function addListOptions(command: Command): Command {
  return command
    .option('--limit <n>', `maximum number of records (default ${DEFAULT_LIMIT})`)
    .option('--all', 'every record (pages of 1000, the fewest requests)');
}

export function resolveLimit(flags: ListFlags): Limit {
  if (flags.all && flags.limit !== undefined) throw new UsageError('--all and --limit cannot be used together');
  if (flags.all) return 'all';
  return flags.limit === undefined ? DEFAULT_LIMIT : parseCount(flags.limit, '--limit');
}

/**
 * Print a list as its pages arrive; on a TTY, say when --limit cut it short. `fetch` is a
 * resource module's list function (listSteps, listDocuments, …) given the result to fill in.
 */
export async function printList<T>(ctx: Factory, view: View<T>, fetch: (result: PaginateResult) => AsyncIterable<T>): Promise<number> {
  ctx.output.checkFields(view as View<unknown>);
  const result: PaginateResult = { truncated: false, requests: 0 };
  const count = await ctx.output.list(fetch(result), view);
  if (result.truncated && ctx.io.stderrIsTTY) ctx.io.notice(`showing the first ${count}; more exist (use --limit <n> or --all)`);
  return count;
}
