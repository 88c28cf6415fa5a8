import { updateMilestone } from '../../api/milestones.js';
import type { UpdateMilestoneBody } from '../../api/types.js';
import type { RunOf } from '../declare.js';
import type { update } from './index.js';
import { MILESTONE_VIEW } from './views.js';

export const run: RunOf<typeof update> = async (ctx, opts) => {
  ctx.output.checkFields(MILESTONE_VIEW);
  const body: UpdateMilestoneBody = {};
  if (opts.title !== undefined) body.title = opts.title;
  if (opts.due !== undefined) body.due_date = opts.due;
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.color !== undefined) body.color = opts.color;
  const client = await ctx.api();
  await ctx.output.record(await updateMilestone(client, opts.id, body), MILESTONE_VIEW);
};
