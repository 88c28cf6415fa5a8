import { getStep, updateStep } from '../../api/steps.js';
import type { Step } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { editBody, editorCommand } from '../editor.js';
import { STEP_VIEW } from './views.js';

export async function run(ctx: Factory, idArg: string): Promise<void> {
  const id = parseId(idArg, '<id>');
  editorCommand(ctx.env); // no editor configured: say so before any request
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  const step = await getStep(client, id, ['content']);
  let updated: Step | undefined;
  const changed = await editBody(ctx, step.content ?? '', `task-${id}`, async (text) => {
    updated = await updateStep(client, id, { content: text });
  });
  if (!changed) return;
  await ctx.output.record(updated, STEP_VIEW);
  if (updated) ctx.io.notice(`✓ updated the body of task ${id}`);
}
