import { addTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type TagChange } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';
import { explainTagError, noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { mergeTagChanges } from './tag-change.js';
import { chunk, parseTagRef, uniqueRefs } from './tag-ref.js';

export interface AddOptions {
  /** false for --no-create. */
  create?: boolean;
}

export async function run(ctx: Factory, stepArg: string, tagArgs: string[], opts: AddOptions): Promise<void> {
  const stepId = parseId(stepArg, '<step-id>');
  if (tagArgs.length === 0) throw new UsageError('give at least one <tag> to add (an id, a name, id:<n> or name:<text>)');
  const refs = uniqueRefs(tagArgs.map(parseTagRef));
  if (ctx.output.format === 'table') ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  // The service takes at most 100 references per request; adding is cumulative, so a
  // longer list is sent in parts.
  const changes: TagChange[] = [];
  for (const [i, part] of chunk(refs, MAX_TAG_REFERENCES).entries()) {
    const body = opts.create === false ? { tags: part, create_missing: false } : { tags: part };
    try {
      const change = await addTags(client, stepId, body);
      if (change) changes.push(change);
    } catch (error) {
      const done = i * MAX_TAG_REFERENCES;
      throw explainTagError(error, part, done > 0 ? `the first ${done} tags were added; the rest failed: ` : '');
    }
  }
  if (changes.length === 0) return; // --dry-run
  const change = mergeTagChanges(changes);
  await printTagChange(ctx, stepId, change);
  noticeTagChange(ctx, stepId, change);
}
