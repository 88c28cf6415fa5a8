// Records → wire objects (REST responses and webhook payloads), in the reference's shapes.
import type {
  Document,
  Milestone,
  MilestonePayload,
  PhasePayload,
  ProjectPayload,
  Ref,
  Step,
  Tag,
  TaskPayload,
  UserRef,
  WebhookSubscription,
} from '../api/types.js';
import { phaseChain, projectChain } from './access.js';
import { dueDateTimestamp } from './clock.js';
import { excerptOf } from './markdown.js';
import type {
  DocumentRecord,
  MilestoneRecord,
  PhaseRecord,
  ProjectRecord,
  SandboxState,
  StepRecord,
  TagRecord,
  WebhookRecord,
} from './state.js';

export function ref(record: { id: number; title: string }): Ref {
  return { id: record.id, title: record.title };
}

export function presentTag(tag: TagRecord): Tag {
  return { id: tag.id, name: tag.name, color: tag.color };
}

export function tagsOfStep(state: SandboxState, step: StepRecord): Tag[] {
  return step.tag_ids.flatMap((id) => {
    const tag = state.tags[id];
    return tag ? [presentTag(tag)] : [];
  });
}

function assigneesOf(state: SandboxState, step: StepRecord): UserRef[] {
  return step.assignee_ids.flatMap((id) => {
    const user = state.users[id];
    return user ? [{ id: user.id, name: user.name }] : [];
  });
}

export interface StepView {
  content?: boolean;
  tags?: boolean;
  /** Lists only: single-task responses omit assignees. */
  assignees?: boolean;
  /** The reorder response carries the new position. */
  order?: boolean;
}

/** The fields a task has in every response and webhook payload, in the reference's order. */
function stepCore(step: StepRecord) {
  return {
    id: step.id,
    title: step.title,
    completed: step.completed,
    published: step.published,
    is_approval: step.is_approval,
    approval_status: step.approval_status,
    due_date: dueDateTimestamp(step.due_date),
    created_at: step.created_at,
    updated_at: step.updated_at,
  };
}

export function presentStep(state: SandboxState, step: StepRecord, view: StepView = {}): Step {
  const { phase, project, client, company } = phaseChain(state, step.phase_id);
  const out = stepCore(step) as Step;
  if (view.content) out.content = step.content;
  if (view.tags) out.tags = tagsOfStep(state, step);
  out.phase = { id: phase.id, title: phase.title, is_internal: phase.is_internal };
  out.project = ref(project);
  out.client = ref(client);
  out.company = ref(company);
  if (view.assignees) out.assignees = assigneesOf(state, step);
  if (view.order) out.order = step.order;
  return out;
}

export function taskPayload(state: SandboxState, step: StepRecord): TaskPayload {
  const { phase, project, client, company } = phaseChain(state, step.phase_id);
  return {
    ...stepCore(step),
    phase: { id: phase.id, title: phase.title, is_internal: phase.is_internal },
    project: ref(project),
    client: ref(client),
    company: ref(company),
    assignees: assigneesOf(state, step),
  };
}

/** A milestone's own fields, then its resolved parents and timestamps: shared by the record and the payload. */
function milestoneHead(m: MilestoneRecord) {
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    color: m.color,
    due_date: dueDateTimestamp(m.due_date),
  };
}

function milestoneTail(state: SandboxState, m: MilestoneRecord) {
  const { project, client, company } = projectChain(state, m.project_id);
  return {
    project: ref(project),
    client: ref(client),
    company: ref(company),
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

export function presentMilestone(state: SandboxState, m: MilestoneRecord): Milestone {
  return { ...milestoneHead(m), project_id: m.project_id, ...milestoneTail(state, m) };
}

export function milestonePayload(state: SandboxState, m: MilestoneRecord): MilestonePayload {
  return {
    ...milestoneHead(m),
    is_completed: m.is_completed,
    milestoneable_type: 'Project',
    milestoneable_id: m.project_id,
    ...milestoneTail(state, m),
  };
}

export function presentDocument(state: SandboxState, doc: DocumentRecord, withContent: boolean): Document {
  const author = state.users[doc.author_id];
  const project = doc.project_id === null ? undefined : state.projects[doc.project_id];
  const client = doc.client_id === null ? undefined : state.clients[doc.client_id];
  const company = state.companies[doc.company_id];
  const out = {
    id: doc.id,
    uuid: doc.uuid,
    title: doc.title,
    ...(withContent ? { content: doc.content } : {}),
    excerpt: excerptOf(doc.content),
    is_internal: doc.is_internal,
    edit_access: doc.edit_access,
    author: author ? { id: author.id, name: author.name } : { id: doc.author_id, name: '' },
    project: project ? ref(project) : null,
    client: client ? ref(client) : null,
    company: company ? ref(company) : { id: doc.company_id, title: '' },
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
  return out;
}

export function presentWebhook(
  state: SandboxState,
  hook: WebhookRecord,
  extra: { company?: boolean; secret?: boolean } = {},
): WebhookSubscription {
  const company = state.companies[hook.company_id];
  return {
    id: hook.id,
    url: hook.url,
    event: hook.event,
    company_id: hook.company_id,
    active: hook.active,
    ...(extra.secret ? { secret: hook.secret } : {}),
    ...(extra.company && company ? { company: ref(company) } : {}),
    created_at: hook.created_at,
    updated_at: hook.updated_at,
  };
}

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
