import { createStep } from '../../api/steps.js';
import type { CreateStepBody } from '../../api/types.js';
import type { RunOf } from '../declare.js';
import type { create } from './edit-verbs.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof create> = async (ctx, opts) => {
  const body: CreateStepBody = { title: opts.title, phase_id: opts.phase };
  if (opts.content !== undefined) body.content = opts.content.text;
  if (opts.due !== undefined) body.due_date = opts.due;
  if (opts.published !== undefined) body.published = opts.published;
  if (opts.approval) body.is_approval = true;
  if (opts.completed) body.completed = true;
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  const step = await createStep(client, body, 'pwctl steps list --all --fields id,title,phase.id');
  await ctx.output.record(step, STEP_VIEW);
  ctx.io.notice(`✓ created task ${step.id} in phase ${body.phase_id}`);
};
