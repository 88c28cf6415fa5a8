import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationRequest, exchangeCallback, refreshTokens } from '../../src/auth/oauth-client.js';
import { resolveOAuthEndpoints } from '../../src/auth/oauth-endpoints.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const REDIRECT = 'http://127.0.0.1:49999/callback';
/** No CA file, no proxy variables. */
const DIRECT = {};

/** Approve an authorization request on the sandbox as `user` and return the callback query. */
async function approve(url: string, user = 'manager'): Promise<URLSearchParams> {
  const q = new URL(url).searchParams;
  const form = new URLSearchParams({ user, decision: 'approve' });
  for (const key of ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state'])
    form.set(key, q.get(key)!);
  const answer = await fetch(`${sb.baseUrl}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(answer.headers.get('location')!).searchParams;
}

describe('resolveOAuthEndpoints', () => {
  it('defaults next to the base URL and honours the config keys', () => {
    expect(resolveOAuthEndpoints({}, 'https://pm.example.com')).toEqual({
      authorizeUrl: 'https://pm.example.com/oauth/authorize',
      tokenUrl: 'https://pm.example.com/oauth/token',
      clientId: 'pwctl',
      issuer: 'https://pm.example.com',
    });
    expect(
      resolveOAuthEndpoints(
        {
          oauth_authorize_url: 'https://id.example.com/auth',
          oauth_token_url: 'https://id.example.com/token',
          oauth_client_id: 'cli',
        },
        'https://pm.example.com',
      ),
    ).toMatchObject({
      authorizeUrl: 'https://id.example.com/auth',
      tokenUrl: 'https://id.example.com/token',
      clientId: 'cli',
    });
  });
});

describe('createAuthorizationRequest', () => {
  it('carries an S256 challenge of a fresh verifier and a fresh state', async () => {
    const endpoints = resolveOAuthEndpoints({}, 'https://pm.example.com');
    const a = await createAuthorizationRequest(endpoints, REDIRECT);
    const b = await createAuthorizationRequest(endpoints, REDIRECT);
    const q = new URL(a.url).searchParams;
    expect(q.get('code_challenge')).toBe(createHash('sha256').update(a.codeVerifier).digest('base64url'));
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toBe(a.state);
    expect(q.get('redirect_uri')).toBe(REDIRECT);
    expect(a.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
  });
});

describe('exchangeCallback and refreshTokens against the sandbox', () => {
  it('exchanges an approved code, then refreshes with rotation', async () => {
    const endpoints = resolveOAuthEndpoints({}, sb.baseUrl);
    const request = await createAuthorizationRequest(endpoints, REDIRECT);
    const tokens = await exchangeCallback(endpoints, request, await approve(request.url, 'client'), 5_000, DIRECT);
    expect(sb.state.auth.access_tokens[tokens.accessToken]?.user_id).toBe(3);
    expect(tokens.refreshToken).toMatch(/^sbx_refresh_/);
    expect(Date.parse(tokens.expiresAt!)).toBeGreaterThan(Date.now());

    const renewed = await refreshTokens(endpoints, tokens.refreshToken!, 5_000, DIRECT);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    // The old refresh token was spent.
    await expect(refreshTokens(endpoints, tokens.refreshToken!, 5_000, DIRECT)).rejects.toMatchObject({
      name: 'OAuthError',
      network: false,
      message: expect.stringMatching(/^the token endpoint answered 400 invalid_grant: /),
    });
  });

  it('refuses a callback with another state before any request', async () => {
    const endpoints = resolveOAuthEndpoints({}, sb.baseUrl);
    const request = await createAuthorizationRequest(endpoints, REDIRECT);
    const mark = sb.requests.length;
    await expect(
      exchangeCallback(endpoints, request, new URLSearchParams({ code: 'x', state: 'other' }), 5_000, DIRECT),
    ).rejects.toThrow(/state does not match/);
    await expect(
      exchangeCallback(endpoints, request, new URLSearchParams({ code: 'x' }), 5_000, DIRECT),
    ).rejects.toThrow(/state does not match/);
    expect(sb.requests.length).toBe(mark);
  });

  it('reports an error redirect with its code and description', async () => {
    const endpoints = resolveOAuthEndpoints({}, sb.baseUrl);
    const request = await createAuthorizationRequest(endpoints, REDIRECT);
    const callback = new URLSearchParams({
      error: 'access_denied',
      error_description: 'the user said no',
      state: request.state,
    });
    await expect(exchangeCallback(endpoints, request, callback, 5_000, DIRECT)).rejects.toThrow(
      'the authorization server answered access_denied: the user said no',
    );
  });

  it('marks an unreachable token endpoint as a network failure', async () => {
    const endpoints = resolveOAuthEndpoints({}, 'http://127.0.0.1:9');
    await expect(refreshTokens(endpoints, 'sbx_refresh_x', 5_000, DIRECT)).rejects.toMatchObject({
      name: 'OAuthError',
      network: true,
      message: 'cannot connect to 127.0.0.1:9 (ECONNREFUSED)',
    });
  });
});
