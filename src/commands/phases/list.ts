import type { RunOf } from '../declare.js';
import { limitOf } from '../list-flags.js';
import { readStructure } from '../structure.js';
import type { list } from './index.js';
import { PHASE_VIEW } from './views.js';
import { printSummaries } from '../summaries.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  ctx.output.checkFields(PHASE_VIEW);
  const client = await ctx.api();
  const structure = await readStructure(client, opts.company ?? ctx.settings.company, { steps: true });
  const phases = structure.phases().filter((phase) => opts.project === undefined || phase.project.id === opts.project);
  await printSummaries(ctx, PHASE_VIEW, phases, limitOf(opts), 'no phases: no task you can see is in one that matches');
};
