import { createMilestone } from '../../api/milestones.js';
import { MAX_MILESTONE_TITLE, type CreateMilestoneBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { escapeInline } from '../../output/sanitize.js';
import { parseDate, parseHexColor, parseId, requireMaxLength, requireNonEmpty } from '../../validate.js';
import { MILESTONE_VIEW } from './views.js';

export interface CreateMilestoneOptions {
  project?: string;
  title?: string;
  due?: string;
  description?: string;
  color?: string;
}

export async function run(ctx: Factory, opts: CreateMilestoneOptions): Promise<void> {
  ctx.output.checkFields(MILESTONE_VIEW);
  const missing = [
    opts.project === undefined && '--project <id>',
    opts.title === undefined && '--title <t>',
    opts.due === undefined && '--due <YYYY-MM-DD>',
  ].filter((flag): flag is string => flag !== false);
  if (missing.length > 0) throw new UsageError(`missing required ${missing.length === 1 ? 'flag' : 'flags'}: ${missing.join(', ')}`);

  const body: CreateMilestoneBody = {
    title: requireMaxLength(requireNonEmpty(opts.title!, '--title'), MAX_MILESTONE_TITLE, '--title'),
    due_date: parseDate(opts.due!, '--due'),
    project_id: parseId(opts.project!, '--project'),
  };
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.color !== undefined) body.color = parseHexColor(opts.color, '--color');

  const client = await ctx.api();
  const milestone = await createMilestone(client, body, `pwctl milestones list --project ${body.project_id}`);
  if (!milestone) return;
  ctx.io.notice(`✓ created milestone ${escapeInline(String(milestone.id))}`);
  await ctx.output.record(milestone, MILESTONE_VIEW);
}
