import { listMilestones } from '../../api/milestones.js';
import type { PaginateResult } from '../../api/pagination.js';
import type { RunOf } from '../declare.js';
import type { Milestone } from '../../api/types.js';
import { limitOf, printList } from '../list-flags.js';
import { matchesSearch, readsBeyondLimit, refine, type Refinement } from '../list-refine.js';
import type { list } from './index.js';
import { MILESTONE_VIEW } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  const filters = { company_id: opts.company ?? ctx.settings.company, project_id: opts.project };
  const limit = limitOf(opts);
  const { search } = opts;
  const refinement: Refinement<Milestone> = {
    keep: search === undefined ? undefined : (m) => matchesSearch(m.title, search),
    sort: opts.sort,
  };
  const client = await ctx.api();
  const fetch = (paging: PaginateResult) =>
    refine(
      listMilestones(client, filters, readsBeyondLimit(refinement) ? 'all' : limit, paging),
      refinement,
      limit,
      paging,
    );
  const none = 'no milestones match';
  if (opts.watch === undefined) {
    await printList(ctx, MILESTONE_VIEW, fetch, none);
    return;
  }
  const title = 'pwctl milestones list';
  const { watchList } = await import('../watching.js');
  await watchList(ctx, opts.watch, { title, view: MILESTONE_VIEW, fetch, none, key: (m) => m.id, client });
};
