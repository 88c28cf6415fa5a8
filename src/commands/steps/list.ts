import type { PaginateResult } from '../../api/pagination.js';
import { listSteps, type StepFilters } from '../../api/steps.js';
import type { RunOf } from '../declare.js';
import { limitOf, printList } from '../list-flags.js';
import { readsBeyondLimit, refine } from '../list-refine.js';
import type { list } from './read-verbs.js';
import { includesFor } from './includes.js';
import { stepFilters } from './list-filters.js';
import { stepView } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  const filters: StepFilters = {
    company_id: opts.company ?? ctx.settings.company,
    completed: opts.completed,
    has_due_date: opts.hasDueDate,
    include: includesFor(opts.include, ctx.output.fields),
  };
  const limit = limitOf(opts);
  const view = stepView({ tags: filters.include?.includes('tags') });
  const { keep, unmatched } = stepFilters(opts);
  const refinement = { keep, sort: opts.sort };
  const client = await ctx.api();
  const fetch = (paging: PaginateResult) =>
    refine(listSteps(client, filters, readsBeyondLimit(refinement) ? 'all' : limit, paging), refinement, limit, paging);
  if (opts.watch === undefined) {
    await printList(ctx, view, fetch, 'no tasks match', unmatched);
    return;
  }
  const none = 'no tasks match';
  const { watchList } = await import('../watching.js');
  await watchList(ctx, opts.watch, {
    title: 'pwctl steps list',
    view,
    fetch,
    none,
    why: unmatched,
    key: (s) => s.id,
    client,
  });
};
