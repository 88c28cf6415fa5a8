import { ApiError } from '../../api/errors.js';
import { checkToken, describeCompanies } from '../../auth/check-token.js';
import { resolveOAuthEndpoints } from '../../auth/oauth-endpoints.js';
import { promptSecret } from '../../auth/prompt-secret.js';
import { checkTokenText, readTokenFromStream } from '../../auth/read-token.js';
import { storeLoginTokens, type BoundTokens } from '../../auth/stored-credentials.js';
import { serviceOf } from '../../auth/token-binding.js';
import { AuthRequiredError, UsageError } from '../../errors.js';
import { escapeInline } from '../../io/sanitize.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { login } from './index.js';
import { normaliseBaseUrl } from '../../api/base-url.js';
import { parseHttpUrl } from '../../validate.js';

export const run: RunOf<typeof login> = async (ctx, opts) => {
  const profileName = ctx.profileName;
  const settings = ctx.settings;
  if (settings.sandbox)
    throw new UsageError('--sandbox needs no login: the embedded sandbox always acts as a team manager');
  const baseUrl = settings.baseUrl ?? (await askForBaseUrl(ctx));
  const insecure = opts.insecureStorage;

  if (opts.web) {
    const { runWebLogin } = await import('../../auth/web-login.js');
    const endpoints = resolveOAuthEndpoints(ctx.store.profile(profileName), baseUrl);
    await runWebLogin(ctx, {
      endpoints,
      browser: opts.browser,
      // The refresh token will be sent to this endpoint and no other, whatever oauth_token_url says later.
      complete: (tokens) =>
        verifyAndStore(
          ctx,
          baseUrl,
          { ...tokens, service: serviceOf(baseUrl), tokenEndpoint: endpoints.tokenUrl },
          insecure,
        ),
    });
    return;
  }
  // On a terminal even --with-token prompts: reading a pasted token from a TTY would echo it.
  const token =
    opts.withToken && !ctx.io.stdinIsTTY
      ? checkTokenText(await readTokenFromStream(ctx.io.stdin), '--with-token')
      : await askForToken(ctx, baseUrl);
  await verifyAndStore(ctx, baseUrl, { accessToken: token, service: serviceOf(baseUrl) }, insecure);
};

/** No base URL configured: a person at the terminal is asked for it; a script is told the flag. */
async function askForBaseUrl(ctx: Ctx): Promise<string> {
  if (!ctx.ask) {
    throw new UsageError(
      `no service URL for profile ${ctx.profileName}: pass --base-url <url> (e.g. pwctl auth login --base-url https://pm.example.com), or set PWCTL_BASE_URL`,
    );
  }
  return normaliseBaseUrl(
    await ctx.ask.text(
      'Service URL (--base-url)',
      (value) => parseHttpUrl(value.trim(), 'the service URL'),
      'https://pm.example.com',
    ),
  );
}

async function askForToken(ctx: Ctx, baseUrl: string): Promise<string> {
  if (!ctx.io.stdinIsTTY) {
    throw new UsageError(
      'no terminal to ask for the token: pipe it to `pwctl auth login --with-token`, or sign in with `pwctl auth login --web`',
    );
  }
  const answer = await promptSecret(
    ctx.io,
    `Paste the API token for ${escapeInline(new URL(baseUrl).host)} (input is hidden): `,
  );
  return checkTokenText(answer.trim(), 'token');
}

/**
 * Check the token with one request, then store it with the URL it was checked against and
 * bound to that URL's service: in the OS keyring, or in the config file with
 * --insecure-storage or when no keyring is usable.
 */
async function verifyAndStore(ctx: Ctx, baseUrl: string, tokens: BoundTokens, insecure: boolean): Promise<string> {
  const profileName = ctx.profileName;
  const host = escapeInline(new URL(baseUrl).host);
  const client = await ctx.clientWithToken(baseUrl, tokens.accessToken);
  let companies: Awaited<ReturnType<typeof checkToken>>['companies'];
  try {
    ({ companies } = await checkToken(client));
  } catch (error) {
    if (error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'forbidden')) {
      throw new AuthRequiredError(`${host} rejected the token (${error.status}); nothing was stored`);
    }
    throw error;
  }
  const { storage, fallbackReason } = await ctx.store.updateProfile(profileName, (profile) => {
    profile.base_url = baseUrl;
    return storeLoginTokens(profile, profileName, tokens, insecure, ctx.store.path);
  });
  const reach = companies.length > 0 ? `; the token reaches ${escapeInline(describeCompanies(companies))}` : '';
  const renewal = tokens.refreshToken ? ' (with a refresh token: renewed automatically)' : '';
  ctx.io.notice(`✓ Logged in to ${host} with profile ${profileName}${reach}`);
  if (storage.kind === 'keyring') ctx.io.notice(`  stored in the OS keyring (${storage.item})${renewal}`);
  else if (fallbackReason)
    ctx.io.warn(
      `no usable OS keyring (${fallbackReason}): the token is stored in ${storage.path} (mode 0600)${renewal}`,
    );
  else ctx.io.notice(`  stored in ${storage.path} (mode 0600, --insecure-storage)${renewal}`);
  if (ctx.settings.tokenSource === 'env')
    ctx.io.warn('PWCTL_TOKEN is set in this environment and overrides the stored token until it is unset');
  return `Signed in to ${new URL(baseUrl).host} with profile ${profileName}.`;
}
