import { listTags } from '../../api/tags.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { printTagChange, TAG_ROW_VIEW } from './print.js';

export async function run(ctx: Factory, stepArg: string): Promise<void> {
  const stepId = parseId(stepArg, '<step-id>');
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  await printTagChange(ctx, stepId, await listTags(client, stepId));
}
