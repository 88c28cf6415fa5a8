// Realistic delivery bodies for `webhooks trigger`: every field of the reference's payload
// shapes, with the event-specific extras, stamped with the current time.
import type { MilestonePayload, PhasePayload, ProjectPayload, TaskPayload, WebhookEvent } from '../api/types.js';

/** The reference's timestamp form: microseconds and a trailing Z. */
export function timestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 19)}.${iso.slice(20, 23)}000Z`;
}

const COMPANY = { id: 1, title: 'Northwind Studio' };
const CLIENT = { id: 11, title: 'Acme Corp' };
const PROJECT = { id: 31, title: 'Acme website redesign' };
const PHASE = { id: 41, title: 'Discovery', is_internal: false };

function task(now: number): TaskPayload {
  return {
    id: 101,
    title: 'Draft the homepage wireframes',
    completed: false,
    published: true,
    is_approval: false,
    approval_status: null,
    due_date: `${timestamp(now + 7 * 86_400_000).slice(0, 10)}T00:00:00.000000Z`,
    created_at: timestamp(now - 3 * 86_400_000),
    updated_at: timestamp(now),
    phase: PHASE,
    project: PROJECT,
    client: CLIENT,
    company: COMPANY,
    assignees: [{ id: 2, name: 'Sam Rivera' }],
  };
}

export function samplePayload(
  event: WebhookEvent,
  now = Date.now(),
): ProjectPayload | TaskPayload | PhasePayload | MilestonePayload {
  switch (event) {
    case 'project.created':
      return {
        id: 31,
        title: PROJECT.title,
        code: 'ACME-WEB',
        description: 'New marketing site with a component library.',
        is_client: true,
        is_internal: false,
        client_project_type: 'process',
        internal_project_type: 'todos',
        created_at: timestamp(now),
        updated_at: timestamp(now),
        client: CLIENT,
        company: COMPANY,
      };
    case 'task.created': {
      const t = task(now);
      return { ...t, created_at: t.updated_at };
    }
    case 'task.completed':
      return { ...task(now), completed: true, completed_at: timestamp(now) };
    case 'task.due_date_updated': {
      const t = task(now);
      return {
        ...t,
        previous_due_date: `${timestamp(now + 3 * 86_400_000).slice(0, 10)}T00:00:00.000000Z`,
        due_date_updated_at: timestamp(now),
      };
    }
    case 'task.tags_updated': {
      const design = { id: 61, name: 'Design', color: 'orchid' as const };
      const urgent = { id: 62, name: 'Urgent', color: 'coral' as const };
      const backlog = { id: 63, name: 'Backlog', color: 'steel' as const };
      return { ...task(now), tags: [design, urgent], added_tags: [urgent], removed_tags: [backlog] };
    }
    case 'phase.updated':
      return {
        id: PHASE.id,
        title: PHASE.title,
        due_date: `${timestamp(now + 14 * 86_400_000).slice(0, 10)}T00:00:00.000000Z`,
        is_internal: PHASE.is_internal,
        order: 1,
        created_at: timestamp(now - 10 * 86_400_000),
        updated_at: timestamp(now),
        project: PROJECT,
        client: CLIENT,
        company: COMPANY,
      };
    case 'milestone.created':
    case 'milestone.updated':
      return {
        id: 71,
        title: 'Design sign-off',
        description: 'Client approves the final homepage and article templates.',
        color: '#1e90ff',
        due_date: `${timestamp(now + 21 * 86_400_000).slice(0, 10)}T00:00:00.000000Z`,
        is_completed: false,
        milestoneable_type: 'project',
        milestoneable_id: PROJECT.id,
        project: PROJECT,
        client: CLIENT,
        company: COMPANY,
        created_at: timestamp(event === 'milestone.created' ? now : now - 2 * 86_400_000),
        updated_at: timestamp(now),
      };
  }
}
