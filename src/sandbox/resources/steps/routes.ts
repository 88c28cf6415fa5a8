// /api/v1/steps: tasks — list, read, create, delete — and the route table of the resource.
import { isTeam, requireCompanyAccess, requireTeam } from '../../access.js';
import { nowTimestamp } from '../../clock.js';
import { validationFailed, type FieldErrors } from '../../http-error.js';
import { paginate, parsePageQuery } from '../../pagination.js';
import { defineRoute, noContent, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { takeId } from '../../state.js';
import { BodyValidator, bodyObject, queryBoolean, queryIncludes, queryInteger } from '../../validate.js';
import { findStep, listablePhases, usablePhase } from './access.js';
import { emitTaskEvent, presentStep } from './present.js';
import type { StepRecord } from './records.js';
import { renumber, reorderStep, stepsInPhase } from './reorder.js';
import { updateStep } from './update.js';

function listSteps(ctx: ApiContext) {
  const errors: FieldErrors = {};
  const companyId = queryInteger(ctx.query, 'company_id', errors);
  const completed = queryBoolean(ctx.query, 'completed', errors);
  const hasDueDate = queryBoolean(ctx.query, 'has_due_date', errors);
  queryBoolean(ctx.query, 'exclude_templates', errors); // deprecated: validated, no effect
  const page = parsePageQuery(ctx.query, errors);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (companyId !== undefined) requireCompanyAccess(ctx.state, ctx.user, companyId);

  const phases = listablePhases(ctx.state, ctx.user, companyId);
  const team = isTeam(ctx.user);
  const steps = Object.values(ctx.state.steps).filter(
    (s) =>
      phases.has(s.phase_id) &&
      (team || s.published) &&
      (completed === undefined || s.completed === completed) &&
      (hasDueDate === undefined || (s.due_date !== null) === hasDueDate),
  );
  const includes = queryIncludes(ctx.query);
  const view = { content: includes.has('content'), tags: includes.has('tags'), assignees: true };
  return ok(paginate(steps, page, ctx.url, (s) => presentStep(ctx.state, s, view)));
}

function getStep(ctx: ApiContext) {
  const step = findStep(ctx);
  const includes = queryIncludes(ctx.query);
  return ok({ data: presentStep(ctx.state, step, { content: includes.has('content'), tags: includes.has('tags') }) });
}

function createStep(ctx: ApiContext) {
  requireTeam(ctx.user, 'Client users cannot create tasks.');
  const v = new BodyValidator(bodyObject(ctx.body));
  const title = v.string('title', { required: true });
  const phaseId = v.integer('phase_id', { required: true });
  const content = v.string('content');
  const dueDate = v.date('due_date', { nullable: true });
  const completed = v.boolean('completed') ?? false;
  const published = v.boolean('published') ?? true;
  const isApproval = v.boolean('is_approval') ?? false;
  if (typeof phaseId === 'number' && !usablePhase(ctx.state, ctx.user, phaseId)) {
    v.fail('phase_id', 'The selected phase id is invalid.');
  }
  v.check();

  const now = nowTimestamp();
  const id = takeId(ctx.state, 'step');
  const step: StepRecord = {
    id,
    title: title as string,
    phase_id: phaseId as number,
    content: content ?? '',
    completed,
    completed_at: completed ? now : null,
    published,
    is_approval: isApproval,
    approval_status: isApproval && completed ? 'approved' : null,
    due_date: dueDate ?? null,
    order: stepsInPhase(ctx.state, phaseId as number).length + 1,
    tag_ids: [],
    assignee_ids: [],
    created_at: now,
    updated_at: now,
  };
  ctx.state.steps[id] = step;
  emitTaskEvent(ctx, 'task.created', step);
  return ok({ data: presentStep(ctx.state, step) });
}

function deleteStep(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Only company members can delete tasks.');
  delete ctx.state.steps[step.id];
  renumber(stepsInPhase(ctx.state, step.phase_id));
  return noContent();
}

export const stepRoutes: ApiRoute[] = [
  defineRoute('GET', '/api/v1/steps', listSteps),
  defineRoute('POST', '/api/v1/steps', createStep),
  defineRoute('GET', '/api/v1/steps/:id', getStep),
  defineRoute('PUT', '/api/v1/steps/:id', updateStep),
  defineRoute('DELETE', '/api/v1/steps/:id', deleteStep),
  defineRoute('POST', '/api/v1/steps/:id/reorder', reorderStep),
];
