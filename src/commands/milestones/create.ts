import { createMilestone } from '../../api/milestones.js';
import type { CreateMilestoneBody } from '../../api/types.js';
import { escapeInline } from '../../io/sanitize.js';
import type { RunOf } from '../declare.js';
import type { create } from './index.js';
import { MILESTONE_VIEW } from './views.js';

export const run: RunOf<typeof create> = async (ctx, opts) => {
  ctx.output.checkFields(MILESTONE_VIEW);
  const body: CreateMilestoneBody = { title: opts.title, due_date: opts.due, project_id: opts.project };
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.color !== undefined) body.color = opts.color;
  const client = await ctx.api();
  const milestone = await createMilestone(client, body, `pwctl milestones list --project ${body.project_id}`);
  ctx.io.notice(`✓ created milestone ${escapeInline(String(milestone.id))}`);
  await ctx.output.record(milestone, MILESTONE_VIEW);
};
