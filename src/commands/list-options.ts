// --limit/--all for every list verb, and printing a list with the "more records exist" notice.
import type { Command } from 'commander';
import type { ApiClient, QueryValue } from '../api/client.js';
import type { Limit, PaginateResult } from '../api/pagination.js';
import type { Context } from '../context.js';
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

/** Stream a list endpoint to the output; on a TTY, say when --limit cut it short. */
export async function printList<T>(
  ctx: Context,
  client: ApiClient,
  path: string,
  query: Record<string, QueryValue>,
  limit: Limit,
  view: View<T>,
): Promise<number> {
  ctx.output.checkFields(view as View<unknown>);
  const result: PaginateResult = { truncated: false, requests: 0 };
  const count = await ctx.output.list(client.list<T>(path, query, limit, result), view);
  if (result.truncated && ctx.io.stderrIsTTY && !ctx.quiet) {
    ctx.io.stderr.write(`showing the first ${count}; more exist (use --limit <n> or --all)\n`);
  }
  return count;
}
