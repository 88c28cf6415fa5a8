import { ApiError } from '../../api/errors.js';
import { deleteWebhook } from '../../api/webhooks.js';
import { confirmOrCancel } from '../confirm.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';

export async function run(ctx: Factory, idArg: string): Promise<void> {
  const id = parseId(idArg, '<id>');
  await confirmOrCancel(ctx, `Delete webhook subscription ${id}?`);
  const client = await ctx.api();
  try {
    if (!(await deleteWebhook(client, id))) return;
  } catch (error) {
    // A subscription that no longer exists has no use for its secret either.
    if (error instanceof ApiError && error.status === 404) await forgetSecret(ctx, id);
    throw error;
  }
  const forgotten = await forgetSecret(ctx, id);
  ctx.io.notice(`✓ deleted webhook subscription ${id}${forgotten ? '; its stored secret was forgotten' : ''}`);
}

async function forgetSecret(ctx: Factory, id: number): Promise<boolean> {
  if (!ctx.store.profile(ctx.profileName).webhook_secrets?.[String(id)]) return false;
  await ctx.store.updateProfile(ctx.profileName, (profile) => {
    delete profile.webhook_secrets?.[String(id)];
    if (profile.webhook_secrets && Object.keys(profile.webhook_secrets).length === 0) delete profile.webhook_secrets;
  });
  return true;
}
