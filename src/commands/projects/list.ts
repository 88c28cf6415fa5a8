// `projects list`: what the records read name, counted; its view lives here, its only user.
import { REF_FIELDS } from '../../api/types.js';
import type { View } from '../../output/view.js';
import type { RunOf } from '../declare.js';
import { limitOf } from '../list-flags.js';
import { readStructure, type ProjectSummary } from '../structure.js';
import { printSummaries } from '../summaries.js';
import type { list } from './index.js';

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

export const run: RunOf<typeof list> = async (ctx, opts) => {
  ctx.output.checkFields(PROJECT_VIEW);
  const client = await ctx.api();
  const structure = await readStructure(client, opts.company ?? ctx.settings.company, {
    steps: true,
    documents: true,
    milestones: true,
  });
  const projects = structure
    .projects()
    .filter((project) => opts.client === undefined || project.client?.id === opts.client);
  await printSummaries(
    ctx,
    PROJECT_VIEW,
    projects,
    limitOf(opts),
    'no projects: nothing you can see names one that matches',
  );
};
