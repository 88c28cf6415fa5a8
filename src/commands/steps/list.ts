import { listSteps, type StepFilters } from '../../api/steps.js';
import type { RunOf } from '../declare.js';
import { limitOf, printList } from '../list-flags.js';
import type { list } from './index.js';
import { includesFor } from './includes.js';
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
  const client = await ctx.api();
  const count = await printList(ctx, view, (paging) => listSteps(client, filters, limit, paging));
  if (count === 0 && ctx.output.forPeople) ctx.io.notice('no tasks match');
};
