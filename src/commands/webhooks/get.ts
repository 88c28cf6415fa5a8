import { getWebhook } from '../../api/webhooks.js';
import type { RunOf } from '../declare.js';
import type { get } from './index.js';
import { WEBHOOK_VIEW } from './views.js';

export const run: RunOf<typeof get> = async (ctx, opts) => {
  ctx.output.checkFields(WEBHOOK_VIEW);
  const client = await ctx.api();
  await ctx.output.record(await getWebhook(client, opts.id), WEBHOOK_VIEW);
};
