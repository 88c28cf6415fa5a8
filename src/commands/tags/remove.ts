import { listTags } from '../../api/tags.js';
import type { TagReference } from '../../api/types.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { remove } from './index.js';
import { noticeTagChange, printTagChange, TAG_ROW_VIEW } from './print.js';
import { removeTagsEach } from './remove-each.js';
import { describeRef, uniqueRefs } from './tag-ref.js';

export const run: RunOf<typeof remove> = async (ctx, opts) => {
  const { stepId } = opts;
  if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
  const client = await ctx.api();
  const refs = uniqueRefs(opts.tags);
  // The API removes by id: names are looked up among the task's own tags (one GET).
  const ids = refs.every((ref) => typeof ref === 'number')
    ? (refs as number[])
    : resolveNames(ctx, stepId, refs, (await listTags(client, stepId)).data);
  if (ids.length === 0) return;
  const change = await removeTagsEach(client, stepId, [...new Set(ids)]);
  await printTagChange(ctx, stepId, change);
  noticeTagChange(ctx, stepId, change);
};

/** Ids as given, names as the task's tags of that name (any case); a name the task does not have removes nothing, and says so. */
function resolveNames(
  ctx: Ctx,
  stepId: number,
  refs: readonly TagReference[],
  onTask: readonly { id: number; name: string }[],
): number[] {
  const ids: number[] = [];
  for (const ref of refs) {
    if (typeof ref === 'number') ids.push(ref);
    else {
      const tag = onTask.find((t) => t.name.toLowerCase() === ref.trim().toLowerCase());
      if (tag) ids.push(tag.id);
      else
        ctx.io.notice(
          `task ${stepId} has no tag ${describeRef(ref)}; nothing to remove for it (its tags: ${onTask.map((t) => t.name).join(', ') || 'none'})`,
        );
    }
  }
  return ids;
}
