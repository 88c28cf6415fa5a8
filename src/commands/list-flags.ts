// What every list verb shares: --limit and --all (for agents, `limit`: a number or "all"),
// and printing a list as its pages arrive. Declaring them makes a verb one that pages
// (--max-pages applies).
import type { Limit, PaginateResult } from '../api/pagination.js';
import { MAX_PER_PAGE } from '../api/types.js';
import { UsageError } from '../errors.js';
import type { View } from '../output/view.js';
import { parseCount } from '../validate.js';
import type { Ctx } from './context.js';
import { custom, flag } from './flags.js';

export const DEFAULT_LIMIT = 30;

/** The flags of every list verb: spread them into its declaration. */
export const LIST_FLAGS = {
  limit: custom(
    '--limit',
    `maximum number of records (default ${DEFAULT_LIMIT})`,
    (value, name) => parseCount(value, name),
    {
      // An agent's "all" is one page of the API's largest size: a tool result must stay small.
      schema: {
        type: ['integer', 'string'],
        minimum: 1,
        maximum: MAX_PER_PAGE,
        pattern: '^all$',
        description: `default ${DEFAULT_LIMIT}; "all" = up to ${MAX_PER_PAGE}`,
      },
      fromJson: (value) => (value === 'all' ? MAX_PER_PAGE : Number(value)),
    },
    { placeholder: '<n>', pages: true },
  ),
  all: flag('--all', 'every record (pages of 1000, the fewest requests)', { field: false, pages: true }),
};

export function limitOf(opts: { limit?: number; all?: boolean }): Limit {
  if (opts.all && opts.limit !== undefined) throw new UsageError('--all and --limit cannot be used together');
  if (opts.all) return 'all';
  return opts.limit ?? DEFAULT_LIMIT;
}

/**
 * Print a list as its pages arrive (the output says when --limit cut it short). `fetch` is a
 * resource module's list function (listSteps, listDocuments, …) given the paging result to
 * fill in. `none` is said when nothing came ("no webhooks"); `why`, asked then, may say more:
 * a filter that named what no record has (an assignee, a phase), said whatever the format, since
 * it is likely a mistake. Returns how many records were printed.
 */
export async function printList<T>(
  ctx: Pick<Ctx, 'output' | 'io'>,
  view: View<T>,
  fetch: (paging: PaginateResult) => AsyncIterable<T> | Iterable<T>,
  none: string,
  why?: () => readonly string[],
): Promise<number> {
  ctx.output.checkFields(view as View<unknown>);
  const paging: PaginateResult = { truncated: false, requests: 0 };
  const count = await ctx.output.list(fetch(paging), view, paging);
  const reasons = count === 0 ? (why?.() ?? []) : [];
  for (const reason of reasons) ctx.io.notice(reason);
  if (reasons.length === 0) sayNone(ctx, count, none);
  return count;
}

/** An empty table on a terminal would be a blank screen: say on stderr that nothing matched. Data formats print their empty list. */
export function sayNone(ctx: Pick<Ctx, 'output' | 'io'>, count: number, none: string): void {
  if (count === 0 && ctx.output.forPeople && ctx.io.stdoutIsTTY) ctx.io.notice(none);
}
