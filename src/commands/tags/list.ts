import { listTags } from '../../api/tags.js';
import type { RunOf } from '../declare.js';
import type { list } from './index.js';
import { printTagChange, TAG_ROW_VIEW } from './print.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  await printTagChange(ctx, opts.stepId, await listTags(client, opts.stepId));
};
