// Browser sign-ins against the sandbox, played with fetch: the authorization-code flow with
// PKCE that `auth login --web` runs. `signIn` returns the tokens it would store;
// `loginWithBrowser` runs the real `pwctl auth login --web --no-browser` and approves its
// consent page. The tokens join the leak check of every later runCli call.
import { createAuthorizationRequest, exchangeCallback, type TokenSet } from '../../src/auth/oauth-client.js';
import { resolveOAuthEndpoints } from '../../src/auth/oauth-endpoints.js';
import type { Role, RunningSandbox } from '../../src/sandbox/index.js';
import { registerSecret, startCli, type CliResult } from './cli.js';

/** Approve the sandbox's consent page for the authorization URL `authorizeUrl` as `user`; the redirect target. */
async function approve(sb: RunningSandbox, authorizeUrl: string, user: Role): Promise<string> {
  const query = new URL(authorizeUrl).searchParams;
  const form = new URLSearchParams({ user, decision: 'approve' });
  for (const key of ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state'])
    form.set(key, query.get(key)!);
  const answer = await fetch(`${sb.baseUrl}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  return answer.headers.get('location')!;
}

export async function signIn(sb: RunningSandbox, user: Role = 'manager'): Promise<TokenSet> {
  const endpoints = resolveOAuthEndpoints({}, sb.baseUrl);
  const request = await createAuthorizationRequest(endpoints, 'http://127.0.0.1:49999/callback');
  const location = await approve(sb, request.url, user);
  const tokens = await exchangeCallback(endpoints, request, new URL(location).searchParams, 5_000, {});
  registerSecret(tokens.accessToken);
  if (tokens.refreshToken) registerSecret(tokens.refreshToken);
  return tokens;
}

/**
 * `pwctl auth login --web --no-browser --base-url <sb>` in `configDir`, approved as `user`
 * on the consent page of the URL it prints; the CLI's result once its callback was answered.
 */
export async function loginWithBrowser(
  sb: RunningSandbox,
  configDir: string,
  user: Role = 'manager',
): Promise<CliResult> {
  const cli = startCli(['auth', 'login', '--web', '--no-browser', '--base-url', sb.baseUrl], { configDir });
  const urlLine = /^ {2}(http:\/\/\S+\/oauth\/authorize\?\S+)$/m;
  await cli.waitFor('stderr', urlLine);
  const location = await approve(sb, urlLine.exec(cli.output('stderr'))![1]!, user);
  await (await fetch(location)).text(); // the CLI's loopback callback
  return cli.result;
}
