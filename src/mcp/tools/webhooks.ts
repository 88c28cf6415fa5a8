// Webhook subscriptions, read-only: the tools over src/api/webhooks.ts. Records are the
// API's own: stored signing secrets are never merged in.
import { getWebhook, listWebhooks } from '../../api/webhooks.js';
import { WEBHOOK_VIEW } from '../../commands/webhooks/views.js';
import { id, optionalId } from '../checks.js';
import { fieldsFor, limitOf, listData, shaped } from '../records.js';
import { FIELDS, ID, LIMIT, object } from '../schema.js';
import type { Tool } from '../tool.js';

export const WEBHOOK_TOOLS: Tool[] = [
  {
    name: 'webhooks_list',
    description: 'List webhook subscriptions.',
    inputSchema: object({ company_id: ID, limit: LIMIT, fields: FIELDS }),
    writes: false,
    async run(args, ctx) {
      const fields = fieldsFor(args, WEBHOOK_VIEW);
      const company = optionalId(args, 'company_id') ?? ctx.company;
      const client = await ctx.api();
      return listData(fields, (result) => listWebhooks(client, { company_id: company }, limitOf(args), result));
    },
  },
  {
    name: 'webhooks_get',
    description: 'Get a webhook subscription.',
    inputSchema: object({ id: ID, fields: FIELDS }, ['id']),
    writes: false,
    async run(args, ctx) {
      const fields = fieldsFor(args, WEBHOOK_VIEW);
      const webhookId = id(args, 'id');
      return { data: shaped(await getWebhook(await ctx.api(), webhookId), fields) };
    },
  },
];
