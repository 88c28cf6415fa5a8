// Webhook subscriptions, read-only: what tools/list shows (run functions in webhooks-run.ts,
// loaded at the first call).
import { FIELDS, ID, LIMIT, object } from '../schema.js';
import type { Tool } from '../tool.js';

export const WEBHOOK_TOOLS: Tool[] = [
  {
    name: 'webhooks_list',
    description: 'List webhook subscriptions.',
    inputSchema: object({ company_id: ID, limit: LIMIT, fields: FIELDS }),
    writes: false,
    run: async (args, ctx) => (await import('./webhooks-run.js')).webhooksList(args, ctx),
  },
  {
    name: 'webhooks_get',
    description: 'Get a webhook subscription.',
    inputSchema: object({ id: ID, fields: FIELDS }, ['id']),
    writes: false,
    run: async (args, ctx) => (await import('./webhooks-run.js')).webhooksGet(args, ctx),
  },
];
