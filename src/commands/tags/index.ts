// A task's tags: every verb, declared once. Their run functions are the files beside this one.
// A <tag> of digits is an id (sent as a JSON number), anything else a name (a JSON string);
// an agent types them by JSON itself.
import { MAX_TAG_REFERENCES } from '../../api/types.js';
import { bind, nounBody, verb } from '../declare.js';
import { customList, flag, id } from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { pickSteps } from '../pick.js';
import { checkTypedRef, parseTagRef } from './tag-ref.js';

const TAG_DETAILS =
  'A <tag> of digits is a tag id (sent as a JSON number); anything else is a tag name (a JSON string).\n' +
  'Force the reading with id:<n> or name:<text> (name:2024 is the tag named 2024).\n' +
  "Names match case-insensitively among your company's tags; unknown names are created unless --no-create.";

const stepId = id('<step-id>', 'task id', { required: true, complete: { ids: 'steps' }, prompt: pickSteps('Task') });
const TAG_REFS = {
  type: 'array',
  items: { type: ['integer', 'string'] },
  description: 'tag ids (numbers) or names (strings)',
};
const typedRefs = (value: unknown, field: string) =>
  (value as (number | string)[]).map((ref, i) => checkTypedRef(ref, `${field}[${i}]`));
export const NO_CREATE = flag('--no-create', 'fail instead of creating tags for unknown names', {
  field: 'create_missing',
});

export const list = verb({
  name: 'list',
  summary: "show the tags of a task, or (--company) the tags a company's tasks carry",
  details: `With a task id: its tags. With --company (or the default company, \`pwctl config set company <id>\`):
the company's tag vocabulary as its tasks show it, {id, name, color, steps} per tag (steps: how many
tasks you can see carry it), read from every task of the company in pages of 1000. The API has no
list of a company's tags: a tag no task carries is not listed.`,
  flags: () => ({
    stepId: id('[step-id]', 'task id', { complete: { ids: 'steps' } }),
    company: id('--company', "the company's tags instead, with how many tasks carry each", { field: 'company_id' }),
    ...LIST_FLAGS,
  }),
  rules: [{ exclusive: ['stepId', 'company'] }],
  examples: [
    'pwctl tags list 42',
    'pwctl tags list 42 -o json | jq ".data[].name"',
    'pwctl tags list --company 1 --all',
  ],
  mcp: {
    description: "List a task's tags (step_id), or a company's tags with task counts (company_id).",
  },
});

/** The tags `add` and `remove` take: one at least. */
const SOME_TAGS = customList(
  '<tag...>',
  'tag ids or names',
  parseTagRef,
  { schema: { ...TAG_REFS, minItems: 1 }, fromJson: typedRefs },
  { required: true },
);

export const add = verb({
  name: 'add',
  summary: 'add tags to a task, keeping the ones it has',
  details: TAG_DETAILS,
  flags: () => ({
    stepId,
    tags: SOME_TAGS,
    create: NO_CREATE,
  }),
  examples: ['pwctl tags add 42 urgent 63 name:2024'],
  effects: { writes: true },
  mcp: { description: 'Add tags to a task; unknown names are created unless create_missing is false.' },
});

export const set = verb({
  name: 'set',
  summary: `replace the tags of a task (at most ${MAX_TAG_REFERENCES}); --clear removes them all`,
  details: TAG_DETAILS,
  flags: () => ({
    stepId,
    tags: customList('[tag...]', 'tag ids or names', parseTagRef, {
      schema: { ...TAG_REFS, maxItems: MAX_TAG_REFERENCES },
      fromJson: typedRefs,
    }),
    clear: flag('--clear', 'remove every tag (retired-set tags stay)', { field: false }),
    create: NO_CREATE,
  }),
  rules: [{ exactlyOne: ['tags', 'clear'] }],
  examples: ['pwctl tags set 42 urgent "client review"', 'pwctl tags set 42 --clear'],
  effects: { writes: true },
  mcp: { description: "Replace a task's tags; [] removes them all." },
});

export const remove = verb({
  name: 'remove',
  summary: "take tags off a task, by id or by name (a name is found among the task's own tags)",
  details: TAG_DETAILS.split('\n').slice(0, 2).join('\n'),
  flags: () => ({
    stepId,
    tags: SOME_TAGS,
  }),
  examples: ['pwctl tags remove 42 63', 'pwctl tags remove 42 urgent "client review"'],
  effects: { writes: true },
  mcp: { description: "Remove tags from a task: ids, or names found among the task's tags." },
});

export const tags = nounBody({
  examples: [
    'pwctl tags list 42',
    'pwctl tags list --company 1',
    'pwctl tags add 42 urgent "client review" 12',
    'pwctl tags set 42 --clear',
  ],
  commands: [
    bind(list, () => import('./list.js')),
    bind(add, () => import('./add.js')),
    bind(set, () => import('./set.js')),
    bind(remove, () => import('./remove.js')),
  ],
});
