import { updateStep } from '../../api/steps.js';
import type { RunOf } from '../declare.js';
import type { move } from './edit-verbs.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof move> = async (ctx, opts) => {
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  // The task takes the audience of its new phase (internal or client-facing).
  const step = await updateStep(client, opts.id, { phase_id: opts.phase });
  await ctx.output.record(step, STEP_VIEW);
  ctx.io.notice(
    `✓ moved task ${opts.id} to phase ${opts.phase} (${step.phase?.is_internal ? 'internal' : 'client-facing'})`,
  );
};
