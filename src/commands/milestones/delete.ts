import { deleteMilestone } from '../../api/milestones.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { deleteEach } from '../bulk/delete.js';
import type { BulkFlags } from '../bulk/options.js';

export async function run(ctx: Factory, args: string[], opts: BulkFlags = {}): Promise<void> {
  await deleteEach(ctx, args, opts, {
    parse: parseId,
    argName: '<id>',
    question: (ids) => `Permanently delete ${ids.length === 1 ? `milestone ${ids[0]}` : `${ids.length} milestones`}?`,
    remove: deleteMilestone,
  });
}
