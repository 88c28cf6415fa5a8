import { deleteStep } from '../../api/steps.js';
import type { Context } from '../../context.js';
import { parseId } from '../../validate.js';
import { readBulkIds, runBulk } from '../bulk.js';
import type { BulkFlags } from '../bulk-options.js';

export async function run(ctx: Context, idArgs: string[], opts: BulkFlags = {}): Promise<void> {
  const ids = await readBulkIds(ctx, idArgs, parseId, '<id>');
  const what = ids.length === 1 ? `task ${ids[0]}` : `${ids.length} tasks (${preview(ids)})`;
  await ctx.confirmOrCancel(`Permanently delete ${what}?`);
  await runBulk(
    ctx,
    ids,
    async (client, id) => {
      await deleteStep(client, id);
      return undefined;
    },
    { done: 'deleted', concurrency: opts.concurrency },
  );
}

function preview(ids: number[]): string {
  return ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')}, …`;
}
