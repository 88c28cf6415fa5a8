// Printing what the structure module collected (phases, projects): all of it is read before
// the first line, so --limit cuts the list here, and says so as a paged list would.
import type { Limit } from '../api/pagination.js';
import type { View } from '../output/view.js';
import type { Ctx } from './context.js';
import { sayNone } from './list-flags.js';

export async function printSummaries<T>(
  ctx: Ctx,
  view: View<T>,
  records: readonly T[],
  limit: Limit,
  none: string,
): Promise<void> {
  const shown = limit === 'all' ? records : records.slice(0, limit);
  await ctx.output.list(shown, view, { truncated: shown.length < records.length, requests: 0 });
  sayNone(ctx, records.length, none);
}
