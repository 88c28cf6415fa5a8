import type { RunOf } from '../declare.js';
import { addTagsInParts } from './add-in-parts.js';
import { NO_CREATE, type add } from './index.js';
import { noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { uniqueRefs } from './tag-ref.js';

export const run: RunOf<typeof add> = async (ctx, opts) => {
  const refs = uniqueRefs(opts.tags);
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  const change = await addTagsInParts(client, opts.stepId, refs, opts.create ? undefined : ctx.given(NO_CREATE, false));
  await printTagChange(ctx, opts.stepId, change);
  noticeTagChange(ctx, opts.stepId, change);
};
