// Who may see a task, and which phases a caller may list tasks of or put tasks in.
import { isMemberOf, isTeam } from '../../access.js';
import { notFound } from '../../http-error.js';
import { idParam, type ApiContext } from '../../routing.js';
import type { SandboxState, UserRecord } from '../../state.js';
import { canSeeProject, companyIdOfProject } from '../projects/access.js';
import type { StepRecord } from './records.js';

export function canSeeStep(state: SandboxState, user: UserRecord, step: StepRecord): boolean {
  const phase = state.phases[step.phase_id];
  const project = phase && state.projects[phase.project_id];
  if (!phase || !project || !canSeeProject(state, user, project)) return false;
  return isTeam(user) || (!phase.is_internal && step.published);
}

export function companyIdOfStep(state: SandboxState, step: StepRecord): number | null {
  const phase = state.phases[step.phase_id];
  return phase ? companyIdOfProject(state, phase.project_id) : null;
}

/** The task named by the path, if the caller can see it; 404 otherwise. */
export function findStep(ctx: ApiContext): StepRecord {
  const step = ctx.state.steps[idParam(ctx)];
  if (!step || !canSeeStep(ctx.state, ctx.user, step)) throw notFound('Task not found.');
  return step;
}

/** A phase a team member may put tasks in: any phase of a project of one of their companies. */
export function usablePhase(state: SandboxState, user: UserRecord, phaseId: number): boolean {
  const phase = state.phases[phaseId];
  const companyId = phase ? companyIdOfProject(state, phase.project_id) : null;
  return companyId !== null && isMemberOf(user, companyId);
}

/** Phases whose tasks a list may show: visible, not templates, optionally one company. */
export function listablePhases(state: SandboxState, user: UserRecord, companyId: number | undefined): Set<number> {
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
