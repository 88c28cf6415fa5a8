import { getStep, updateStep } from '../../api/steps.js';
import type { Step } from '../../api/types.js';
import type { RunOf } from '../declare.js';
import { editBody, editorFor } from '../editor.js';
import type { edit } from './edit-verbs.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof edit> = async (ctx, opts) => {
  const { id } = opts;
  editorFor(ctx); // no editor usable here: say so before any request
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  const step = await getStep(client, id, ['content']);
  let updated: Step | undefined;
  const changed = await editBody(ctx, step.content ?? '', `task-${id}`, async (text) => {
    updated = await updateStep(client, id, { content: text });
  });
  if (!changed || !updated) return;
  await ctx.output.record(updated, STEP_VIEW);
  ctx.io.notice(`✓ updated the body of task ${id}`);
};
