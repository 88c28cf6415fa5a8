import { updateStep } from '../../api/steps.js';
import type { Context } from '../../context.js';
import { parseId } from '../../validate.js';
import { readBulkIds, runBulk } from '../bulk.js';
import type { BulkFlags } from '../bulk-options.js';

export async function run(ctx: Context, idArgs: string[], opts: BulkFlags = {}): Promise<void> {
  const ids = await readBulkIds(ctx, idArgs, parseId, '<id>');
  // Reopening clears any recorded approval verdict (the service does it).
  await runBulk(ctx, ids, (client, id) => updateStep(client, id, { completed: false }), { done: 'reopened', concurrency: opts.concurrency });
}
