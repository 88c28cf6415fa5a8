import { reorderStep } from '../../api/steps.js';
import type { ReorderStepBody } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import type { RunOf } from '../declare.js';
import type { reorder } from './edit-verbs.js';
import { STEP_ORDER_VIEW } from './views.js';

export const run: RunOf<typeof reorder> = async (ctx, opts) => {
  if (opts.after === opts.id)
    throw new UsageError('--after must name another task of the same phase, not the task itself');
  // The declaration's rule lets exactly one of the two through.
  const body: ReorderStepBody =
    opts.position !== undefined ? { position: opts.position } : { after_step_id: opts.after! };
  ctx.output.checkFields(STEP_ORDER_VIEW);
  const client = await ctx.api();
  const step = await reorderStep(client, opts.id, body);
  await ctx.output.record(step, STEP_ORDER_VIEW);
};
