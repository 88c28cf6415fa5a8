import type { RunOf } from '../declare.js';
import { limitOf } from '../list-flags.js';
import { readStructure } from '../structure.js';
import { printSummaries } from '../summaries.js';
import type { list } from './index.js';
import { PROJECT_VIEW } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  ctx.output.checkFields(PROJECT_VIEW);
  const client = await ctx.api();
  const structure = await readStructure(client, opts.company ?? ctx.settings.company, { steps: true, documents: true, milestones: true });
  const projects = structure.projects().filter((project) => opts.client === undefined || project.client?.id === opts.client);
  await printSummaries(ctx, PROJECT_VIEW, projects, limitOf(opts), 'no projects: nothing you can see names one that matches');
};
