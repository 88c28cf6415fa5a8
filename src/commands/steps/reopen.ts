import { updateStep } from '../../api/steps.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { readBulkIds } from '../bulk/ids.js';
import { bulkResultView } from '../bulk/results.js';
import { runBulk } from '../bulk/run-bulk.js';
import type { BulkFlags } from '../bulk/options.js';
import { STEP_VIEW } from './views.js';

export async function run(ctx: Factory, idArgs: string[], opts: BulkFlags = {}): Promise<void> {
  const ids = await readBulkIds(ctx, idArgs, parseId, '<id>');
  // Reopening clears any recorded approval verdict (the service does it).
  await runBulk(ctx, ids, (client, id) => updateStep(client, id, { completed: false }), { done: 'reopened', concurrency: opts.concurrency, view: bulkResultView(STEP_VIEW) });
}
