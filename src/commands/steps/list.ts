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
  await printList(
    ctx,
    view,
    (paging) =>
      refine(
        listSteps(client, filters, readsBeyondLimit(refinement) ? 'all' : limit, paging),
        refinement,
        limit,
        paging,
      ),
    'no tasks match',
    unmatched,
  );
};
