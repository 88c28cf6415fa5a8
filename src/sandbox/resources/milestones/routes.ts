// /api/v1/milestones: marker dates on a project.
import { MAX_MILESTONE_TITLE } from '../../../api/types.js';
import { isMemberOf, requireCompanyAccess, requireTeam } from '../../access.js';
import { nowTimestamp } from '../../clock.js';
import { notFound, validationFailed, type FieldErrors } from '../../http-error.js';
import { paginate, parsePageQuery } from '../../pagination.js';
import { defineRoute, idParam, noContent, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { takeId, type SandboxState, type UserRecord } from '../../state.js';
import { BodyValidator, bodyObject, queryInteger } from '../../validate.js';
import { canSeeProject, companyIdOfProject } from '../projects/access.js';
import { milestonePayload, presentMilestone } from './present.js';
import type { MilestoneRecord } from './records.js';

/** A milestone is as visible as its project. */
function canSeeMilestone(state: SandboxState, user: UserRecord, milestone: MilestoneRecord): boolean {
  const project = state.projects[milestone.project_id];
  return project !== undefined && canSeeProject(state, user, project);
}

function findMilestone(ctx: ApiContext): MilestoneRecord {
  const milestone = ctx.state.milestones[idParam(ctx)];
  if (!milestone || !canSeeMilestone(ctx.state, ctx.user, milestone)) throw notFound('Milestone not found.');
  return milestone;
}

function emitMilestoneEvent(
  ctx: ApiContext,
  event: 'milestone.created' | 'milestone.updated',
  m: MilestoneRecord,
): void {
  const companyId = companyIdOfProject(ctx.state, m.project_id);
  if (companyId !== null) ctx.emit(event, companyId, milestonePayload(ctx.state, m));
}

function listMilestones(ctx: ApiContext) {
  const errors: FieldErrors = {};
  const companyId = queryInteger(ctx.query, 'company_id', errors);
  const projectId = queryInteger(ctx.query, 'project_id', errors);
  const page = parsePageQuery(ctx.query, errors);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (companyId !== undefined) requireCompanyAccess(ctx.state, ctx.user, companyId);

  const items = Object.values(ctx.state.milestones)
    .filter(
      (m) =>
        canSeeMilestone(ctx.state, ctx.user, m) &&
        (projectId === undefined || m.project_id === projectId) &&
        (companyId === undefined || companyIdOfProject(ctx.state, m.project_id) === companyId),
    )
    .sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id));
  return ok(paginate(items, page, ctx.url, (m) => presentMilestone(ctx.state, m)));
}

function createMilestone(ctx: ApiContext) {
  requireTeam(ctx.user, 'Client users cannot create milestones.');
  const v = new BodyValidator(bodyObject(ctx.body));
  const title = v.string('title', { required: true, max: MAX_MILESTONE_TITLE });
  const dueDate = v.date('due_date', { required: true });
  const projectId = v.integer('project_id', { required: true });
  const description = v.string('description', { nullable: true });
  const color = v.hexColor('color', { nullable: true });
  if (typeof projectId === 'number') {
    const companyId = companyIdOfProject(ctx.state, projectId);
    if (companyId === null || !isMemberOf(ctx.user, companyId))
      v.fail('project_id', 'The selected project id is invalid.');
  }
  v.check();

  const now = nowTimestamp();
  const id = takeId(ctx.state, 'milestone');
  const milestone: MilestoneRecord = {
    id,
    title: title as string,
    description: description ?? null,
    color: color ?? null,
    due_date: dueDate as string,
    project_id: projectId as number,
    is_completed: false,
    created_at: now,
    updated_at: now,
  };
  ctx.state.milestones[id] = milestone;
  emitMilestoneEvent(ctx, 'milestone.created', milestone);
  return ok({ data: presentMilestone(ctx.state, milestone) });
}

function updateMilestone(ctx: ApiContext) {
  const milestone = findMilestone(ctx);
  requireTeam(ctx.user, 'Client users cannot change milestones.');
  const v = new BodyValidator(bodyObject(ctx.body));
  const title = v.string('title', { filled: true, max: MAX_MILESTONE_TITLE });
  const dueDate = v.date('due_date');
  const description = v.string('description', { nullable: true });
  const color = v.hexColor('color', { nullable: true });
  v.prohibit(['project_id'], 'cannot be changed; a milestone stays on its project');
  v.check();

  if (typeof title === 'string') milestone.title = title;
  if (typeof dueDate === 'string') milestone.due_date = dueDate;
  if (description !== undefined) milestone.description = description;
  if (color !== undefined) milestone.color = color;
  milestone.updated_at = nowTimestamp();
  emitMilestoneEvent(ctx, 'milestone.updated', milestone);
  return ok({ data: presentMilestone(ctx.state, milestone) });
}

function deleteMilestone(ctx: ApiContext) {
  const milestone = findMilestone(ctx);
  requireTeam(ctx.user, 'Client users cannot delete milestones.');
  delete ctx.state.milestones[milestone.id];
  return noContent();
}

export const milestoneRoutes: ApiRoute[] = [
  defineRoute('GET', '/api/v1/milestones', listMilestones),
  defineRoute('POST', '/api/v1/milestones', createMilestone),
  defineRoute('GET', '/api/v1/milestones/:id', (ctx) => ok({ data: presentMilestone(ctx.state, findMilestone(ctx)) })),
  defineRoute('PUT', '/api/v1/milestones/:id', updateMilestone),
  defineRoute('DELETE', '/api/v1/milestones/:id', deleteMilestone),
];
