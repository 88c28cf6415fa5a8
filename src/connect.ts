// Connecting a command to the service: the embedded sandbox or the configured base URL, the
// token (renewed when this profile's OAuth sign-in allows), and an API client wired to this
// run's trace, wait notices and --dry-run printing. Reached only through import(), by the
// first verb that asks the factory for a client.
import { join } from 'node:path';
import { ApiClient } from './api/client.js';
import { DEFAULT_PROFILE, type TokenSource } from './config/settings.js';
import { AuthRequiredError, UsageError } from './errors.js';
import type { Factory } from './factory.js';
import { escapeInline } from './output/sanitize.js';
import { VERSION } from './version.js';

export interface Connection {
  client: ApiClient;
  /** Which service this is, for what is stored per service: 'sandbox' or the base URL. */
  serviceKey: string;
}

export const USER_AGENT = `pwctl/${VERSION} (node ${process.version}; ${process.platform})`;

export async function connect(ctx: Factory): Promise<Connection> {
  const settings = ctx.settings;
  let baseUrl = settings.baseUrl;
  let token = settings.token;
  if (settings.sandbox) {
    const { startEmbeddedSandbox } = await import('./sandbox/embedded.js');
    const sandbox = await startEmbeddedSandbox({ statePath: join(ctx.store.dir, 'sandbox-state.json') });
    ctx.onClose(() => sandbox.close());
    baseUrl = sandbox.baseUrl;
    token = sandbox.token;
  }
  if (!baseUrl) {
    throw new UsageError('no service URL configured: pass --base-url, set PWCTL_BASE_URL, run `pwctl config set base_url <url>`, or try --sandbox');
  }
  if (!token) {
    throw new AuthRequiredError(`no token for profile ${ctx.profileName}: run \`${loginCommand(ctx.profileName)}\`, or set PWCTL_TOKEN`);
  }
  const trace = traceSink(ctx);
  let renewToken: (() => Promise<string>) | undefined;
  const stored = ctx.store.profile(ctx.profileName);
  // Only a token this profile stores from an OAuth sign-in is renewed; an env token is the caller's.
  if (!settings.sandbox && settings.tokenSource === 'config' && (stored.refresh_token || stored.token_expires_at)) {
    const { TokenRenewer } = await import('./auth/token-renewal.js');
    const renewer = new TokenRenewer({ store: ctx.store, profileName: ctx.profileName, baseUrl, timeoutMs: settings.timeoutMs, trace }, token);
    token = await renewer.initial();
    renewToken = () => renewer.renewAfterRejection();
  }
  const client = new ApiClient({
    baseUrl,
    token,
    timeoutMs: settings.timeoutMs,
    userAgent: USER_AGENT,
    secrets: knownSecrets(ctx),
    trace,
    traceBodies: settings.debugBodies,
    renewToken,
    unauthorizedHint: settings.sandbox ? undefined : unauthorizedHint(settings.tokenSource, ctx.profileName),
    dryRun: ctx.dryRun ? (request) => ctx.output.dryRun(request) : undefined,
    onWait: ({ delayMs, status }) => {
      if (status === 429) ctx.io.status(`rate limited: waiting ${(delayMs / 1000).toFixed(1)} s…`);
    },
  });
  ctx.onClose(() => client.close());
  return { client, serviceKey: settings.sandbox ? 'sandbox' : client.base };
}

/** The sign-in that gives this profile a token; `--profile` is named unless it is the default. */
function loginCommand(profileName: string): string {
  return profileName === DEFAULT_PROFILE ? 'pwctl auth login' : `pwctl auth login --profile ${profileName}`;
}

/** What a 401 asks the user to do: a refused PWCTL_TOKEN is theirs to check; a stored one needs a new sign-in. */
function unauthorizedHint(source: TokenSource | undefined, profileName: string): string {
  if (source === 'env') return 'check PWCTL_TOKEN: it is set, and it overrides any stored token';
  return `run \`${loginCommand(profileName)}\` to sign in again`;
}

/** `--debug` lines on stderr, or nothing. */
export function traceSink(ctx: Factory): ((line: string) => void) | undefined {
  return ctx.settings.debug ? (line: string) => ctx.io.error(`debug: ${escapeInline(line)}\n`) : undefined;
}

/** Every secret this process knows, for redaction. */
export function knownSecrets(ctx: Factory): string[] {
  const profile = ctx.store.profile(ctx.profileName);
  return [
    ctx.settings.token,
    profile.refresh_token,
    ctx.env.PWCTL_WEBHOOK_SECRET,
    ...Object.values(profile.webhook_secrets ?? {}).map((s) => s.secret),
  ].filter((s): s is string => typeof s === 'string' && s !== '');
}
