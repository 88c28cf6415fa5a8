import { updateWebhook } from '../../api/webhooks.js';
import type { UpdateWebhookBody } from '../../api/types.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { pause as pauseVerb, resume as resumeVerb, update } from './index.js';
import { rememberUrl } from './stored-secrets.js';
import { WEBHOOK_VIEW } from './views.js';

export const run: RunOf<typeof update> = async (ctx, opts) => {
  const body: UpdateWebhookBody = {};
  if (opts.url !== undefined) body.url = opts.url;
  if (opts.active !== undefined) body.active = opts.active;
  await sendUpdate(ctx, opts.id, body);
};

export const pause: RunOf<typeof pauseVerb> = (ctx, opts) => sendUpdate(ctx, opts.id, { active: false });

export const resume: RunOf<typeof resumeVerb> = (ctx, opts) => sendUpdate(ctx, opts.id, { active: true });

/** PUT the change and print the subscription (`update`, `pause`, `resume`). */
async function sendUpdate(ctx: Ctx, id: number, body: UpdateWebhookBody): Promise<void> {
  ctx.output.checkFields(WEBHOOK_VIEW);
  const client = await ctx.api();
  const hook = await updateWebhook(client, id, body);
  if (body.url !== undefined) await rememberUrl(ctx, hook);
  await ctx.output.record(hook, WEBHOOK_VIEW);
}
