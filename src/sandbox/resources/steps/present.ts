// Tasks → wire objects and the task.* webhook events that carry them.
import type { Step, TaskPayload, UserRef } from '../../../api/types.js';
import { dueDateTimestamp } from '../../clock.js';
import { ref } from '../../present.js';
import type { ApiContext } from '../../routing.js';
import type { SandboxState } from '../../state.js';
import { phaseChain } from '../projects/access.js';
import { presentTags } from '../tags/present.js';
import { companyIdOfStep } from './access.js';
import type { StepRecord } from './records.js';

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
  if (view.tags) out.tags = presentTags(state, step.tag_ids);
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

export function emitTaskEvent(
  ctx: ApiContext,
  event: 'task.created' | 'task.completed' | 'task.due_date_updated' | 'task.tags_updated',
  step: StepRecord,
  extra: object = {},
): void {
  const companyId = companyIdOfStep(ctx.state, step);
  if (companyId !== null) ctx.emit(event, companyId, { ...taskPayload(ctx.state, step), ...extra });
}
