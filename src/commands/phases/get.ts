// `phases get`: one phase with its project, its open tasks and its project's milestones. Data
// formats get one object holding those arrays; people get the phase's rows, then a table of each.
import { validPaths } from '../../output/fields.js';
import type { View } from '../../output/view.js';
import type { RunOf } from '../declare.js';
import { printSection, withoutColumns } from '../detail-sections.js';
import { MILESTONE_VIEW } from '../milestones/views.js';
import { STEP_VIEW } from '../steps/views.js';
import { type PhaseDetail, readPhaseDetail } from '../structure-detail.js';
import type { get } from './index.js';
import { PHASE_VIEW } from './list.js';

const OPEN_TASKS_SHOWN = 20;

export const PHASE_DETAIL_VIEW: View<PhaseDetail> = {
  fields: [...PHASE_VIEW.fields, 'open_steps', 'milestones'],
  nested: {
    ...PHASE_VIEW.nested,
    open_steps: validPaths(STEP_VIEW.fields, STEP_VIEW.nested),
    milestones: validPaths(MILESTONE_VIEW.fields, MILESTONE_VIEW.nested),
  },
  lists: ['open_steps', 'milestones'],
  columns: [
    ...PHASE_VIEW.columns,
    { header: 'OPEN TASKS', field: 'open_steps', value: (p) => p.open_steps, fit: 'shrink' },
    { header: 'MILESTONES', field: 'milestones', value: (p) => p.milestones, fit: 'shrink' },
  ],
  detail: [
    { header: 'ID', value: (p) => p.id },
    { header: 'TITLE', value: (p) => p.title },
    { header: 'AUDIENCE', value: (p) => (p.is_internal ? 'internal' : 'client-facing') },
    { header: 'PROJECT', value: (p) => p.project },
    { header: 'CLIENT', value: (p) => p.client },
    { header: 'COMPANY', value: (p) => p.company },
    { header: 'TASKS', value: (p) => `${p.steps} (${p.open_steps.length} open)` },
  ],
  cache: PHASE_VIEW.cache,
};

export const run: RunOf<typeof get> = async (ctx, opts) => {
  ctx.output.checkFields(PHASE_DETAIL_VIEW);
  const phase = await readPhaseDetail(await ctx.api(), opts.id);
  await ctx.output.record(phase, PHASE_DETAIL_VIEW);
  if (!ctx.output.forPeople || ctx.output.fields) return;
  await printSection(
    ctx,
    'Open tasks, soonest due first',
    phase.open_steps,
    withoutColumns(STEP_VIEW, ['STATUS', 'PHASE', 'PROJECT']),
    {
      rows: OPEN_TASKS_SHOWN,
      all: `pwctl steps list --phase ${phase.id} --open --sort due_date --all`,
    },
  );
  await printSection(
    ctx,
    `Milestones of ${phase.project.title}`,
    phase.milestones,
    withoutColumns(MILESTONE_VIEW, ['PROJECT']),
  );
};
