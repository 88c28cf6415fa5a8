import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';
import { noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { removeTagsEach } from './remove-each.js';
import { parseTagId } from './tag-ref.js';

export async function run(ctx: Factory, stepArg: string, tagArgs: string[]): Promise<void> {
  const stepId = parseId(stepArg, '<step-id>');
  if (tagArgs.length === 0) throw new UsageError('give at least one <tag-id> to remove');
  const tagIds = [...new Set(tagArgs.map(parseTagId))];
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  const change = await removeTagsEach(client, stepId, tagIds);
  if (!change) return; // --dry-run
  await printTagChange(ctx, stepId, change);
  noticeTagChange(ctx, stepId, change);
}
