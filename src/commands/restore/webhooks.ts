// Webhook subscriptions back: created for their company, event and URL (a new subscription
// has a new signing secret, stored for this profile as `webhooks create` stores it and shown
// once in the result), then paused if the exported one was. An update can change only the
// URL and whether it is active; event and company are fixed.
import type { UpdateWebhookBody, WebhookSubscription } from '../../api/types.js';
import { createWebhook, updateWebhook } from '../../api/webhooks.js';
import type { RecordKind, RestoreDetail } from './record-kind.js';

export const WEBHOOKS: RecordKind<WebhookSubscription, WebhookSubscription> = {
  kind: 'webhooks',
  noun: 'webhook subscription',
  oldId: (hook) => hook.id,
  serviceId: (hook) => hook.id,
  title: (hook) => `${hook.event} → ${hook.url}`,
  createdAt: (hook) => hook.created_at,
  parents: (hook) => [{ kind: 'companies', id: hook.company_id, title: hook.company?.title ?? '' }],
  identity: (hook, placed) => JSON.stringify([placed.companies ?? null, hook.event, hook.url]),
  currentIdentity: (hook) => JSON.stringify([hook.company_id, hook.event, hook.url]),

  differences(hook, current) {
    const changed: string[] = [];
    if (hook.url !== current.url) changed.push('url');
    if (hook.active !== current.active) changed.push('active');
    return changed;
  },

  // Both fields are short and decide where deliveries go: always shown old → new.
  change(field, hook, current) {
    if (field === 'url') return { from: current.url, to: hook.url };
    if (field === 'active') return { from: current.active, to: hook.active };
    return undefined;
  },

  async create(client, hook, placed, env, onCreated) {
    const created = await createWebhook(
      client,
      { url: hook.url, event: hook.event, company_id: placed.companies! },
      'pwctl webhooks list',
    );
    const pause = created.active !== hook.active;
    onCreated(created.id, pause ? ['active'] : []);
    const detail: RestoreDetail = {};
    if (typeof created.secret === 'string' && created.secret !== '') {
      detail.secret = created.secret;
      try {
        await env.storeSecret({ ...created, secret: created.secret });
      } catch (error) {
        // The subscription exists either way; the secret is in the result, so it is not lost.
        detail.secretNotStored = error instanceof Error ? error.message : String(error);
      }
    }
    if (pause) await updateWebhook(client, created.id, { active: hook.active });
    return detail;
  },

  async update(client, hook, current, placed, env) {
    const changed = WEBHOOKS.differences(hook, current, placed);
    if (changed.length === 0) return {};
    const body: UpdateWebhookBody = {};
    if (changed.includes('url')) body.url = hook.url;
    if (changed.includes('active')) body.active = hook.active;
    const updated = await updateWebhook(client, current.id, body);
    if (body.url !== undefined) await env.urlChanged(updated);
    return {};
  },
};
