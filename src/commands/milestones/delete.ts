import { deleteMilestone } from '../../api/milestones.js';
import type { Context } from '../../context.js';
import { parseId } from '../../validate.js';
import { readBulkIds, runBulk } from '../bulk.js';
import type { BulkFlags } from '../bulk-options.js';

export async function run(ctx: Context, args: string[], opts: BulkFlags = {}): Promise<void> {
  const ids = await readBulkIds(ctx, args, parseId, '<id>');
  const what = ids.length === 1 ? `milestone ${ids[0]}` : `${ids.length} milestones`;
  await ctx.confirmOrCancel(`Permanently delete ${what}?`);
  await runBulk(
    ctx,
    ids,
    async (client, id) => {
      await deleteMilestone(client, id);
      return undefined;
    },
    { done: 'deleted', concurrency: opts.concurrency },
  );
}
