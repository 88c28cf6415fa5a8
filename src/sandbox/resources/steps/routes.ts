// /api/v1/steps: tasks, the approval flow, moves between phases and reordering.
import { APPROVAL_STATUSES } from '../../../api/types.js';
import {
  canSeeStep,
  companyIdOfProject,
  companyIdOfStep,
  isMemberOf,
  isTeam,
  requireCompanyAccess,
  requireTeam,
} from '../../access.js';
import { dueDateTimestamp, nowTimestamp } from '../../clock.js';
import { forbidden, notFound, validationFailed, type FieldErrors } from '../../http-error.js';
import { preserveMarkers } from '../../markdown.js';
import { paginate, parsePageQuery } from '../../pagination.js';
import { presentStep, taskPayload } from '../../present.js';
import { defineRoute, idParam, noContent, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { takeId, type SandboxState, type StepRecord, type UserRecord } from '../../state.js';
import { BodyValidator, bodyObject, queryBoolean, queryIncludes, queryInteger } from '../../validate.js';

/** The task named by the path, if the caller can see it; 404 otherwise. */
export function findStep(ctx: ApiContext): StepRecord {
  const step = ctx.state.steps[idParam(ctx)];
  if (!step || !canSeeStep(ctx.state, ctx.user, step)) throw notFound('Task not found.');
  return step;
}

export function emitTaskEvent(
  ctx: ApiContext,
  event: 'task.created' | 'task.completed' | 'task.due_date_updated' | 'task.tags_updated',
  step: StepRecord,
  extra: object = {},
): void {
  const companyId = companyIdOfStep(ctx.state, step);
  if (companyId !== null) ctx.emit(event, companyId, { ...taskPayload(ctx.state, step), ...extra });
}

/** A phase a team member may put tasks in: any phase of a project of one of their companies. */
function usablePhase(state: SandboxState, user: UserRecord, phaseId: number): boolean {
  const phase = state.phases[phaseId];
  const companyId = phase ? companyIdOfProject(state, phase.project_id) : null;
  return companyId !== null && isMemberOf(user, companyId);
}

function stepsInPhase(state: SandboxState, phaseId: number): StepRecord[] {
  return Object.values(state.steps)
    .filter((s) => s.phase_id === phaseId)
    .sort((a, b) => a.order - b.order || a.id - b.id);
}

function renumber(steps: StepRecord[]): void {
  steps.forEach((s, i) => {
    s.order = i + 1;
  });
}

/** Phases whose tasks a list may show: visible, not templates, optionally one company. */
function listablePhases(state: SandboxState, user: UserRecord, companyId: number | undefined): Set<number> {
  const ids = new Set<number>();
  const team = isTeam(user);
  for (const phase of Object.values(state.phases)) {
    const project = state.projects[phase.project_id];
    const client = project && state.clients[project.client_id];
    if (!project || !client || project.is_template) continue;
    if (companyId !== undefined && client.company_id !== companyId) continue;
    if (team ? isMemberOf(user, client.company_id) : project.client_id === user.client_id && !phase.is_internal) {
      ids.add(phase.id);
    }
  }
  return ids;
}

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

const CLIENT_EDITABLE = new Set(['completed', 'approval_status']);

function updateStep(ctx: ApiContext) {
  const step = findStep(ctx);
  const body = bodyObject(ctx.body);
  if (!isTeam(ctx.user) && Object.keys(body).some((k) => !CLIENT_EDITABLE.has(k))) {
    throw forbidden('Client users can only complete, approve or reopen tasks.');
  }
  const v = new BodyValidator(body);
  const title = v.string('title', { filled: true });
  const content = v.string('content');
  const completed = v.boolean('completed');
  const published = v.boolean('published');
  const isApproval = v.boolean('is_approval');
  const approvalStatus = v.oneOf('approval_status', APPROVAL_STATUSES);
  const dueDate = v.date('due_date', { nullable: true });
  const phaseId = v.integer('phase_id');
  const allowRemoving = v.boolean('allow_removing_attachments') ?? false;
  if (typeof phaseId === 'number' && !usablePhase(ctx.state, ctx.user, phaseId)) {
    v.fail('phase_id', 'The selected phase id is invalid.');
  }
  if (approvalStatus !== undefined) {
    if (!(isApproval ?? step.is_approval)) {
      v.fail('approval_status', 'The approval status field is only valid for approval tasks.');
    } else if (!(completed === true || (completed === undefined && step.completed))) {
      v.fail(
        'approval_status',
        'The approval status field is only valid together with completed: true, or on an already completed approval task.',
      );
    }
  }
  v.check();

  const now = nowTimestamp();
  const previousDue = step.due_date;
  let justCompleted = false;
  if (title !== undefined && title !== null) step.title = title;
  if (content !== undefined && content !== null) {
    step.content = allowRemoving ? content : preserveMarkers(step.content, content);
  }
  if (published !== undefined) step.published = published;
  if (isApproval !== undefined) step.is_approval = isApproval;
  if (completed === true && !step.completed) {
    step.completed = true;
    step.completed_at = now;
    justCompleted = true;
  } else if (completed === false && step.completed) {
    step.completed = false;
    step.completed_at = null;
  }
  if (step.is_approval && step.completed) step.approval_status = approvalStatus ?? step.approval_status ?? 'approved';
  else step.approval_status = null;
  const dueChanged = dueDate !== undefined && dueDate !== previousDue;
  if (dueChanged) step.due_date = dueDate;
  if (typeof phaseId === 'number' && phaseId !== step.phase_id) {
    const oldPhase = step.phase_id;
    step.phase_id = phaseId;
    step.order = Number.MAX_SAFE_INTEGER;
    renumber(stepsInPhase(ctx.state, oldPhase));
    renumber(stepsInPhase(ctx.state, phaseId));
  }
  step.updated_at = now;

  if (justCompleted) emitTaskEvent(ctx, 'task.completed', step, { completed_at: step.completed_at });
  if (dueChanged) {
    emitTaskEvent(ctx, 'task.due_date_updated', step, {
      previous_due_date: dueDateTimestamp(previousDue),
      due_date_updated_at: now,
    });
  }
  return ok({ data: presentStep(ctx.state, step) });
}

function reorderStep(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Client users cannot reorder tasks.');
  const v = new BodyValidator(bodyObject(ctx.body));
  const position = v.oneOf('position', ['first', 'last'] as const);
  const afterId = v.integer('after_step_id');
  if (v.has('position') && v.has('after_step_id')) {
    v.fail('position', 'Send either position or after_step_id, not both.');
  } else if (!v.has('position') && !v.has('after_step_id')) {
    v.fail('position', 'The position field is required when after step id is not present.');
  }
  let after: StepRecord | undefined;
  if (typeof afterId === 'number') {
    after = ctx.state.steps[afterId];
    if (afterId === step.id) {
      v.fail('after_step_id', 'The after step id must be a different task.');
    } else if (!after || after.phase_id !== step.phase_id || !canSeeStep(ctx.state, ctx.user, after)) {
      v.fail('after_step_id', 'The after step id must be a task in the same phase.');
    }
  }
  v.check();

  const others = stepsInPhase(ctx.state, step.phase_id).filter((s) => s.id !== step.id);
  const index = after ? others.indexOf(after) + 1 : position === 'first' ? 0 : others.length;
  others.splice(index, 0, step);
  renumber(others);
  step.updated_at = nowTimestamp();
  return ok({ data: presentStep(ctx.state, step, { order: true }) });
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
