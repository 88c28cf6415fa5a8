import { WEBHOOK_EVENTS, type WebhookEvent } from '../../api/types.js';
import { SANDBOX_SERVICE, serviceKey } from '../../config/service-key.js';
import { findWebhookSecret } from '../../config/webhook-secrets.js';
import { CommandFailedError, NetworkError, UsageError } from '../../errors.js';
import { escapeInline } from '../../io/sanitize.js';
import { parseEnum } from '../../validate.js';
import { VERSION } from '../../version.js';
import { Network } from '../../api/network.js';
import { postFailure, postRaw } from '../../webhooks/post.js';
import { samplePayload } from '../../webhooks/samples.js';
import { signBody } from '../../webhooks/signature.js';
import { readInputBytes } from '../read-input.js';
import type { Ctx } from '../context.js';
import type { OptionsFor, RunOf } from '../declare.js';
import type { trigger } from './index.js';
import { resolveOneSecret, warnAboutSecrets } from './secret-option.js';

type TriggerOptions = OptionsFor<typeof trigger>;

/** Where a delivery goes, of which event type, signed with which secret. */
interface Target {
  event: WebhookEvent;
  url: string;
  secret: string;
  /** What to warn about how the secret was given (--secret in the process list, a file others can read). */
  secretWarnings: string[];
}

export interface TriggerResult {
  event: string;
  url: string;
  status: number;
  status_text: string;
  duration_ms: number;
  bytes: number;
  signature: string;
}

export const run: RunOf<typeof trigger> = async (ctx, opts) => {
  const { event, url, secret, secretWarnings } =
    opts.subscription === undefined ? await givenTarget(ctx, opts) : storedTarget(ctx, opts.subscription, opts);
  const body =
    opts.file === undefined
      ? Buffer.from(JSON.stringify(samplePayload(event)), 'utf8')
      : await readInputBytes(ctx, opts.file, '--file');
  warnAboutSecrets(ctx, secretWarnings);
  if (opts.file !== undefined && !isJson(body)) ctx.io.warn(`--file is not valid JSON; sending it as is`);
  const signature = signBody(secret, body);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': `pwctl/${VERSION} webhooks trigger`,
    Signature: signature,
  };

  if (ctx.dryRun) {
    await ctx.output.value({ dry_run: true, method: 'POST', url, headers, body: body.toString('utf8') }, () =>
      ctx.output.raw(`POST ${url}\nSignature: ${signature}\n\n${escapeInline(body.toString('utf8'))}\n`),
    );
    return;
  }

  let status: number;
  let statusText: string;
  let ms: number;
  // The receiver is reached as the service is: its proxies, its trusted CAs (ca_file), its deadline.
  const network = new Network({ caFile: ctx.settings.caFile, env: ctx.env });
  ctx.onClose(() => network.close());
  const target = new URL(url);
  try {
    ({ status, statusText, ms } = await postRaw(network, target, body, headers, ctx.settings.timeoutMs));
  } catch (error) {
    throw new NetworkError(`cannot deliver to ${url}: ${postFailure(network, target, error)}`);
  }
  const result: TriggerResult = {
    event,
    url,
    status,
    status_text: statusText,
    duration_ms: ms,
    bytes: body.length,
    signature,
  };
  await ctx.output.value(result, () =>
    ctx.output.raw(`${status} ${escapeInline(statusText)} in ${ms} ms from ${url} (${event}, ${body.length} bytes)\n`),
  );
  if (status < 200 || status > 299)
    throw new CommandFailedError(
      `the receiver answered ${status} ${statusText}; a delivery counts only with a 2xx answer`,
    );
};

async function givenTarget(ctx: Ctx, opts: TriggerOptions): Promise<Target> {
  if (opts.event === undefined)
    throw new UsageError(
      'missing <event>: name an event type (e.g. task.completed), or send as a stored subscription with --subscription <id>',
    );
  if (opts.to === undefined)
    throw new UsageError("--to <url> is required (or --subscription <id>, which sends to the subscription's URL)");
  const { event, to: url } = opts;
  const { secret, warnings } = await resolveOneSecret(ctx, opts);
  return { event, url, secret, secretWarnings: warnings };
}

/** The stored subscription's secret, event type and URL (--to overrides the URL). */
function storedTarget(ctx: Ctx, id: number, opts: TriggerOptions): Target {
  const secretFlag =
    opts.secret !== undefined ? '--secret' : opts.secretFile !== undefined ? '--secret-file' : undefined;
  if (secretFlag)
    throw new UsageError(
      `${secretFlag} and --subscription cannot be combined: the subscription's stored secret signs the delivery`,
    );
  const { to, event } = opts;
  const service = serviceKey(ctx.settings);
  if (service === undefined) {
    throw new UsageError(
      '--subscription: stored secrets belong to a service; pass --base-url, set PWCTL_BASE_URL or config key base_url, or use --sandbox',
    );
  }
  const stored = findWebhookSecret(ctx.store.profile(ctx.profileName), service, id);
  const where = `${service === SANDBOX_SERVICE ? 'the embedded sandbox' : service} in profile ${ctx.profileName}`;
  if (!stored) {
    throw new UsageError(
      `no secret is stored for subscription ${id} of ${where}; \`pwctl webhooks create\` stores one (or pass <event> --to <url> --secret-file <path>)`,
    );
  }
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
  return { event: chosenEvent, url, secret: stored.secret, secretWarnings: [] };
}

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
