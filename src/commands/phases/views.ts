// How a phase is shown: its id first (what --phase takes), its project, and its tasks.
import { REF_FIELDS } from '../../api/types.js';
import type { View } from '../../output/view.js';
import type { PhaseSummary } from '../structure.js';

export const PHASE_VIEW: View<PhaseSummary> = {
  fields: ['id', 'title', 'is_internal', 'project', 'client', 'company', 'steps'],
  nested: { project: REF_FIELDS, client: REF_FIELDS, company: REF_FIELDS },
  columns: [
    { header: 'ID', field: 'id', value: (p) => p.id, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (p) => p.title, fit: 'shrink' },
    { header: 'AUDIENCE', field: 'is_internal', value: (p) => (p.is_internal ? 'internal' : 'client-facing'), fit: 'whole' },
    { header: 'PROJECT', field: 'project.title', value: (p) => p.project, fit: 'shrink' },
    { header: 'TASKS', field: 'steps', value: (p) => p.steps, fit: 'whole' },
  ],
  cache: { kind: 'phases', id: (p) => p.id, title: (p) => `${p.title} (${p.project.title})` },
};
