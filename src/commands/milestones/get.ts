import { getMilestone } from '../../api/milestones.js';
import type { RunOf } from '../declare.js';
import type { get } from './index.js';
import { MILESTONE_VIEW } from './views.js';

export const run: RunOf<typeof get> = async (ctx, opts) => {
  ctx.output.checkFields(MILESTONE_VIEW);
  const client = await ctx.api();
  const read = () => getMilestone(client, opts.id);
  if (opts.watch === undefined) return ctx.output.record(await read(), MILESTONE_VIEW);
  const { watchRecord } = await import('../watching.js');
  await watchRecord(ctx, opts.watch, {
    title: `pwctl milestones get ${opts.id}`,
    view: MILESTONE_VIEW,
    read,
    draw: (screen, milestone) => screen.output.record(milestone, MILESTONE_VIEW),
    key: (m) => m.id,
    client,
  });
};
