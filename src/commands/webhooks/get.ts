import { getWebhook } from '../../api/webhooks.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { WEBHOOK_VIEW } from './views.js';

export async function run(ctx: Factory, idArg: string): Promise<void> {
  const id = parseId(idArg, '<id>');
  ctx.output.checkFields(WEBHOOK_VIEW);
  const client = await ctx.api();
  await ctx.output.record(await getWebhook(client, id), WEBHOOK_VIEW);
}
