// Webhook subscriptions: the tools' run functions, over src/api/webhooks.ts. Records are
// the API's own: stored signing secrets are never merged in.
import { getWebhook, listWebhooks } from '../../api/webhooks.js';
import { WEBHOOK_VIEW } from '../../commands/webhooks/views.js';
import { id, optionalId } from '../checks.js';
import { fieldsFor, limitOf, listData, shaped } from '../records.js';
import type { Args, ToolContext, ToolData } from '../tool.js';

export async function webhooksList(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, WEBHOOK_VIEW);
  const company = optionalId(args, 'company_id') ?? ctx.company;
  const client = await ctx.api();
  return listData(fields, (result) => listWebhooks(client, { company_id: company }, limitOf(args), result));
}

export async function webhooksGet(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, WEBHOOK_VIEW);
  const webhookId = id(args, 'id');
  return { data: shaped(await getWebhook(await ctx.api(), webhookId), fields) };
}
