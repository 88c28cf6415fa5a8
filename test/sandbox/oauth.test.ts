// OAuth 2.0: authorization code with PKCE (S256), loopback redirects, refresh tokens.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { api, call } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const REDIRECT = 'http://127.0.0.1:53682/callback';
const CLIENT_ID = 'pwctl-cli';

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeParams(challenge: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz-123',
    ...extra,
  });
}

async function form(path: string, params: Record<string, string> | URLSearchParams) {
  return fetch(`${sb.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
    redirect: 'manual',
  });
}

/** Approve the consent form as `user`; returns the code from the redirect. */
async function authorize(challenge: string, user = 'manager'): Promise<string> {
  const params = authorizeParams(challenge);
  params.set('user', user);
  params.set('decision', 'approve');
  const res = await form('/oauth/authorize', params);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe('xyz-123');
  return location.searchParams.get('code') ?? '';
}

async function exchange(code: string, verifier: string, extra: Record<string, string> = {}) {
  const res = await form('/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: CLIENT_ID,
    code_verifier: verifier,
    ...extra,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('authorize', () => {
  it('shows a consent page with a POST form, the three users and an Approve button', async () => {
    const res = await fetch(`${sb.baseUrl}/oauth/authorize?${authorizeParams(pkce().challenge)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toMatch(/<form method="post"/);
    expect(page).toContain('value="approve"');
    expect(page).toContain('name="state" value="xyz-123"');
    for (const role of ['manager', 'member', 'client']) expect(page).toContain(`value="${role}"`);
  });

  it('refuses a non-loopback redirect_uri without redirecting', async () => {
    const params = authorizeParams(pkce().challenge, { redirect_uri: 'https://evil.example/callback' });
    const res = await fetch(`${sb.baseUrl}/oauth/authorize?${params}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it.each([
    ['no code_challenge', { code_challenge: '' }],
    ['the plain method', { code_challenge_method: 'plain' }],
    ['a token response type', { response_type: 'token' }],
  ])('redirects back with an error for %s', async (_, extra) => {
    const res = await fetch(`${sb.baseUrl}/oauth/authorize?${authorizeParams(pkce().challenge, extra)}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toMatch(/^(invalid_request|unsupported_response_type)$/);
    expect(location.searchParams.get('state')).toBe('xyz-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('redirects with access_denied when the user denies', async () => {
    const params = authorizeParams(pkce().challenge);
    params.set('decision', 'deny');
    const res = await form('/oauth/authorize', params);
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('error')).toBe('access_denied');
  });
});

describe('token', () => {
  it('exchanges a code with the right verifier for a token that acts as the chosen user', async () => {
    const { verifier, challenge } = pkce();
    const code = await authorize(challenge, 'client');
    const token = await exchange(code, verifier);
    expect(token.status).toBe(200);
    expect(token.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    const as = { token: token.body.access_token };
    const docs = await api.get(sb, '/documents', { as });
    expect(docs.status).toBe(200);
    expect(docs.body.data.every((d: any) => d.is_internal === false)).toBe(true);
    expect(sb.requests.at(-1)?.tokenRole).toBe('client');
  });

  it('rejects a wrong verifier, and a code is single-use', async () => {
    const { verifier, challenge } = pkce();
    const code = await authorize(challenge);
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    const reused = await exchange(code, verifier);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('rejects a redirect_uri or client_id that differs from the authorization request', async () => {
    const a = pkce();
    const otherRedirect = await exchange(await authorize(a.challenge), a.verifier, {
      redirect_uri: 'http://127.0.0.1:9/other',
    });
    expect(otherRedirect.body.error).toBe('invalid_grant');
    const b = pkce();
    const otherClient = await exchange(await authorize(b.challenge), b.verifier, { client_id: 'someone-else' });
    expect(otherClient.body.error).toBe('invalid_grant');
  });

  it('refreshes, rotating the refresh token', async () => {
    const { verifier, challenge } = pkce();
    const first = await exchange(await authorize(challenge, 'member'), verifier);
    const res = await form('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: CLIENT_ID,
    });
    expect(res.status).toBe(200);
    const second = (await res.json()) as any;
    expect(second.access_token).not.toBe(first.body.access_token);
    expect(second.refresh_token).not.toBe(first.body.refresh_token);
    const hooks = await api.post(
      sb,
      '/webhooks',
      { url: 'https://x.example/h', event: 'task.created', company_id: 1 },
      { as: { token: second.access_token } },
    );
    expect(hooks.status).toBe(403); // a member, not a manager
    const replay = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as any).error).toBe('invalid_grant');
  });

  it('takes a reused refresh token as leaked: refused, and the newest refresh token of that sign-in is revoked too (RFC 9700 §4.14.2)', async () => {
    const refresh = async (token: string) => {
      const res = await form('/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: CLIENT_ID,
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const { verifier, challenge } = pkce();
    const first = await exchange(await authorize(challenge), verifier);
    const second = await refresh(first.body.refresh_token);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    // Another sign-in of the same user is a family of its own and is left alone.
    const other = pkce();
    const unrelated = await exchange(await authorize(other.challenge), other.verifier);

    const reused = await refresh(first.body.refresh_token);
    expect([reused.status, reused.body.error]).toEqual([400, 'invalid_grant']);
    expect(sb.state.auth.refresh_tokens[third.body.refresh_token]).toBeUndefined();
    expect((await refresh(third.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await refresh(unrelated.body.refresh_token)).status).toBe(200);
  });

  it('answers unsupported_grant_type and invalid_request per RFC 6749', async () => {
    const password = await form('/oauth/token', { grant_type: 'password', username: 'a', password: 'b' });
    expect(((await password.json()) as any).error).toBe('unsupported_grant_type');
    const missing = await form('/oauth/token', { grant_type: 'authorization_code' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).error).toBe('invalid_request');
  });
});

describe('expiry', () => {
  it('answers 401 for an expired access token', async () => {
    const short = await startTestSandbox({ tokenTtlSec: 0 });
    try {
      const { verifier, challenge } = pkce();
      const params = authorizeParams(challenge);
      params.set('decision', 'approve');
      const res = await fetch(`${short.baseUrl}/oauth/authorize`, { method: 'POST', body: params, redirect: 'manual' });
      const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const tokenRes = await fetch(`${short.baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          client_id: CLIENT_ID,
          code_verifier: verifier,
        }),
      });
      const token = (await tokenRes.json()) as any;
      expect(token.expires_in).toBe(0);
      const r = await call(short, 'GET', '/steps', { as: { token: token.access_token } });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Unauthenticated.' });
    } finally {
      await short.close();
    }
  });
});
