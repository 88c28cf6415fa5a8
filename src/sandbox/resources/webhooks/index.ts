// Webhook subscriptions. Sending to them is shared machinery (deliveries.ts).
import { defineResource } from '../../resource.js';
import { webhookRoutes } from './routes.js';
import { seedWebhooks } from './seed.js';

export const webhooks = defineResource({
  collections: ['webhooks'],
  firstIds: { webhook: 91 },
  seed: seedWebhooks,
  routes: webhookRoutes,
});
