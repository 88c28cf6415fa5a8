import type { WebhookSubscription } from '../../api/types.js';
import { shortDate, type View } from '../../output/view.js';

export const WEBHOOK_VIEW: View<WebhookSubscription> = {
  fields: ['id', 'url', 'event', 'company_id', 'company', 'active', 'created_at', 'updated_at'],
  columns: [
    { header: 'ID', value: (w) => w.id, fit: 'whole' },
    { header: 'EVENT', value: (w) => w.event, fit: 'whole' },
    { header: 'URL', value: (w) => w.url, fit: 'whole' },
    { header: 'ACTIVE', value: (w) => (w.active ? 'yes' : 'paused'), fit: 'whole' },
    { header: 'COMPANY', value: (w) => w.company ?? w.company_id, fit: 'shrink' },
    { header: 'CREATED', value: (w) => shortDate(w.created_at), fit: 'whole' },
  ],
  cache: { kind: 'webhooks', id: (w) => w.id, title: (w) => `${w.event} ${w.url}` },
  detail: [
    { header: 'ID', value: (w) => w.id },
    { header: 'EVENT', value: (w) => w.event },
    { header: 'URL', value: (w) => w.url },
    { header: 'ACTIVE', value: (w) => w.active },
    { header: 'COMPANY', value: (w) => (w.company ? `${w.company.title} (${w.company.id})` : w.company_id) },
    { header: 'CREATED', value: (w) => w.created_at },
    { header: 'UPDATED', value: (w) => w.updated_at },
  ],
};

/** The create response: the only time the secret exists, so it gets its own line. */
export const CREATED_WEBHOOK_VIEW: View<WebhookSubscription> = {
  fields: [...WEBHOOK_VIEW.fields, 'secret'],
  columns: WEBHOOK_VIEW.columns,
  cache: WEBHOOK_VIEW.cache,
  detail: [...WEBHOOK_VIEW.detail!, { header: 'SECRET', value: (w) => w.secret }],
};

