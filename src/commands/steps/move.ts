import { updateStep } from '../../api/steps.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';
import { STEP_VIEW } from './views.js';

export interface MoveOptions {
  phase?: string;
}

export async function run(ctx: Factory, idArg: string, opts: MoveOptions): Promise<void> {
  const id = parseId(idArg, '<id>');
  if (opts.phase === undefined) throw new UsageError('--phase <id> is required: the phase to move the task to');
  const phaseId = parseId(opts.phase, '--phase');
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  // The task takes the audience of its new phase (internal or client-facing).
  const step = await updateStep(client, id, { phase_id: phaseId });
  await ctx.output.record(step, STEP_VIEW);
  if (step) ctx.io.notice(`✓ moved task ${id} to phase ${phaseId} (${step.phase?.is_internal ? 'internal' : 'client-facing'})`);
}
