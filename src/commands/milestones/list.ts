import { listMilestones } from '../../api/milestones.js';
import type { RunOf } from '../declare.js';
import { limitOf, printList } from '../list-flags.js';
import type { list } from './index.js';
import { MILESTONE_VIEW } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  const filters = { company_id: opts.company ?? ctx.settings.company, project_id: opts.project };
  const limit = limitOf(opts);
  const client = await ctx.api();
  await printList(ctx, MILESTONE_VIEW, (paging) => listMilestones(client, filters, limit, paging));
};
