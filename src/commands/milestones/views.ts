import { REF_FIELDS, type Milestone } from '../../api/types.js';
import { calendarDay, shortDate, type View } from '../../output/view.js';

export const MILESTONE_VIEW: View<Milestone> = {
  fields: [
    'id',
    'title',
    'description',
    'color',
    'due_date',
    'project_id',
    'project',
    'client',
    'company',
    'created_at',
    'updated_at',
  ],
  nested: { project: REF_FIELDS, client: REF_FIELDS, company: REF_FIELDS },
  columns: [
    { header: 'ID', field: 'id', value: (m) => m.id, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (m) => m.title, fit: 'shrink' },
    { header: 'DUE', field: 'due_date', value: (m) => calendarDay(m.due_date), fit: 'whole' },
    { header: 'PROJECT', field: 'project.title', value: (m) => m.project, fit: 'shrink' },
    { header: 'COLOR', field: 'color', value: (m) => m.color, fit: 'whole' },
  ],
  detail: [
    { header: 'ID', value: (m) => m.id },
    { header: 'TITLE', value: (m) => m.title },
    { header: 'DUE', value: (m) => calendarDay(m.due_date) },
    { header: 'PROJECT', value: (m) => m.project },
    { header: 'CLIENT', value: (m) => m.client },
    { header: 'COMPANY', value: (m) => m.company },
    { header: 'COLOR', value: (m) => m.color },
    { header: 'DESCRIPTION', value: (m) => m.description },
    { header: 'CREATED', value: (m) => shortDate(m.created_at) },
    { header: 'UPDATED', value: (m) => shortDate(m.updated_at) },
  ],
  cache: { kind: 'milestones', id: (m) => m.id, title: (m) => m.title },
};
