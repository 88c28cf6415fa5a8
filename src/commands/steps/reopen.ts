import { updateStep } from '../../api/steps.js';
import { bulkResultView } from '../../bulk/results.js';
import type { RunOf } from '../declare.js';
import type { reopen } from './index.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof reopen> = async (ctx, opts) => {
  // Reopening clears any recorded approval verdict (the service does it).
  await ctx.bulk(opts.ids, (client, id) => updateStep(client, id, { completed: false }), {
    done: 'reopened',
    concurrency: opts.concurrency,
    view: bulkResultView(STEP_VIEW),
  });
};
