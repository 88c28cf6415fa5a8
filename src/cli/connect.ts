// Connecting a command to the service: the embedded sandbox or the configured base URL, the
// credentials (PWCTL_TOKEN, or the profile's stored tokens, renewed when its OAuth sign-in
// allows), and an API client wired to this run's trace, wait notices and --dry-run
// printing. Reached only through import(), by the first verb that asks for a client.
import { ApiClient, type ClientOptions } from '../api/client.js';
import type { ClientAuth } from '../auth/client-auth.js';
import { formatWait, waitBounds } from '../api/retry-policy.js';
import { SANDBOX_SERVICE } from '../config/service-key.js';
import { DEFAULT_PROFILE, type TokenSource, unknownProfile } from '../config/settings.js';
import { loginCommand } from '../auth/login-command.js';
import { allWebhookSecrets } from '../config/webhook-secrets.js';
import { UsageError } from '../errors.js';
import type { Factory } from './factory.js';
import { escapeInline } from '../io/sanitize.js';
import { VERSION } from '../version.js';

export interface Connection {
  client: ApiClient;
  /** Which service this is, for what is stored per service (config/service-key.ts). */
  serviceKey: string;
}

export const USER_AGENT = `pwctl/${VERSION} (node ${process.version}; ${process.platform})`;

export async function connect(ctx: Factory): Promise<Connection> {
  const settings = ctx.settings;
  const trace = traceSink(ctx);
  const secrets = knownSecrets(ctx);
  let baseUrl: string;
  let token: string;
  let renewToken: (() => Promise<string>) | undefined;
  // The CA file and proxy variables, for the API client and the token renewal alike.
  const network = { caFile: settings.caFile, env: ctx.env };
  if (settings.sandbox) {
    const { startEmbeddedSandbox } = await import('../sandbox/embedded.js');
    const sandbox = await startEmbeddedSandbox({ statePath: ctx.store.filePath('sandbox-state.json') });
    ctx.onClose(() => sandbox.close());
    ({ baseUrl, token } = sandbox);
  } else {
    if (!settings.baseUrl) throw noServiceUrl(ctx);
    baseUrl = settings.baseUrl;
    // PWCTL_TOKEN goes as it is (to whatever base URL is in effect): the code of stored
    // credentials, their binding and renewal, loads only for a stored token.
    const auth: ClientAuth =
      settings.tokenSource === 'env' && settings.token
        ? { token: settings.token, secrets: [] }
        : await (await import('../auth/client-auth.js')).resolveClientAuth({
            store: ctx.store,
            profileName: ctx.profileName,
            settings,
            baseUrl,
            trace,
            network,
          });
    ({ token, renewToken } = auth);
    secrets.push(...auth.secrets);
  }
  const client = new ApiClient({
    ...runOptions(ctx),
    baseUrl,
    token,
    secrets,
    renewToken,
    unauthorizedHint: settings.sandbox ? undefined : unauthorizedHint(settings.tokenSource, ctx.profileName),
    wrongServiceHint: settings.sandbox ? undefined : wrongServiceHint(baseUrl, settings.baseUrlSource),
    dryRun: ctx.dryRun ? (request) => ctx.output.dryRun(request) : undefined,
  });
  // Its sockets: the exit closes them, but the embedded sandbox's server closes only once they have.
  if (settings.sandbox) ctx.onClose(() => client.close());
  else ctx.onCloseUnlessExiting(() => client.close());
  return { client, serviceKey: settings.sandbox ? SANDBOX_SERVICE : client.base };
}

/** What every client of this run shares: its bounds, route, trace, the wait notices and Ctrl-C. */
export function runOptions(ctx: Factory): Omit<ClientOptions, 'baseUrl' | 'token'> {
  const settings = ctx.settings;
  return {
    timeoutMs: settings.timeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
    maxPages: settings.maxPages,
    policy: waitBounds(settings.maxWaitSeconds),
    network: { caFile: settings.caFile, env: ctx.env },
    userAgent: USER_AGENT,
    trace: traceSink(ctx),
    traceBodies: settings.debugBodies,
    onWait: waitNotices(ctx),
    signal: () => ctx.interruption.signal,
  };
}

/**
 * A request that waits to be retried says so, so a hanging command can be told from a slow
 * one: a wait for the rate limit counts down on the status line (and is a notice where there
 * is no terminal to count on); any other retry is a notice naming the attempt.
 */
function waitNotices(ctx: Factory): NonNullable<ClientOptions['onWait']> {
  return ({ status, attempt, maxAttempts, after, delayMs, method, path }) => {
    const retrying = `retrying (${attempt}/${maxAttempts})`;
    const when = delayMs >= 100 ? ` in ${formatWait(delayMs)}` : '';
    if (status === 429) {
      ctx.statusLine.rateLimited(delayMs);
      if (!ctx.io.stderrIsTTY) ctx.io.notice(`rate limited: ${retrying}${when}: ${method} ${path}`);
      return;
    }
    ctx.io.notice(`${retrying} after ${after}${when && `,${when}`}: ${method} ${path}`);
  };
}

/**
 * The remedy for a base URL that answers as another server: a path on it is the likely
 * mistake (`http://host/app`, where the API is at the root), so the URL without it is named.
 * `source` is where the URL came from (`--base-url`); unknown for one typed at a prompt.
 */
export function wrongServiceHint(baseUrl: string, source: string | undefined): string | undefined {
  const url = new URL(baseUrl);
  if (url.pathname === '/' || url.pathname === '') return source && `check ${source}`;
  return `drop the path ${url.pathname}${source ? ` from ${source}` : ''}: try ${url.origin}`;
}

/** No base URL: for a profile that is not stored at all (`--profile stagin`), the typo is the news. */
function noServiceUrl(ctx: Factory): UsageError {
  const name = ctx.profileName;
  const stored = Object.keys(ctx.store.read().profiles ?? {});
  if (name !== DEFAULT_PROFILE && !stored.includes(name)) return unknownProfile(name, stored);
  return new UsageError(
    'no service URL configured: pass --base-url, set PWCTL_BASE_URL, run `pwctl config set base_url <url>`, or try --sandbox',
  );
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

/** Every secret this process knows before reading stored tokens, for redaction. */
export function knownSecrets(ctx: Factory): string[] {
  const profile = ctx.store.profile(ctx.profileName);
  return [
    ctx.settings.token,
    ctx.env.PWCTL_WEBHOOK_SECRET,
    ...allWebhookSecrets(profile).map((s) => s.entry.secret),
  ].filter((s): s is string => typeof s === 'string' && s !== '');
}
