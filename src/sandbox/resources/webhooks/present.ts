// Webhook subscriptions → wire objects: the secret only in the create response, the company
// where the reference shows it.
import type { WebhookSubscription } from '../../../api/types.js';
import { ref } from '../../present.js';
import type { SandboxState } from '../../state.js';
import type { WebhookRecord } from './records.js';

export function presentWebhook(
  state: SandboxState,
  hook: WebhookRecord,
  extra: { company?: boolean; secret?: boolean } = {},
): WebhookSubscription {
  const company = state.companies[hook.company_id];
  return {
    id: hook.id,
    url: hook.url,
    event: hook.event,
    company_id: hook.company_id,
    active: hook.active,
    ...(extra.secret ? { secret: hook.secret } : {}),
    ...(extra.company && company ? { company: ref(company) } : {}),
    created_at: hook.created_at,
    updated_at: hook.updated_at,
  };
}
