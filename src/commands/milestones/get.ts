import { getMilestone } from '../../api/milestones.js';
import type { RunOf } from '../declare.js';
import type { get } from './index.js';
import { MILESTONE_VIEW } from './views.js';

export const run: RunOf<typeof get> = async (ctx, opts) => {
  ctx.output.checkFields(MILESTONE_VIEW);
  const client = await ctx.api();
  await ctx.output.record(await getMilestone(client, opts.id), MILESTONE_VIEW);
};
