// Projects and phases → the webhook payloads (project.created, phase.updated) and GET /projects/{id}.
import type { PhasePayload, ProjectPayload } from '../../../api/types.js';
import { dueDateTimestamp } from '../../clock.js';
import { ref } from '../../present.js';
import type { SandboxState } from '../../state.js';
import { projectChain } from './access.js';
import type { PhaseRecord, ProjectRecord } from './records.js';

/** Display labels the REST API shows for the raw project types webhook payloads carry. */
const PROJECT_TYPE_LABELS: Record<string, string> = { process: 'Process', todos: 'To-dos', kanban: 'Kanban' };

export function projectPayload(state: SandboxState, project: ProjectRecord, displayLabels = false): ProjectPayload {
  const { client, company } = projectChain(state, project.id);
  const label = (raw: string): string => (displayLabels ? (PROJECT_TYPE_LABELS[raw] ?? raw) : raw);
  return {
    id: project.id,
    title: project.title,
    code: project.code,
    description: project.description,
    is_client: project.is_client,
    is_internal: project.is_internal,
    client_project_type: label(project.client_project_type),
    internal_project_type: label(project.internal_project_type),
    created_at: project.created_at,
    updated_at: project.updated_at,
    client: ref(client),
    company: ref(company),
  };
}

export function phasePayload(state: SandboxState, phase: PhaseRecord): PhasePayload {
  const { project, client, company } = projectChain(state, phase.project_id);
  return {
    id: phase.id,
    title: phase.title,
    due_date: dueDateTimestamp(phase.due_date),
    is_internal: phase.is_internal,
    order: phase.order,
    created_at: phase.created_at,
    updated_at: phase.updated_at,
    project: ref(project),
    client: ref(client),
    company: ref(company),
  };
}
