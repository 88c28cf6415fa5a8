// /api/v1/steps/{id}/tags: a task's tags. A JSON number names a tag id, a JSON string a tag
// name (case-insensitive, own company only); retired-set tags are shown but never changed.
import { MAX_TAG_REFERENCES, type Tag } from '../../../api/types.js';
import { companyIdOfStep, requireTeam } from '../../access.js';
import { nowTimestamp } from '../../clock.js';
import { invalid, notFound } from '../../http-error.js';
import { presentTag, tagsOfStep } from '../../present.js';
import { defineRoute, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { colorForNewTag } from '../../seed.js';
import { takeId, type SandboxState, type StepRecord, type TagRecord } from '../../state.js';
import { BodyValidator, bodyObject } from '../../validate.js';
import { emitTaskEvent, findStep } from './routes.js';

function isRetired(state: SandboxState, tag: TagRecord): boolean {
  return state.tag_sets[tag.tag_set_id]?.retired === true;
}

function retiredMessage(state: SandboxState, tag: TagRecord): string {
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
function resolveTagBody(ctx: ApiContext, step: StepRecord): Resolved {
  const body = bodyObject(ctx.body);
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
    const companyId = companyIdOfStep(ctx.state, step);
    const byName = new Map<string, TagRecord>();
    for (const tag of Object.values(ctx.state.tags)) {
      if (tag.company_id !== companyId) continue;
      const key = tag.name.toLowerCase();
      const seen = byName.get(key);
      if (!seen || (isRetired(ctx.state, seen) && !isRetired(ctx.state, tag))) byName.set(key, tag);
    }
    const creating = new Set<string>();
    refs.forEach((ref: unknown, i) => {
      const field = `tags.${i}`;
      let tag: TagRecord | undefined;
      if (typeof ref === 'number' && Number.isSafeInteger(ref)) {
        tag = ctx.state.tags[ref];
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
      if (isRetired(ctx.state, tag)) v.fail(field, retiredMessage(ctx.state, tag));
      else if (!resolved.tags.includes(tag)) resolved.tags.push(tag);
    });
  }
  v.check();
  return resolved;
}

function createTags(state: SandboxState, step: StepRecord, names: string[]): TagRecord[] {
  const companyId = companyIdOfStep(state, step) as number;
  const set = Object.values(state.tag_sets).find((s) => s.company_id === companyId && !s.retired);
  return names.map((name) => {
    const id = takeId(state, 'tag');
    const tag: TagRecord = { id, name, color: colorForNewTag(id), tag_set_id: set?.id ?? 0, company_id: companyId };
    state.tags[id] = tag;
    return tag;
  });
}

interface TagChangeResult {
  data: Tag[];
  added: Tag[];
  removed: Tag[];
  created: Tag[];
}

function applyChange(ctx: ApiContext, step: StepRecord, next: number[], created: TagRecord[]): TagChangeResult {
  const before = new Set(step.tag_ids);
  const after = new Set(next);
  const added = next.filter((id) => !before.has(id));
  const removed = step.tag_ids.filter((id) => !after.has(id));
  const toTags = (ids: number[]): Tag[] =>
    ids.flatMap((id) => {
      const tag = ctx.state.tags[id];
      return tag ? [presentTag(tag)] : [];
    });
  if (added.length || removed.length) {
    step.tag_ids = next;
    step.updated_at = nowTimestamp();
    emitTaskEvent(ctx, 'task.tags_updated', step, {
      tags: tagsOfStep(ctx.state, step),
      added_tags: toTags(added),
      removed_tags: toTags(removed),
    });
  }
  return {
    data: tagsOfStep(ctx.state, step),
    added: toTags(added),
    removed: toTags(removed),
    created: created.map(presentTag),
  };
}

function listTags(ctx: ApiContext) {
  const step = findStep(ctx);
  return ok({ data: tagsOfStep(ctx.state, step), added: [], removed: [], created: [] });
}

function addTags(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Only team members can change tags.');
  const { tags, create } = resolveTagBody(ctx, step);
  const created = createTags(ctx.state, step, create);
  const next = [...step.tag_ids];
  for (const tag of [...tags, ...created]) if (!next.includes(tag.id)) next.push(tag.id);
  return ok(applyChange(ctx, step, next, created), 201);
}

function replaceTags(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Only team members can change tags.');
  const { tags, create } = resolveTagBody(ctx, step);
  const created = createTags(ctx.state, step, create);
  const wanted = new Set([...tags, ...created].map((t) => t.id));
  // Retired tags stay where they are; the rest becomes exactly what was asked for.
  const next = step.tag_ids.filter((id) => wanted.has(id) || isRetiredId(ctx.state, id));
  for (const id of wanted) if (!next.includes(id)) next.push(id);
  return ok(applyChange(ctx, step, next, created));
}

function isRetiredId(state: SandboxState, id: number): boolean {
  const tag = state.tags[id];
  return tag !== undefined && isRetired(state, tag);
}

function removeTag(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Only team members can change tags.');
  const raw = ctx.params.tag_id ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw notFound('Tag not found.');
  const tag = ctx.state.tags[Number(raw)];
  if (tag && tag.company_id === companyIdOfStep(ctx.state, step) && isRetired(ctx.state, tag)) {
    throw invalid('tag_id', retiredMessage(ctx.state, tag));
  }
  return ok(
    applyChange(
      ctx,
      step,
      step.tag_ids.filter((id) => id !== Number(raw)),
      [],
    ),
  );
}

export const tagRoutes: ApiRoute[] = [
  defineRoute('GET', '/api/v1/steps/:id/tags', listTags),
  defineRoute('POST', '/api/v1/steps/:id/tags', addTags),
  defineRoute('PUT', '/api/v1/steps/:id/tags', replaceTags),
  defineRoute('DELETE', '/api/v1/steps/:id/tags/:tag_id', removeTag),
];
