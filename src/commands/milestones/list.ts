import { listMilestones } from '../../api/milestones.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { printList, resolveLimit, type ListFlags } from '../list-options.js';
import { MILESTONE_VIEW } from './views.js';

export interface ListMilestonesOptions extends ListFlags {
  company?: string;
  project?: string;
}

export async function run(ctx: Factory, opts: ListMilestonesOptions): Promise<void> {
  ctx.output.checkFields(MILESTONE_VIEW);
  const filters = {
    company_id: opts.company === undefined ? ctx.settings.company : parseId(opts.company, '--company'),
    project_id: opts.project === undefined ? undefined : parseId(opts.project, '--project'),
  };
  const limit = resolveLimit(opts);
  const client = await ctx.api();
  await printList(ctx, MILESTONE_VIEW, (result) => listMilestones(client, filters, limit, result));
}
