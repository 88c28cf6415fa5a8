import { updateStep } from '../../api/steps.js';
import type { UpdateStepBody } from '../../api/types.js';
import type { RunOf } from '../declare.js';
import type { update } from './edit-verbs.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof update> = async (ctx, opts) => {
  const body: UpdateStepBody = {};
  if (opts.title !== undefined) body.title = opts.title;
  if (opts.content !== undefined) body.content = opts.content.text;
  if (opts.published !== undefined) body.published = opts.published;
  if (opts.approval !== undefined) body.is_approval = opts.approval;
  if (opts.due !== undefined) body.due_date = opts.due;
  if (opts.phase !== undefined) body.phase_id = opts.phase;
  if (opts.allowRemovingAttachments) body.allow_removing_attachments = true;
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  const step = await updateStep(client, opts.id, body);
  await ctx.output.record(step, STEP_VIEW);
};
