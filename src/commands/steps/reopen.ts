import { getStep, updateStep } from '../../api/steps.js';
import { bulkResultView } from '../../bulk/results.js';
import type { RunOf } from '../declare.js';
import type { reopen } from './bulk-verbs.js';
import { AlreadyAsked, READ_FIRST_UP_TO } from './already.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof reopen> = async (ctx, opts) => {
  // --dry-run shows the reopenings as they would be sent, and reads nothing.
  const readFirst = opts.ids.length <= READ_FIRST_UP_TO && !ctx.dryRun;
  const already = new AlreadyAsked('already open');
  await ctx.bulk(
    opts.ids,
    async (client, id) => {
      if (readFirst) {
        const current = await getStep(client, id);
        if (!current.completed) {
          already.mark(id);
          return current;
        }
      }
      // Reopening clears any recorded approval verdict (the service does it).
      return updateStep(client, id, { completed: false });
    },
    {
      done: 'reopened',
      concurrency: opts.concurrency,
      view: bulkResultView(STEP_VIEW),
      key: (id) => already.key(id),
      unchanged: already.unchanged,
    },
  );
};
