// Milestones → wire objects and the milestone.* webhook payloads.
import type { Milestone, MilestonePayload } from '../../../api/types.js';
import { dueDateTimestamp } from '../../clock.js';
import { ref } from '../../present.js';
import type { SandboxState } from '../../state.js';
import { projectChain } from '../projects/access.js';
import type { MilestoneRecord } from './records.js';

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
