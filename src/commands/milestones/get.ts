import { getMilestone } from '../../api/milestones.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { MILESTONE_VIEW } from './views.js';

export async function run(ctx: Factory, idArg: string): Promise<void> {
  const id = parseId(idArg, '<id>');
  ctx.output.checkFields(MILESTONE_VIEW);
  const client = await ctx.api();
  await ctx.output.record(await getMilestone(client, id), MILESTONE_VIEW);
}
