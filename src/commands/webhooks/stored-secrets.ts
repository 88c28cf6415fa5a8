// What the config store keeps of a subscription (src/config/webhook-secrets.ts): its secret,
// stored when it is created (`webhooks create`, `restore`), its URL kept in step on update.
import type { WebhookSubscription } from '../../api/types.js';
import { serviceKey } from '../../config/service-key.js';
import { findWebhookSecret, putWebhookSecret, updateWebhookSecretUrl } from '../../config/webhook-secrets.js';
import type { Ctx } from '../context.js';

/** Keep a new subscription's signing secret for this profile, keyed by service and subscription id. */
export async function storeNewSecret(ctx: Ctx, hook: WebhookSubscription & { secret: string }): Promise<void> {
  const service = serviceKey(ctx.settings)!;
  await ctx.store.updateProfile(ctx.profileName, (profile) =>
    putWebhookSecret(profile, service, hook.id, {
      secret: hook.secret,
      event: hook.event,
      company_id: hook.company_id,
      url: hook.url,
      created_at: hook.created_at,
    }),
  );
}

/** Keep the stored secret's description in step with the subscription. */
export async function rememberUrl(ctx: Ctx, hook: WebhookSubscription): Promise<void> {
  const service = serviceKey(ctx.settings)!;
  if (!findWebhookSecret(ctx.store.profile(ctx.profileName), service, hook.id)) return;
  await ctx.store.updateProfile(ctx.profileName, (profile) =>
    updateWebhookSecretUrl(profile, service, hook.id, hook.url),
  );
}
