import { setTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type TagsBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';
import { explainTagError, noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { keptUnrequested } from './tag-change.js';
import { parseTagRef, uniqueRefs } from './tag-ref.js';

export interface SetOptions {
  clear?: boolean;
  /** false for --no-create. */
  create?: boolean;
}

export async function run(ctx: Factory, stepArg: string, tagArgs: string[], opts: SetOptions): Promise<void> {
  const stepId = parseId(stepArg, '<step-id>');
  if (opts.clear && tagArgs.length > 0) throw new UsageError('--clear cannot be combined with <tag> arguments: give the tags to keep, or --clear to remove them all');
  if (!opts.clear && tagArgs.length === 0) throw new UsageError('give the <tag>s the task should have, or --clear to remove them all');
  const refs = uniqueRefs(tagArgs.map(parseTagRef));
  // A replacement cannot be split without the task passing through a wrong state.
  if (refs.length > MAX_TAG_REFERENCES) {
    throw new UsageError(`tags set takes at most ${MAX_TAG_REFERENCES} tags per request, got ${refs.length}; use \`tags add\` for longer lists`);
  }
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const body: TagsBody = opts.create === false ? { tags: refs, create_missing: false } : { tags: refs };
  const client = await ctx.api();
  let change;
  try {
    change = await setTags(client, stepId, body);
  } catch (error) {
    throw explainTagError(error, refs);
  }
  if (!change) return; // --dry-run
  const retired = keptUnrequested(change, refs);
  await printTagChange(ctx, stepId, change, retired);
  noticeTagChange(ctx, stepId, change);
  if (retired.size > 0) ctx.io.notice(`${retired.size} retired-set tag${retired.size === 1 ? '' : 's'} stayed on the task: the service never adds or removes them`);
}
