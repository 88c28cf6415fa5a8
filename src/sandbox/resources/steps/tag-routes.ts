// /api/v1/steps/{id}/tags: a task's tags, listed and changed (the rules are the tags
// resource's, tags/resolve.ts). Every change fires task.tags_updated.
import type { Tag } from '../../../api/types.js';
import { requireTeam } from '../../access.js';
import { nowTimestamp } from '../../clock.js';
import { invalid, notFound } from '../../http-error.js';
import { defineRoute, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { presentTag, presentTags } from '../tags/present.js';
import type { TagRecord } from '../tags/records.js';
import { createTags, isRetired, isRetiredId, resolveTagBody, retiredMessage } from '../tags/resolve.js';
import { companyIdOfStep, findStep } from './access.js';
import { emitTaskEvent } from './present.js';
import type { StepRecord } from './records.js';

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
  if (added.length || removed.length) {
    step.tag_ids = next;
    step.updated_at = nowTimestamp();
    emitTaskEvent(ctx, 'task.tags_updated', step, {
      tags: presentTags(ctx.state, step.tag_ids),
      added_tags: presentTags(ctx.state, added),
      removed_tags: presentTags(ctx.state, removed),
    });
  }
  return {
    data: presentTags(ctx.state, step.tag_ids),
    added: presentTags(ctx.state, added),
    removed: presentTags(ctx.state, removed),
    created: created.map(presentTag),
  };
}

function listTags(ctx: ApiContext) {
  const step = findStep(ctx);
  return ok({ data: presentTags(ctx.state, step.tag_ids), added: [], removed: [], created: [] });
}

function addTags(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Only team members can change tags.');
  const companyId = companyIdOfStep(ctx.state, step);
  const { tags, create } = resolveTagBody(ctx.state, ctx.body, companyId);
  const created = createTags(ctx.state, companyId as number, create);
  const next = [...step.tag_ids];
  for (const tag of [...tags, ...created]) if (!next.includes(tag.id)) next.push(tag.id);
  return ok(applyChange(ctx, step, next, created), 201);
}

function replaceTags(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Only team members can change tags.');
  const companyId = companyIdOfStep(ctx.state, step);
  const { tags, create } = resolveTagBody(ctx.state, ctx.body, companyId);
  const created = createTags(ctx.state, companyId as number, create);
  const wanted = new Set([...tags, ...created].map((t) => t.id));
  // Retired tags stay where they are; the rest becomes exactly what was asked for.
  const next = step.tag_ids.filter((id) => wanted.has(id) || isRetiredId(ctx.state, id));
  for (const id of wanted) if (!next.includes(id)) next.push(id);
  return ok(applyChange(ctx, step, next, created));
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
