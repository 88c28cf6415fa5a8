// A task's tags: the tools over src/api/tags.ts. Arguments are typed by JSON as the API
// types them: a number is a tag id, a string a tag name ("12" is the tag named 12).
import { listTags, setTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type TagReference } from '../../api/types.js';
import { addTagsInParts } from '../../commands/tags/add-in-parts.js';
import { explainTagError } from '../../commands/tags/print.js';
import { removeTagsEach } from '../../commands/tags/remove-each.js';
import { checkTypedRef, uniqueRefs } from '../../commands/tags/tag-ref.js';
import { UsageError } from '../../errors.js';
import { id, ids } from '../checks.js';
import { FLAG, ID, IDS, object } from '../schema.js';
import type { Args, Tool } from '../tool.js';

const TAG_REFS = { type: 'array', items: { type: ['integer', 'string'] }, description: 'tag ids (numbers) or names (strings)' };

/** The references, each checked and typed as sent, repeats left out. */
function refsOf(args: Args): TagReference[] {
  return uniqueRefs((args.tags as TagReference[]).map((ref, i) => checkTypedRef(ref, `tags[${i}]`)));
}

export const TAG_TOOLS: Tool[] = [
  {
    name: 'tags_list',
    description: "List a task's tags.",
    inputSchema: object({ step_id: ID }, ['step_id']),
    writes: false,
    async run(args, ctx) {
      const stepId = id(args, 'step_id');
      return { data: await listTags(await ctx.api(), stepId) };
    },
  },
  {
    name: 'tags_add',
    description: 'Add tags to a task; unknown names are created unless create_missing is false.',
    inputSchema: object({ step_id: ID, tags: { ...TAG_REFS, minItems: 1 }, create_missing: FLAG }, ['step_id', 'tags']),
    writes: true,
    async run(args, ctx) {
      const [stepId, refs] = [id(args, 'step_id'), refsOf(args)];
      return { data: await addTagsInParts(await ctx.api(), stepId, refs, args.create_missing !== false) };
    },
  },
  {
    name: 'tags_set',
    description: "Replace a task's tags; [] removes them all.",
    inputSchema: object({ step_id: ID, tags: { ...TAG_REFS, maxItems: MAX_TAG_REFERENCES }, create_missing: FLAG }, ['step_id', 'tags']),
    writes: true,
    async run(args, ctx) {
      const [stepId, refs] = [id(args, 'step_id'), refsOf(args)];
      if (refs.length > MAX_TAG_REFERENCES) throw new UsageError(`tags: at most ${MAX_TAG_REFERENCES} tags per request, got ${refs.length}`);
      const body = args.create_missing === false ? { tags: refs, create_missing: false } : { tags: refs };
      try {
        return { data: await setTags(await ctx.api(), stepId, body) };
      } catch (error) {
        throw explainTagError(error, refs);
      }
    },
  },
  {
    name: 'tags_remove',
    description: 'Remove tags from a task, by id.',
    inputSchema: object({ step_id: ID, tag_ids: IDS }, ['step_id', 'tag_ids']),
    writes: true,
    async run(args, ctx) {
      const [stepId, tagIds] = [id(args, 'step_id'), [...new Set(ids(args, 'tag_ids'))]];
      return { data: await removeTagsEach(await ctx.api(), stepId, tagIds) };
    },
  },
];
