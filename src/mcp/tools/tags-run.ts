// A task's tags: the tools' run functions, over src/api/tags.ts and the tags commands' code.
import { listTags, setTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type TagReference } from '../../api/types.js';
import { addTagsInParts } from '../../commands/tags/add-in-parts.js';
import { explainTagError } from '../../commands/tags/print.js';
import { removeTagsEach } from '../../commands/tags/remove-each.js';
import { checkTypedRef, uniqueRefs } from '../../commands/tags/tag-ref.js';
import { UsageError } from '../../errors.js';
import { id, ids } from '../checks.js';
import type { Args, ToolContext, ToolData } from '../tool.js';

/** The references, each checked and typed as sent, repeats left out. */
function refsOf(args: Args): TagReference[] {
  return uniqueRefs((args.tags as TagReference[]).map((ref, i) => checkTypedRef(ref, `tags[${i}]`)));
}

export async function tagsList(args: Args, ctx: ToolContext): Promise<ToolData> {
  const stepId = id(args, 'step_id');
  return { data: await listTags(await ctx.api(), stepId) };
}

export async function tagsAdd(args: Args, ctx: ToolContext): Promise<ToolData> {
  const [stepId, refs] = [id(args, 'step_id'), refsOf(args)];
  return { data: await addTagsInParts(await ctx.api(), stepId, refs, args.create_missing !== false) };
}

export async function tagsSet(args: Args, ctx: ToolContext): Promise<ToolData> {
  const [stepId, refs] = [id(args, 'step_id'), refsOf(args)];
  if (refs.length > MAX_TAG_REFERENCES) throw new UsageError(`tags: at most ${MAX_TAG_REFERENCES} tags per request, got ${refs.length}`);
  const body = args.create_missing === false ? { tags: refs, create_missing: false } : { tags: refs };
  try {
    return { data: await setTags(await ctx.api(), stepId, body) };
  } catch (error) {
    throw explainTagError(error, refs);
  }
}

export async function tagsRemove(args: Args, ctx: ToolContext): Promise<ToolData> {
  const [stepId, tagIds] = [id(args, 'step_id'), [...new Set(ids(args, 'tag_ids'))]];
  return { data: await removeTagsEach(await ctx.api(), stepId, tagIds) };
}
