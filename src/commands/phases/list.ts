// `phases list`: what the records read name, counted; its view lives here, its only user.
import { REF_FIELDS } from '../../api/types.js';
import type { View } from '../../output/view.js';
import type { RunOf } from '../declare.js';
import { limitOf } from '../list-flags.js';
import { readStructure, type PhaseSummary } from '../structure.js';
import { printSummaries } from '../summaries.js';
import type { list } from './index.js';

export const PHASE_VIEW: View<PhaseSummary> = {
  fields: ['id', 'title', 'is_internal', 'project', 'client', 'company', 'steps'],
  nested: { project: REF_FIELDS, client: REF_FIELDS, company: REF_FIELDS },
  columns: [
    { header: 'ID', field: 'id', value: (p) => p.id, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (p) => p.title, fit: 'shrink' },
    {
      header: 'AUDIENCE',
      field: 'is_internal',
      value: (p) => (p.is_internal ? 'internal' : 'client-facing'),
      fit: 'whole',
    },
    { header: 'PROJECT', field: 'project.title', value: (p) => p.project, fit: 'shrink' },
    { header: 'TASKS', field: 'steps', value: (p) => p.steps, fit: 'whole' },
  ],
  cache: { kind: 'phases', id: (p) => p.id, title: (p) => `${p.title} (${p.project.title})` },
};

export const run: RunOf<typeof list> = async (ctx, opts) => {
  ctx.output.checkFields(PHASE_VIEW);
  const client = await ctx.api();
  const structure = await readStructure(client, opts.company ?? ctx.settings.company, { steps: true });
  const phases = structure.phases().filter((phase) => opts.project === undefined || phase.project.id === opts.project);
  await printSummaries(ctx, PHASE_VIEW, phases, limitOf(opts), 'no phases: no task you can see is in one that matches');
};
