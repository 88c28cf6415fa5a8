import type { RunOf } from '../declare.js';
import type { remove } from './index.js';
import { noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { removeTagsEach } from './remove-each.js';

export const run: RunOf<typeof remove> = async (ctx, opts) => {
  const tagIds = [...new Set(opts.tagIds)];
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  const change = await removeTagsEach(client, opts.stepId, tagIds);
  await printTagChange(ctx, opts.stepId, change);
  noticeTagChange(ctx, opts.stepId, change);
};
