import { listWebhooks } from '../../api/webhooks.js';
import type { RunOf } from '../declare.js';
import { limitOf, printList } from '../list-flags.js';
import type { list } from './index.js';
import { WEBHOOK_VIEW } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  const limit = limitOf(opts);
  const company = opts.company ?? ctx.settings.company;
  const client = await ctx.api();
  // Records are printed as the API returns them: stored secrets are never merged in.
  await printList(
    ctx,
    WEBHOOK_VIEW,
    (paging) => listWebhooks(client, { company_id: company }, limit, paging),
    'no webhooks',
  );
};
