// `projects get`: one project with its phases, milestones, documents and open tasks. Data
// formats get one object holding those arrays (their items as `phases list`, `milestones list`,
// `docs list` and `steps list` give them); people get the project's rows, then a table of each.
import { REF_FIELDS } from '../../api/types.js';
import { validPaths } from '../../output/fields.js';
import type { View } from '../../output/view.js';
import type { RunOf } from '../declare.js';
import { printSection, withoutColumns } from '../detail-sections.js';
import { DOCUMENT_VIEW } from '../docs/views.js';
import { MILESTONE_VIEW } from '../milestones/views.js';
import { PHASE_VIEW } from '../phases/list.js';
import { STEP_VIEW } from '../steps/views.js';
import { type ProjectDetail, readProjectDetail } from '../structure-detail.js';
import type { get } from './index.js';

const OPEN_TASKS_SHOWN = 20;

export const PROJECT_DETAIL_VIEW: View<ProjectDetail> = {
  fields: ['id', 'title', 'client', 'company', 'steps', 'phases', 'milestones', 'documents', 'open_steps'],
  nested: {
    client: REF_FIELDS,
    company: REF_FIELDS,
    phases: validPaths(PHASE_VIEW.fields, PHASE_VIEW.nested),
    milestones: validPaths(MILESTONE_VIEW.fields, MILESTONE_VIEW.nested),
    documents: validPaths(DOCUMENT_VIEW.fields, DOCUMENT_VIEW.nested),
    open_steps: validPaths(STEP_VIEW.fields, STEP_VIEW.nested),
  },
  lists: ['phases', 'milestones', 'documents', 'open_steps'],
  columns: [
    { header: 'ID', field: 'id', value: (p) => p.id, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (p) => p.title, fit: 'shrink' },
    { header: 'CLIENT', field: 'client.title', value: (p) => p.client, fit: 'shrink' },
    { header: 'TASKS', field: 'steps', value: (p) => p.steps, fit: 'whole' },
    { header: 'PHASES', field: 'phases', value: (p) => p.phases, fit: 'shrink' },
    { header: 'MILESTONES', field: 'milestones', value: (p) => p.milestones, fit: 'shrink' },
    { header: 'DOCUMENTS', field: 'documents', value: (p) => p.documents, fit: 'shrink' },
    { header: 'OPEN TASKS', field: 'open_steps', value: (p) => p.open_steps, fit: 'shrink' },
  ],
  detail: [
    { header: 'ID', value: (p) => p.id },
    { header: 'TITLE', value: (p) => p.title },
    { header: 'CLIENT', value: (p) => p.client },
    { header: 'COMPANY', value: (p) => p.company },
    { header: 'TASKS', value: (p) => `${p.steps} (${p.open_steps.length} open)` },
  ],
  cache: { kind: 'projects', id: (p) => p.id, title: (p) => p.title },
};

export const run: RunOf<typeof get> = async (ctx, opts) => {
  ctx.output.checkFields(PROJECT_DETAIL_VIEW);
  const project = await readProjectDetail(await ctx.api(), opts.id);
  await ctx.output.record(project, PROJECT_DETAIL_VIEW);
  if (!ctx.output.forPeople || ctx.output.fields) return;
  const here = ['PROJECT'];
  await printSection(ctx, 'Phases', project.phases, withoutColumns(PHASE_VIEW, here));
  await printSection(ctx, 'Milestones', project.milestones, withoutColumns(MILESTONE_VIEW, here));
  await printSection(ctx, 'Documents', project.documents, withoutColumns(DOCUMENT_VIEW, [...here, 'CLIENT', 'OWNER']));
  await printSection(
    ctx,
    'Open tasks, soonest due first',
    project.open_steps,
    withoutColumns(STEP_VIEW, [...here, 'STATUS']),
    {
      rows: OPEN_TASKS_SHOWN,
      all: `pwctl steps list --project ${project.id} --open --sort due_date --all`,
    },
  );
};
