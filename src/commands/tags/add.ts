import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';
import { addTagsInParts } from './add-in-parts.js';
import { noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { parseTagRef, uniqueRefs } from './tag-ref.js';

export interface AddOptions {
  /** false for --no-create. */
  create?: boolean;
}

export async function run(ctx: Factory, stepArg: string, tagArgs: string[], opts: AddOptions): Promise<void> {
  const stepId = parseId(stepArg, '<step-id>');
  if (tagArgs.length === 0) throw new UsageError('give at least one <tag> to add (an id, a name, id:<n> or name:<text>)');
  const refs = uniqueRefs(tagArgs.map(parseTagRef));
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  const change = await addTagsInParts(client, stepId, refs, opts.create !== false);
  if (!change) return; // --dry-run
  await printTagChange(ctx, stepId, change);
  noticeTagChange(ctx, stepId, change);
}
