import { removeTag } from '../../api/tags.js';
import type { TagChange } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';
import { explainTagError, noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { mergeTagChanges } from './tag-change.js';
import { parseTagId } from './tag-ref.js';

export async function run(ctx: Factory, stepArg: string, tagArgs: string[]): Promise<void> {
  const stepId = parseId(stepArg, '<step-id>');
  if (tagArgs.length === 0) throw new UsageError('give at least one <tag-id> to remove');
  const tagIds = [...new Set(tagArgs.map(parseTagId))];
  if (ctx.output.format === 'table') ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  // The API removes one tag per request.
  const changes: TagChange[] = [];
  for (const [i, tagId] of tagIds.entries()) {
    try {
      const change = await removeTag(client, stepId, tagId);
      if (change) changes.push(change);
    } catch (error) {
      throw explainTagError(error, [], i > 0 ? `removed ${tagIds.slice(0, i).join(', ')}; then tag ${tagId} failed: ` : '');
    }
  }
  if (changes.length === 0) return; // --dry-run
  const change = mergeTagChanges(changes);
  await printTagChange(ctx, stepId, change);
  noticeTagChange(ctx, stepId, change);
}
