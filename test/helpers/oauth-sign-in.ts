// A browser sign-in against the sandbox, played with fetch: the authorization-code flow with
// PKCE that `auth login --web` runs, returning the tokens it would store. The tokens join
// the leak check of every later runCli call.
import { createAuthorizationRequest, exchangeCallback, type TokenSet } from '../../src/auth/oauth-client.js';
import { resolveOAuthEndpoints } from '../../src/auth/oauth-endpoints.js';
import type { Role, RunningSandbox } from '../../src/sandbox/index.js';
import { registerSecret } from './cli.js';

export async function signIn(sb: RunningSandbox, user: Role = 'manager'): Promise<TokenSet> {
  const endpoints = resolveOAuthEndpoints({}, sb.baseUrl);
  const request = await createAuthorizationRequest(endpoints, 'http://127.0.0.1:49999/callback');
  const query = new URL(request.url).searchParams;
  const form = new URLSearchParams({ user, decision: 'approve' });
  for (const key of ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state']) form.set(key, query.get(key)!);
  const answer = await fetch(`${sb.baseUrl}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const tokens = await exchangeCallback(endpoints, request, new URL(answer.headers.get('location')!).searchParams, 5_000, {});
  registerSecret(tokens.accessToken);
  if (tokens.refreshToken) registerSecret(tokens.refreshToken);
  return tokens;
}
