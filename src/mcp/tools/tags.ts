// A task's tags: what tools/list shows (run functions in tags-run.ts, loaded at the first
// call). Arguments are typed by JSON as the API types them: a number is a tag id, a
// string a tag name ("12" is the tag named 12).
import { MAX_TAG_REFERENCES } from '../../api/types.js';
import { FLAG, ID, IDS, object } from '../schema.js';
import type { Tool } from '../tool.js';

const TAG_REFS = { type: 'array', items: { type: ['integer', 'string'] }, description: 'tag ids (numbers) or names (strings)' };

export const TAG_TOOLS: Tool[] = [
  {
    name: 'tags_list',
    description: "List a task's tags.",
    inputSchema: object({ step_id: ID }, ['step_id']),
    writes: false,
    run: async (args, ctx) => (await import('./tags-run.js')).tagsList(args, ctx),
  },
  {
    name: 'tags_add',
    description: 'Add tags to a task; unknown names are created unless create_missing is false.',
    inputSchema: object({ step_id: ID, tags: { ...TAG_REFS, minItems: 1 }, create_missing: FLAG }, ['step_id', 'tags']),
    writes: true,
    run: async (args, ctx) => (await import('./tags-run.js')).tagsAdd(args, ctx),
  },
  {
    name: 'tags_set',
    description: "Replace a task's tags; [] removes them all.",
    inputSchema: object({ step_id: ID, tags: { ...TAG_REFS, maxItems: MAX_TAG_REFERENCES }, create_missing: FLAG }, ['step_id', 'tags']),
    writes: true,
    run: async (args, ctx) => (await import('./tags-run.js')).tagsSet(args, ctx),
  },
  {
    name: 'tags_remove',
    description: 'Remove tags from a task, by id.',
    inputSchema: object({ step_id: ID, tag_ids: IDS }, ['step_id', 'tag_ids']),
    writes: true,
    run: async (args, ctx) => (await import('./tags-run.js')).tagsRemove(args, ctx),
  },
];
