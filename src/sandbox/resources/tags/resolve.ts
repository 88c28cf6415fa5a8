// The rules of task tags: a JSON number names a tag id, a JSON string a tag name
// (case-insensitive, the task's company only, created when missing unless told not to);
// tags of a retired set are shown but never added or removed.
import { MAX_TAG_REFERENCES, TAG_COLORS, type TagColor } from '../../../api/types.js';
import { takeId, type SandboxState } from '../../state.js';
import { BodyValidator, bodyObject } from '../../validate.js';
import type { TagRecord } from './records.js';

export function isRetired(state: SandboxState, tag: TagRecord): boolean {
  return state.tag_sets[tag.tag_set_id]?.retired === true;
}

export function isRetiredId(state: SandboxState, id: number): boolean {
  const tag = state.tags[id];
  return tag !== undefined && isRetired(state, tag);
}

export function retiredMessage(state: SandboxState, tag: TagRecord): string {
  const set = state.tag_sets[tag.tag_set_id]?.name ?? 'retired';
  return `The tag "${tag.name}" belongs to the retired tag set "${set}" and cannot be added or removed.`;
}

interface Resolved {
  /** Existing tags named by the request, in request order, without repeats. */
  tags: TagRecord[];
  /** Names to create (create_missing), first spelling wins. */
  create: string[];
}

/** Validates the {tags, create_missing} body; all-or-nothing, so nothing is created on 422. */
export function resolveTagBody(state: SandboxState, input: unknown, companyId: number | null): Resolved {
  const body = bodyObject(input);
  const v = new BodyValidator(body);
  const createMissing = v.boolean('create_missing') ?? true;
  const refs = body.tags;
  const resolved: Resolved = { tags: [], create: [] };
  if (refs === undefined || refs === null) {
    v.fail('tags', 'The tags field is required.');
  } else if (!Array.isArray(refs)) {
    v.fail('tags', 'The tags field must be an array.');
  } else if (refs.length > MAX_TAG_REFERENCES) {
    v.fail('tags', `The tags field must not have more than ${MAX_TAG_REFERENCES} items.`);
  } else {
    const byName = new Map<string, TagRecord>();
    for (const tag of Object.values(state.tags)) {
      if (tag.company_id !== companyId) continue;
      const key = tag.name.toLowerCase();
      const seen = byName.get(key);
      if (!seen || (isRetired(state, seen) && !isRetired(state, tag))) byName.set(key, tag);
    }
    const creating = new Set<string>();
    refs.forEach((ref: unknown, i) => {
      const field = `tags.${i}`;
      let tag: TagRecord | undefined;
      if (typeof ref === 'number' && Number.isSafeInteger(ref)) {
        tag = state.tags[ref];
        if (!tag || tag.company_id !== companyId) {
          v.fail(field, `The selected tag id ${ref} is invalid: no tag of the task's company has this id.`);
          return;
        }
      } else if (typeof ref === 'string' && ref.trim() !== '') {
        const name = ref.trim();
        tag = byName.get(name.toLowerCase());
        if (!tag) {
          if (!createMissing) v.fail(field, `No tag named "${name}" exists. Send create_missing: true to create it.`);
          else if (!creating.has(name.toLowerCase())) {
            creating.add(name.toLowerCase());
            resolved.create.push(name);
          }
          return;
        }
      } else {
        v.fail(field, `The ${field} field must be a tag id (an integer) or a tag name (a non-empty string).`);
        return;
      }
      if (isRetired(state, tag)) v.fail(field, retiredMessage(state, tag));
      else if (!resolved.tags.includes(tag)) resolved.tags.push(tag);
    });
  }
  v.check();
  return resolved;
}

/** Colour for a tag created by name: deterministic, cycling through the palette by id. */
function colorForNewTag(id: number): TagColor {
  return TAG_COLORS[id % TAG_COLORS.length] as TagColor;
}

/** Tags created by name join the company's first set that is not retired. */
export function createTags(state: SandboxState, companyId: number, names: string[]): TagRecord[] {
  const set = Object.values(state.tag_sets).find((s) => s.company_id === companyId && !s.retired);
  return names.map((name) => {
    const id = takeId(state, 'tag');
    const tag: TagRecord = { id, name, color: colorForNewTag(id), tag_set_id: set?.id ?? 0, company_id: companyId };
    state.tags[id] = tag;
    return tag;
  });
}
