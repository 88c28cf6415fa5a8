// Who may see and change what. Team members act within the agency companies they belong
// to; a client user sees only client-facing, published work of their own client.
import { forbidden } from './http-error.js';
import type {
  ClientRecord,
  CompanyRecord,
  DocumentRecord,
  MilestoneRecord,
  PhaseRecord,
  ProjectRecord,
  SandboxState,
  StepRecord,
  UserRecord,
} from './state.js';

export function isTeam(user: UserRecord): boolean {
  return user.client_id === null;
}

export function isMemberOf(user: UserRecord, companyId: number): boolean {
  return user.memberships.some((m) => m.company_id === companyId);
}

export function isManagerOf(user: UserRecord, companyId: number): boolean {
  return user.memberships.some((m) => m.company_id === companyId && m.role === 'manager');
}

/** The agency company a client user's client belongs to. */
export function clientCompanyId(state: SandboxState, user: UserRecord): number | null {
  return user.client_id === null ? null : (state.clients[user.client_id]?.company_id ?? null);
}

/** Companies a user may name in a company_id filter. */
export function canAccessCompany(state: SandboxState, user: UserRecord, companyId: number): boolean {
  return isTeam(user) ? isMemberOf(user, companyId) : clientCompanyId(state, user) === companyId;
}

export function requireCompanyAccess(state: SandboxState, user: UserRecord, companyId: number): void {
  if (!canAccessCompany(state, user, companyId)) {
    throw forbidden('You do not have access to this company.');
  }
}

export function requireTeam(user: UserRecord, message: string): void {
  if (!isTeam(user)) throw forbidden(message);
}

export interface ProjectChain {
  project: ProjectRecord;
  client: ClientRecord;
  company: CompanyRecord;
}

export function projectChain(state: SandboxState, projectId: number): ProjectChain {
  const project = state.projects[projectId];
  const client = project && state.clients[project.client_id];
  const company = client && state.companies[client.company_id];
  if (!project || !client || !company) throw new Error(`sandbox state is inconsistent at project ${projectId}`);
  return { project, client, company };
}

export interface PhaseChain extends ProjectChain {
  phase: PhaseRecord;
}

export function phaseChain(state: SandboxState, phaseId: number): PhaseChain {
  const phase = state.phases[phaseId];
  if (!phase) throw new Error(`sandbox state is inconsistent at phase ${phaseId}`);
  return { phase, ...projectChain(state, phase.project_id) };
}

/** Whether the user can see a project's content at all (templates are team-only). */
export function canSeeProject(state: SandboxState, user: UserRecord, project: ProjectRecord): boolean {
  const client = state.clients[project.client_id];
  if (!client) return false;
  if (isTeam(user)) return isMemberOf(user, client.company_id);
  return !project.is_template && project.client_id === user.client_id;
}

export function canSeeStep(state: SandboxState, user: UserRecord, step: StepRecord): boolean {
  const phase = state.phases[step.phase_id];
  const project = phase && state.projects[phase.project_id];
  if (!phase || !project || !canSeeProject(state, user, project)) return false;
  return isTeam(user) || (!phase.is_internal && step.published);
}

export function canSeeDocument(state: SandboxState, user: UserRecord, doc: DocumentRecord): boolean {
  if (isTeam(user)) return isMemberOf(user, doc.company_id);
  if (doc.is_internal) return false;
  const projectClient = doc.project_id === null ? null : state.projects[doc.project_id]?.client_id;
  return doc.client_id === user.client_id || (projectClient !== null && projectClient === user.client_id);
}

export function canSeeMilestone(state: SandboxState, user: UserRecord, milestone: MilestoneRecord): boolean {
  const project = state.projects[milestone.project_id];
  return project !== undefined && canSeeProject(state, user, project);
}

/** Company of a task, milestone or project. */
export function companyIdOfProject(state: SandboxState, projectId: number): number | null {
  const project = state.projects[projectId];
  return (project && state.clients[project.client_id]?.company_id) ?? null;
}

export function companyIdOfStep(state: SandboxState, step: StepRecord): number | null {
  const phase = state.phases[step.phase_id];
  return phase ? companyIdOfProject(state, phase.project_id) : null;
}
