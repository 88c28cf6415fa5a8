import { setTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type TagsBody } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import type { RunOf } from '../declare.js';
import { NO_CREATE, type set } from './index.js';
import { explainTagError, noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { keptUnrequested } from './tag-change.js';
import { uniqueRefs } from './tag-ref.js';

export const run: RunOf<typeof set> = async (ctx, opts) => {
  const { stepId } = opts;
  // The tags, or --clear (the declaration's rule says one of them). An agent clears with an
  // empty list; the command line with --clear.
  const refs = uniqueRefs(opts.tags ?? []);
  // A replacement cannot be split without the task passing through a wrong state.
  if (refs.length > MAX_TAG_REFERENCES) {
    throw new UsageError(
      `tags set takes at most ${MAX_TAG_REFERENCES} tags per request, got ${refs.length}; use \`tags add\` for longer lists`,
    );
  }
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const body: TagsBody = opts.create ? { tags: refs } : { tags: refs, create_missing: false };
  const client = await ctx.api();
  const change = await setTags(client, stepId, body).catch((error: unknown) => {
    throw explainTagError(error, refs, { noCreate: opts.create ? undefined : ctx.given(NO_CREATE, false) });
  });
  const retired = keptUnrequested(change, refs);
  await printTagChange(ctx, stepId, change, retired);
  noticeTagChange(ctx, stepId, change);
  if (retired.size > 0)
    ctx.io.notice(
      `${retired.size} retired-set tag${retired.size === 1 ? '' : 's'} stayed on the task: the service never adds or removes them`,
    );
};
