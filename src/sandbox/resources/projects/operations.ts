// The API has no endpoint that creates a project or changes a phase; tests still need both to
// fire project.created and phase.updated. The running handle (sb.createProject, sb.updatePhase)
// and the control API (POST /_sandbox/projects, PUT /_sandbox/phases/{id}) call these.
import { isCalendarDate, nowTimestamp } from '../../clock.js';
import { HttpError } from '../../http-error.js';
import type { EmitEvent } from '../../routing.js';
import { takeId, type SandboxState } from '../../state.js';
import { companyIdOfProject } from './access.js';
import { phasePayload, projectPayload } from './present.js';
import type { PhaseRecord, ProjectRecord } from './records.js';

export interface CreateProjectInput {
  title: string;
  client_id: number;
  is_template?: boolean;
  code?: string;
  description?: string;
  client_project_type?: string;
  internal_project_type?: string;
}

export interface UpdatePhaseInput {
  title?: string;
  /** YYYY-MM-DD, or null to clear. */
  due_date?: string | null;
  is_internal?: boolean;
}

const invalid = (message: string): HttpError => new HttpError(422, message, { input: [message] });

export function createProject(state: SandboxState, emit: EmitEvent, input: CreateProjectInput): ProjectRecord {
  if (typeof input?.title !== 'string' || input.title.trim() === '') throw invalid('title must be a non-empty string');
  const client = state.clients[input.client_id];
  if (!client) throw invalid(`client_id ${String(input.client_id)} does not exist`);
  const now = nowTimestamp();
  const id = takeId(state, 'project');
  const project: ProjectRecord = {
    id,
    title: input.title,
    code: input.code ?? `P-${id}`,
    description: input.description ?? '',
    client_id: client.id,
    is_template: input.is_template === true,
    is_client: true,
    is_internal: false,
    client_project_type: input.client_project_type ?? 'process',
    internal_project_type: input.internal_project_type ?? 'todos',
    created_at: now,
    updated_at: now,
  };
  state.projects[id] = project;
  if (!project.is_template) emit('project.created', client.company_id, projectPayload(state, project));
  return project;
}

export function updatePhase(state: SandboxState, emit: EmitEvent, id: number, patch: UpdatePhaseInput): PhaseRecord {
  const phase = state.phases[id];
  if (!phase) throw new HttpError(404, `Phase ${id} not found.`);
  if (patch.title !== undefined && (typeof patch.title !== 'string' || patch.title.trim() === '')) {
    throw invalid('title must be a non-empty string');
  }
  if (
    patch.due_date !== undefined &&
    patch.due_date !== null &&
    !(typeof patch.due_date === 'string' && isCalendarDate(patch.due_date))
  ) {
    throw invalid('due_date must be YYYY-MM-DD or null');
  }
  if (patch.is_internal !== undefined && typeof patch.is_internal !== 'boolean')
    throw invalid('is_internal must be a boolean');
  if (patch.title !== undefined) phase.title = patch.title;
  if (patch.due_date !== undefined) phase.due_date = patch.due_date;
  if (patch.is_internal !== undefined) phase.is_internal = patch.is_internal;
  phase.updated_at = nowTimestamp();
  const companyId = companyIdOfProject(state, phase.project_id);
  if (companyId !== null) emit('phase.updated', companyId, phasePayload(state, phase));
  return phase;
}
