import { deleteWebhook, getWebhook } from '../../api/webhooks.js';
import { serviceKey } from '../../config/service-key.js';
import { findWebhookSecret, forgetWebhookSecret } from '../../config/webhook-secrets.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { remove } from './index.js';

export const run: RunOf<typeof remove> = async (ctx, opts) => {
  const { id } = opts;
  await ctx.confirm(`Delete webhook subscription ${id}?`, async () => {
    const hook = await getWebhook(await ctx.api(), id);
    return `Delete webhook subscription ${id} (${hook.event} → ${hook.url})?`;
  });
  const client = await ctx.api();
  // Any failure (403, a first-attempt 404, a network error) leaves the secret stored: the
  // subscription may well still exist. A retried delete that found it gone after an attempt
  // whose outcome was unknown counts as deleted (the client answers that as success).
  await deleteWebhook(client, id);
  const forgotten = await forgetSecret(ctx, id);
  ctx.io.notice(`✓ deleted webhook subscription ${id}${forgotten ? '; its stored secret was forgotten' : ''}`);
};

/** Forget the secret this profile stored for subscription `id` of this service (no other). */
async function forgetSecret(ctx: Ctx, id: number): Promise<boolean> {
  const service = serviceKey(ctx.settings)!;
  if (!findWebhookSecret(ctx.store.profile(ctx.profileName), service, id)) return false;
  return ctx.store.updateProfile(ctx.profileName, (profile) => forgetWebhookSecret(profile, service, id));
}
