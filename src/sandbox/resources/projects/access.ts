// Where a project stands (its client and company above it) and who may see it.
import { isMemberOf, isTeam } from '../../access.js';
import type { ClientRecord, CompanyRecord, SandboxState, UserRecord } from '../../state.js';
import type { PhaseRecord, ProjectRecord } from './records.js';

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

/** Company of a project, and so of its phases, tasks and milestones. */
export function companyIdOfProject(state: SandboxState, projectId: number): number | null {
  const project = state.projects[projectId];
  return (project && state.clients[project.client_id]?.company_id) ?? null;
}
