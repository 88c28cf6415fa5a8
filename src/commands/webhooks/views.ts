import { REF_FIELDS, type WebhookSubscription } from '../../api/types.js';
import { shortDate, type View } from '../../output/view.js';

export const WEBHOOK_VIEW: View<WebhookSubscription> = {
  fields: ['id', 'url', 'event', 'company_id', 'company', 'active', 'created_at', 'updated_at'],
  nested: { company: REF_FIELDS },
  columns: [
    { header: 'ID', field: 'id', value: (w) => w.id },
    { header: 'EVENT', field: 'event', value: (w) => w.event },
    { header: 'URL', field: 'url', value: (w) => w.url },
    { header: 'ACTIVE', field: 'active', value: (w) => (w.active ? 'yes' : 'paused') },
    { header: 'COMPANY', field: 'company_id', value: (w) => w.company ?? w.company_id },
    { header: 'CREATED', field: 'created_at', value: (w) => shortDate(w.created_at) },
  ],
  cache: { kind: 'webhooks', id: (w) => w.id, title: (w) => `${w.event} ${w.url}` },
  detail: [
    { header: 'ID', value: (w) => w.id },
    { header: 'EVENT', value: (w) => w.event },
    { header: 'URL', value: (w) => w.url },
    { header: 'ACTIVE', value: (w) => (w.active ? 'yes' : 'paused') },
    { header: 'COMPANY', value: (w) => w.company ?? w.company_id },
    { header: 'CREATED', value: (w) => shortDate(w.created_at) },
    { header: 'UPDATED', value: (w) => shortDate(w.updated_at) },
  ],
};

/** The create response: the only time the secret exists, so it gets its own line. */
export const CREATED_WEBHOOK_VIEW: View<WebhookSubscription> = {
  fields: [...WEBHOOK_VIEW.fields, 'secret'],
  nested: WEBHOOK_VIEW.nested,
  columns: WEBHOOK_VIEW.columns,
  cache: WEBHOOK_VIEW.cache,
  detail: [...WEBHOOK_VIEW.detail!, { header: 'SECRET', value: (w) => w.secret }],
};
