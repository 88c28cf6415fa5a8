// Where `webhooks trigger` sends, of which event, signed with which secret. Given outright
// (<event> --to <url> --secret-file …), or as a stored subscription (--subscription <id>), or
// — the first `listen` → `trigger` of a new user — found: the running `webhooks listen` of
// this profile (src/webhooks/listener-registry.ts) and the one subscription of the profile
// that stored a secret for that event, which that listener verifies with.
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../api/types.js';
import { SANDBOX_SERVICE, serviceKey } from '../../config/service-key.js';
import {
  allWebhookSecrets,
  findWebhookSecret,
  type StoredWebhookSecret,
  type WebhookSecretEntry,
} from '../../config/webhook-secrets.js';
import { UsageError } from '../../errors.js';
import { parseEnum } from '../../validate.js';
import { runningListeners } from '../../webhooks/listener-registry.js';
import type { Ctx } from '../context.js';
import type { OptionsFor } from '../declare.js';
import type { trigger } from './index.js';
import { resolveOneSecret } from './secret-option.js';

type TriggerOptions = OptionsFor<typeof trigger>;

export interface Target {
  event: WebhookEvent;
  url: string;
  secret: string;
  /** What to warn about how the secret was given (--secret in the process list, a file others can read). */
  secretWarnings: string[];
  /** What was found rather than given, said on stderr: the listener, the subscription. */
  found: string[];
}

export async function givenTarget(ctx: Ctx, opts: TriggerOptions): Promise<Target> {
  if (opts.event === undefined)
    throw new UsageError(
      'missing <event>: name an event type (e.g. task.completed), or send as a stored subscription with --subscription <id>',
    );
  const { event } = opts;
  const found: string[] = [];
  const url = opts.to ?? listenerUrl(ctx, event, found);
  const given = opts.secret !== undefined || opts.secretFile !== undefined || !!ctx.env.PWCTL_WEBHOOK_SECRET;
  if (given) {
    const { secret, warnings } = await resolveOneSecret(ctx, opts);
    return { event, url, secret, secretWarnings: warnings, found };
  }
  const stored = storedSecretFor(ctx, event);
  found.push(`signed with the secret stored for subscription ${stored.id}${serviceNote(stored.service)}`);
  return { event, url, secret: stored.entry.secret, secretWarnings: [], found };
}

/** The stored subscription's secret, event type and URL (--to overrides the URL). */
export function storedTarget(ctx: Ctx, id: number, opts: TriggerOptions): Target {
  const secretFlag =
    opts.secret !== undefined ? '--secret' : opts.secretFile !== undefined ? '--secret-file' : undefined;
  if (secretFlag)
    throw new UsageError(
      `${secretFlag} and --subscription cannot be combined: the subscription's stored secret signs the delivery`,
    );
  const { to, event } = opts;
  const stored = findStored(ctx, id);
  if (event !== undefined && stored.event !== undefined && event !== stored.event) {
    throw new UsageError(
      `subscription ${id} is for ${stored.event}, not ${event}; leave <event> out to use the subscription's`,
    );
  }
  const storedEvent =
    stored.event === undefined
      ? undefined
      : parseEnum(stored.event, WEBHOOK_EVENTS, `the stored event of subscription ${id}`);
  const chosenEvent = event ?? storedEvent;
  if (chosenEvent === undefined)
    throw new UsageError(`the stored secret of subscription ${id} names no event type: give <event>`);
  const url = to ?? stored.url;
  if (url === undefined) throw new UsageError(`the stored secret of subscription ${id} names no URL: give --to <url>`);
  return { event: chosenEvent, url, secret: stored.secret, secretWarnings: [], found: [] };
}

/**
 * The secret of subscription `id` of the service this run targets; without one (no
 * --sandbox, --base-url or base_url), of the one service of the profile that stored it.
 */
function findStored(ctx: Ctx, id: number): StoredWebhookSecret {
  const service = serviceKey(ctx.settings);
  const profile = ctx.store.profile(ctx.profileName);
  if (service === undefined) {
    const matching = allWebhookSecrets(profile).filter((s) => s.id === String(id));
    if (matching.length === 1) return matching[0]!.entry;
    throw new UsageError(
      matching.length === 0
        ? `no secret is stored for subscription ${id} in profile ${ctx.profileName}; \`pwctl webhooks create\` stores one (or pass <event> --to <url> --secret-file <path>)`
        : `--subscription: subscription ${id} of ${matching.map((s) => s.service).join(' and of ')} stored a secret; say which service with --sandbox or --base-url <url>`,
    );
  }
  const stored = findWebhookSecret(profile, service, id);
  if (stored) return stored;
  const where = `${service === SANDBOX_SERVICE ? 'the embedded sandbox' : service} in profile ${ctx.profileName}`;
  throw new UsageError(
    `no secret is stored for subscription ${id} of ${where}; \`pwctl webhooks create\` stores one (or pass <event> --to <url> --secret-file <path>)`,
  );
}

/** The address of the running listener of this profile that shows `event` (found: said on stderr). */
function listenerUrl(ctx: Ctx, event: string, found: string[]): string {
  const running = runningListeners(ctx.store.dir, ctx.profileName);
  if (running.length === 0)
    throw new UsageError(
      `--to <url> is needed: no \`pwctl webhooks listen\` of profile ${ctx.profileName} is running to send to; start one (in another terminal), or pass --to <url>`,
    );
  const showing = running.filter((l) => !Array.isArray(l.events) || l.events.includes(event));
  const candidates = showing.length > 0 ? showing : running;
  if (candidates.length > 1)
    throw new UsageError(
      `--to <url> is needed: ${candidates.length} listeners of profile ${ctx.profileName} are running (${candidates.map((l) => l.url).join(', ')}); pass --to with one of them`,
    );
  const [listener] = candidates;
  found.push(`to the running \`webhooks listen\` on ${listener!.url} (pid ${listener!.pid})`);
  return listener!.url;
}

/** The one subscription of the profile that stored a secret for `event` (what `listen` verifies it with). */
function storedSecretFor(ctx: Ctx, event: string): WebhookSecretEntry {
  const matching = allWebhookSecrets(ctx.store.profile(ctx.profileName)).filter((s) => s.entry.event === event);
  if (matching.length === 1) return matching[0]!;
  if (matching.length === 0)
    throw new UsageError(
      `a signing secret is required: --secret-file <path> (one secret per line), PWCTL_WEBHOOK_SECRET, or --secret <s>; no subscription of profile ${ctx.profileName} stored one for ${event} (\`pwctl webhooks create --event ${event}\` does)`,
    );
  const ids = new Set(matching.map((s) => s.id));
  const which = matching.map((s) => `${s.id} (${s.service}${s.entry.url ? ` → ${s.entry.url}` : ''})`).join(', ');
  const services = ids.size < matching.length ? ', with --sandbox or --base-url <url> for the service' : '';
  throw new UsageError(
    `${matching.length} subscriptions of profile ${ctx.profileName} stored a secret for ${event}: ${which}; pick one with --subscription <id>${services} (it sends to the subscription's URL unless --to is given)`,
  );
}

function serviceNote(service: string): string {
  return service === SANDBOX_SERVICE ? ' of the embedded sandbox' : ` of ${service}`;
}
