import { updateMilestone } from '../../api/milestones.js';
import { MAX_MILESTONE_TITLE, type UpdateMilestoneBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseDate, parseHexColor, parseId, requireMaxLength, requireNonEmpty } from '../../validate.js';
import { MILESTONE_VIEW } from './views.js';

export interface UpdateMilestoneOptions {
  title?: string;
  due?: string;
  description?: string;
  color?: string;
}

export async function run(ctx: Factory, idArg: string, opts: UpdateMilestoneOptions): Promise<void> {
  const id = parseId(idArg, '<id>');
  ctx.output.checkFields(MILESTONE_VIEW);
  const body: UpdateMilestoneBody = {};
  if (opts.title !== undefined) body.title = requireMaxLength(requireNonEmpty(opts.title, '--title'), MAX_MILESTONE_TITLE, '--title');
  if (opts.due !== undefined) body.due_date = parseDate(opts.due, '--due');
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.color !== undefined) body.color = parseHexColor(opts.color, '--color');
  if (Object.keys(body).length === 0) throw new UsageError('nothing to update: pass --title, --due, --description or --color');

  const client = await ctx.api();
  const milestone = await updateMilestone(client, id, body);
  if (milestone) await ctx.output.record(milestone, MILESTONE_VIEW);
}
