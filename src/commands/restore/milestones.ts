// Milestones back: created on their project with title, due date, description and colour;
// an update sends only the fields that differ (a milestone never changes project).
import { createMilestone, updateMilestone } from '../../api/milestones.js';
import type { CreateMilestoneBody, Milestone, UpdateMilestoneBody } from '../../api/types.js';
import { calendarDay } from '../../output/view.js';
import type { RecordKind } from './record-kind.js';

export const MILESTONES: RecordKind<Milestone, Milestone> = {
  kind: 'milestones',
  noun: 'milestone',
  oldId: (m) => m.id,
  serviceId: (m) => m.id,
  title: (m) => m.title,
  createdAt: (m) => m.created_at,
  parents: (m) => [{ kind: 'projects', id: m.project.id, title: m.project.title }],
  identity: (m, placed) => JSON.stringify([placed.projects ?? null, m.title]),
  currentIdentity: (m) => JSON.stringify([m.project_id ?? m.project?.id ?? null, m.title]),

  differences(m, current) {
    const changed: string[] = [];
    if (m.title !== current.title) changed.push('title');
    if (calendarDay(m.due_date) !== calendarDay(current.due_date)) changed.push('due_date');
    if ((m.description ?? '') !== (current.description ?? '')) changed.push('description');
    if ((m.color ?? '').toLowerCase() !== (current.color ?? '').toLowerCase()) changed.push('color');
    return changed;
  },

  change(field, m, current) {
    switch (field) {
      case 'title':
        return { from: current.title, to: m.title };
      case 'due_date':
        return { from: calendarDay(current.due_date) || null, to: calendarDay(m.due_date) || null };
      case 'description':
        return { from: current.description || null, to: m.description || null };
      case 'color':
        return { from: current.color || null, to: m.color || null };
      default:
        return undefined;
    }
  },

  async create(client, m, placed, _env, onCreated) {
    const body: CreateMilestoneBody = {
      title: m.title,
      due_date: calendarDay(m.due_date),
      project_id: placed.projects!,
    };
    if (m.description !== null && m.description !== '') body.description = m.description;
    if (m.color !== null && m.color !== '') body.color = m.color;
    const created = await createMilestone(
      client,
      body,
      'pwctl milestones list --all --fields id,title,project.id,created_at',
    );
    onCreated(created.id, []);
    return {};
  },

  async update(client, m, current, placed) {
    const changed = MILESTONES.differences(m, current, placed);
    if (changed.length === 0) return {};
    const body: UpdateMilestoneBody = {};
    if (changed.includes('title')) body.title = m.title;
    if (changed.includes('due_date')) body.due_date = calendarDay(m.due_date);
    if (changed.includes('description')) body.description = m.description;
    if (changed.includes('color')) body.color = m.color;
    await updateMilestone(client, current.id, body);
    return {};
  },
};
