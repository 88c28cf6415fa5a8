import type { ApiClient } from '../../api/client.js';
import type { CreateWebhookBody, WebhookSubscription } from '../../api/types.js';
import { createWebhook, getWebhook } from '../../api/webhooks.js';
import { UsageError } from '../../errors.js';
import { storeNewSecret } from './stored-secrets.js';
import { CREATED_WEBHOOK_VIEW } from './views.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { create } from './index.js';

export const run: RunOf<typeof create> = async (ctx, opts) => {
  const body: CreateWebhookBody = { url: opts.url, event: opts.event, company_id: resolveCompany(ctx, opts.company) };
  ctx.output.checkFields(CREATED_WEBHOOK_VIEW);
  const client = await ctx.api();
  const hook = await createWebhook(client, body, 'pwctl webhooks list');

  const secret = hook.secret;
  let stored = false;
  if (opts.saveSecret && typeof secret === 'string' && secret !== '') {
    try {
      await storeNewSecret(ctx, { ...hook, secret });
      stored = true;
    } catch (error) {
      // The subscription exists either way; the secret is printed below, so it is not lost.
      ctx.io.warn(
        `could not store the secret in the config file: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  await ctx.output.record(ctx.output.forPeople ? await withCompany(client, hook) : hook, CREATED_WEBHOOK_VIEW);
  if (typeof secret !== 'string' || secret === '')
    ctx.io.warn('the service returned no signing secret for this subscription');
  else if (stored)
    ctx.io.notice(
      `✓ created subscription ${hook.id}; its secret is shown only now and is stored for profile ${ctx.profileName}, so \`pwctl webhooks listen\` verifies its deliveries`,
    );
  else ctx.io.notice(`✓ created subscription ${hook.id}; copy its secret now: the service never shows it again`);
};

/**
 * The create answer names the company by id alone; people see it as `Title (id)`, as every
 * other view shows it, from a read of the new subscription (which carries its company).
 * Scripts get the answer as the service gave it, without the extra request.
 */
async function withCompany(client: ApiClient, hook: WebhookSubscription): Promise<WebhookSubscription> {
  if (hook.company) return hook;
  try {
    const { company } = await getWebhook(client, hook.id);
    return company ? { ...hook, company } : hook;
  } catch {
    return hook; // created either way; the id is shown
  }
}

function resolveCompany(ctx: Ctx, flag: number | undefined): number {
  if (flag !== undefined) return flag;
  const company = ctx.settings.company;
  if (company === undefined)
    throw new UsageError('--company <id> is required (or set a default with `pwctl config set company <id>`)');
  return company;
}
