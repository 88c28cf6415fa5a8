import type { UpdateWebhookBody, WebhookSubscription } from '../../api/types.js';
import { updateWebhook } from '../../api/webhooks.js';
import { serviceKey } from '../../config/service-key.js';
import { findWebhookSecret, updateWebhookSecretUrl } from '../../config/webhook-secrets.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseHttpUrl, parseId, parseTrueFalse } from '../../validate.js';
import { WEBHOOK_VIEW } from './views.js';

export interface UpdateOptions {
  url?: string;
  active?: string;
}

export async function run(ctx: Factory, idArg: string, opts: UpdateOptions): Promise<void> {
  const id = parseId(idArg, '<id>');
  const body: UpdateWebhookBody = {};
  if (opts.url !== undefined) body.url = parseHttpUrl(opts.url, '--url');
  if (opts.active !== undefined) body.active = parseTrueFalse(opts.active, '--active');
  if (Object.keys(body).length === 0) throw new UsageError('nothing to change: give --url <url> and/or --active true|false');
  await send(ctx, id, body);
}

/** `pause` and `resume`. */
export async function setActive(ctx: Factory, idArg: string, active: boolean): Promise<void> {
  await send(ctx, parseId(idArg, '<id>'), { active });
}

async function send(ctx: Factory, id: number, body: UpdateWebhookBody): Promise<void> {
  ctx.output.checkFields(WEBHOOK_VIEW);
  const client = await ctx.api();
  const hook = await updateWebhook(client, id, body);
  if (!hook) return;
  if (body.url !== undefined) await rememberUrl(ctx, hook);
  await ctx.output.record(hook, WEBHOOK_VIEW);
}

/** Keep the stored secret's description in step with the subscription. */
async function rememberUrl(ctx: Factory, hook: WebhookSubscription): Promise<void> {
  const service = serviceKey(ctx.settings)!;
  if (!findWebhookSecret(ctx.store.profile(ctx.profileName), service, hook.id)) return;
  await ctx.store.updateProfile(ctx.profileName, (profile) => updateWebhookSecretUrl(profile, service, hook.id, hook.url));
}
