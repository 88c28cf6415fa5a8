// How a project is shown: its id first (what --project takes), its client, and what it holds.
import { REF_FIELDS } from '../../api/types.js';
import type { View } from '../../output/view.js';
import type { ProjectSummary } from '../structure.js';

export const PROJECT_VIEW: View<ProjectSummary> = {
  fields: ['id', 'title', 'client', 'company', 'phases', 'steps', 'documents', 'milestones'],
  nested: { client: REF_FIELDS, company: REF_FIELDS },
  columns: [
    { header: 'ID', field: 'id', value: (p) => p.id, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (p) => p.title, fit: 'shrink' },
    { header: 'CLIENT', field: 'client.title', value: (p) => p.client, fit: 'shrink' },
    { header: 'PHASES', field: 'phases', value: (p) => p.phases, fit: 'whole' },
    { header: 'TASKS', field: 'steps', value: (p) => p.steps, fit: 'whole' },
    { header: 'DOCS', field: 'documents', value: (p) => p.documents, fit: 'whole' },
    { header: 'MILESTONES', field: 'milestones', value: (p) => p.milestones, fit: 'whole' },
  ],
  cache: { kind: 'projects', id: (p) => p.id, title: (p) => p.title },
};
