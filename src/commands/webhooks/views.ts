import { REF_FIELDS, type WebhookSubscription } from '../../api/types.js';
import { shortDate, type View } from '../../output/view.js';
import { DELIVERY_FIELDS, type DeliveryRecord } from '../../webhooks/delivery-record.js';

export const WEBHOOK_VIEW: View<WebhookSubscription> = {
  fields: ['id', 'url', 'event', 'company_id', 'company', 'active', 'created_at', 'updated_at'],
  nested: { company: REF_FIELDS },
  columns: [
    { header: 'ID', field: 'id', value: (w) => w.id, fit: 'whole' },
    { header: 'EVENT', field: 'event', value: (w) => w.event, fit: 'whole' },
    { header: 'URL', field: 'url', value: (w) => w.url, fit: 'whole' },
    { header: 'ACTIVE', field: 'active', value: (w) => (w.active ? 'yes' : 'paused'), fit: 'whole' },
    { header: 'COMPANY', field: 'company_id', value: (w) => w.company ?? w.company_id, fit: 'shrink' },
    { header: 'CREATED', field: 'created_at', value: (w) => shortDate(w.created_at), fit: 'whole' },
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

/**
 * A delivery `listen` accepted: time, event, resource, duplicate mark, subscription. Its
 * table is a stream that never ends, so each column declares the width it gets up front.
 */
export const DELIVERY_VIEW: View<DeliveryRecord> = {
  fields: DELIVERY_FIELDS,
  // A payload is whatever the sender posted: any path under it is accepted.
  nested: { payload: '*' },
  columns: [
    // HH:MM:SS +hh:mm: a delivery a listener prints was received today.
    { header: 'TIME', value: (d) => shortDate(d.received_at, { seconds: true }), fit: 'whole', width: 15 },
    // The longest event type, task.due_date_updated.
    { header: 'EVENT', value: (d) => d.event ?? 'unknown', fit: 'whole', width: 21 },
    { header: 'ID', value: (d) => payloadField(d.payload, 'id'), fit: 'whole', width: 10 },
    { header: 'TITLE', value: (d) => payloadField(d.payload, 'title'), fit: 'shrink', width: 60 },
    { header: 'DUPLICATE', value: (d) => (d.duplicate ? 'duplicate' : ''), fit: 'whole', width: 9 },
    { header: 'SUBSCRIPTION', value: (d) => d.subscription_id, fit: 'whole', width: 12 },
  ],
};

function payloadField(payload: unknown, key: string): unknown {
  return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>)[key] : undefined;
}
