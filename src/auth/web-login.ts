// `auth login --web`: the OAuth 2.0 authorization-code flow with PKCE and a loopback
// redirect. The browser is opened (or the URL printed), pwctl waits a bounded time for the
// redirect, exchanges the code, and lets the caller check and store the tokens before the
// browser tab is told the outcome.
import { ApiError } from '../api/errors.js';
import type { Settings } from '../config/settings.js';
import { AuthRequiredError } from '../errors.js';
import type { IO } from '../io/io.js';
import { parseTimeoutSeconds } from '../validate.js';
import { startLoopbackServer } from './loopback-server.js';
import type { TokenSet } from './oauth-client.js';
import type { OAuthEndpoints } from './oauth-endpoints.js';
import { OAuthError } from './oauth-error.js';
import { hasDisplay, openBrowser } from './open-browser.js';

export const DEFAULT_WAIT_SECONDS = 300;

export interface WebLoginOptions {
  endpoints: OAuthEndpoints;
  /** false for --no-browser: print the URL only. */
  browser: boolean;
  /** Checks and stores the tokens; returns the line the browser tab shows on success. */
  complete(tokens: TokenSet): Promise<string>;
}

/** What the sign-in needs of the command that runs it (a verb's context serves). */
export interface WebLoginRun {
  readonly env: NodeJS.ProcessEnv;
  /** Where the URL and the wait are told. */
  readonly io: Pick<IO, 'notice' | 'error'>;
  /** The token request's deadline and trusted CAs. */
  readonly settings: Pick<Settings, 'timeoutMs' | 'caFile'>;
}

/** How long to wait for the browser: PWCTL_OAUTH_TIMEOUT seconds, default 5 minutes. */
export function waitSeconds(env: NodeJS.ProcessEnv): number {
  const raw = env.PWCTL_OAUTH_TIMEOUT;
  return raw === undefined || raw === '' ? DEFAULT_WAIT_SECONDS : parseTimeoutSeconds(raw, 'PWCTL_OAUTH_TIMEOUT');
}

export async function runWebLogin(ctx: WebLoginRun, options: WebLoginOptions): Promise<void> {
  const wait = waitSeconds(ctx.env);
  const { createAuthorizationRequest, exchangeCallback } = await import('./oauth-client.js');
  const server = await startLoopbackServer();
  try {
    const request = await createAuthorizationRequest(options.endpoints, server.redirectUri);
    await showAuthorizationUrl(ctx, request.url, options.browser, wait);

    const callback = await server.waitForCallback(
      wait * 1000,
      () =>
        new AuthRequiredError(`no sign-in arrived within ${formatWait(wait)}: run \`pwctl auth login --web\` again`),
    );
    let success: string;
    try {
      const tokens = await exchangeCallback(options.endpoints, request, callback.params, ctx.settings.timeoutMs, {
        caFile: ctx.settings.caFile,
        env: ctx.env,
      });
      success = await options.complete(tokens);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await callback.respond({ ok: false, message: `pwctl could not sign you in: ${reason}.` });
      if (error instanceof OAuthError) {
        if (error.network)
          throw new ApiError({
            kind: 'network',
            status: null,
            method: 'POST',
            url: options.endpoints.tokenUrl,
            message: `sign-in failed: ${reason}`,
          });
        throw new AuthRequiredError(`sign-in failed: ${reason}`);
      }
      throw error;
    }
    await callback.respond({ ok: true, message: success });
  } finally {
    await server.close();
  }
}

async function showAuthorizationUrl(ctx: WebLoginRun, url: string, browser: boolean, wait: number): Promise<void> {
  const waiting = `Waiting up to ${formatWait(wait)} for the sign-in to finish; Ctrl-C cancels.`;
  if (browser && hasDisplay(ctx.env) && (await openBrowser(url, ctx.env))) {
    ctx.io.notice('Opened the sign-in page in your browser. If it did not appear, open this URL:');
    ctx.io.notice(`  ${url}`);
    ctx.io.notice(waiting);
    return;
  }
  // Without a browser the URL is the only way forward, so --quiet does not hide it.
  const why = browser ? (hasDisplay(ctx.env) ? 'Could not open a browser. ' : 'No display found. ') : '';
  ctx.io.error(`${why}Open this URL in a browser to sign in:\n  ${url}\n`);
  ctx.io.notice(waiting);
}

function formatWait(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}
