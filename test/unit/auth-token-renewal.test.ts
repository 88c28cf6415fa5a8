import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenRenewer } from '../../src/auth/token-renewal.js';
import { ConfigStore } from '../../src/config/store.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { signIn } from '../helpers/oauth-sign-in.js';
import { startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/** A store whose default profile holds fresh OAuth tokens, expiring at `expiresAt`. */
async function storeWithTokens(expiresAt: string | undefined) {
  const tokens = await signIn(sb);
  const store = new ConfigStore(mkdtempSync(join(tmpdir(), 'pwctl-renewal-')));
  const binding = { service: sb.baseUrl, tokenEndpoint: `${sb.baseUrl}/oauth/token` };
  await store.updateProfile('default', (p) => {
    p.base_url = sb.baseUrl;
    p.token = tokens.accessToken;
    p.refresh_token = tokens.refreshToken;
    if (expiresAt) p.token_expires_at = expiresAt;
    p.token_service = binding.service;
    p.token_endpoint = binding.tokenEndpoint;
  });
  const renewer = new TokenRenewer(
    { store, profileName: 'default', baseUrl: sb.baseUrl, timeoutMs: 5_000, network: {} },
    { ...tokens, expiresAt, ...binding },
  );
  return { store, tokens, renewer, binding };
}

function tokenCalls(since: number): number {
  return sb.requests.slice(since).filter((r) => r.path === '/oauth/token').length;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const inTenSeconds = () => new Date(Date.now() + 10_000).toISOString();

describe('TokenRenewer', () => {
  it('keeps a token that is far from expiry, without a request', async () => {
    const { tokens, renewer } = await storeWithTokens(inAnHour());
    const mark = sb.requests.length;
    expect(await renewer.initial()).toBe(tokens.accessToken);
    expect(sb.requests.length).toBe(mark);
  });

  it('renews a token inside the one-minute margin and stores the rotated pair', async () => {
    const { store, tokens, renewer } = await storeWithTokens(inTenSeconds());
    const mark = sb.requests.length;
    const fresh = await renewer.initial();
    expect(fresh).not.toBe(tokens.accessToken);
    expect(tokenCalls(mark)).toBe(1);
    const onDisk = new ConfigStore(store.dir).profile('default');
    expect(onDisk.token).toBe(fresh);
    expect(onDisk.refresh_token).not.toBe(tokens.refreshToken);
    expect(sb.state.auth.refresh_tokens[onDisk.refresh_token!]).toBeDefined();
    expect(Date.parse(onDisk.token_expires_at!)).toBeGreaterThan(Date.now() + 60_000);
    expect(store.profile('default').token).toBe(fresh); // the in-process view agrees with the file
  });

  it('shares one renewal between concurrent callers', async () => {
    const { renewer } = await storeWithTokens(inAnHour());
    const mark = sb.requests.length;
    const [a, b, c] = await Promise.all([renewer.renew(), renewer.renew(), renewer.renewAfterRejection()]);
    expect(tokenCalls(mark)).toBe(1);
    expect(new Set([a, b, c]).size).toBe(1);
  });

  it('adopts a token another process renewed meanwhile instead of spending the refresh token', async () => {
    const { store, renewer } = await storeWithTokens(inAnHour());
    const other = await signIn(sb);
    await new ConfigStore(store.dir).updateProfile('default', (p) => {
      p.token = other.accessToken;
      p.refresh_token = other.refreshToken;
      p.token_expires_at = inAnHour();
    });
    const mark = sb.requests.length;
    expect(await renewer.renew()).toBe(other.accessToken);
    expect(tokenCalls(mark)).toBe(0);
    expect(store.profile('default').refresh_token).toBe(other.refreshToken);
  });

  it("refuses, without a request, when the profile was signed in to another service meanwhile: its tokens are not this run's to spend or replace", async () => {
    const { store, renewer } = await storeWithTokens(inAnHour());
    const other = await signIn(sb);
    const elsewhere = {
      token: other.accessToken,
      refresh_token: other.refreshToken,
      token_expires_at: inAnHour(),
      token_service: 'https://other.example',
      token_endpoint: 'https://other.example/oauth/token',
    };
    await new ConfigStore(store.dir).updateProfile('default', (p) => {
      Object.assign(p, { base_url: 'https://other.example' }, elsewhere);
    });
    const mark = sb.requests.length;
    await expect(renewer.renew()).rejects.toMatchObject({
      name: 'AuthRequiredError',
      message: `profile default was signed in to https://other.example while this command ran with ${sb.baseUrl}; nothing was renewed: run the command again`,
    });
    expect(sb.requests.length).toBe(mark);
    expect(new ConfigStore(store.dir).profile('default')).toMatchObject(elsewhere);
  });

  it('after a 401, a refused renewal is a 401 ApiError telling to log in again', async () => {
    const { tokens, renewer } = await storeWithTokens(inAnHour());
    delete sb.state.auth.refresh_tokens[tokens.refreshToken!];
    await expect(renewer.renewAfterRejection()).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'unauthorized',
      status: 401,
      message: expect.stringMatching(
        /^cannot renew the token of profile default \(.*invalid_grant.*\): run `pwctl auth login`$/,
      ),
    });
  });

  it('an expired token without a refresh token is an AuthRequiredError before any request', async () => {
    const { store, tokens, binding } = await storeWithTokens('2020-01-01T00:00:00.000Z');
    const renewer = new TokenRenewer(
      { store, profileName: 'default', baseUrl: sb.baseUrl, timeoutMs: 5_000, network: {} },
      { accessToken: tokens.accessToken, expiresAt: '2020-01-01T00:00:00.000Z', ...binding },
    );
    const mark = sb.requests.length;
    await expect(renewer.initial()).rejects.toMatchObject({
      name: 'AuthRequiredError',
      message: expect.stringMatching(/expired .* ago and cannot be renewed: run `pwctl auth login`/),
    });
    expect(sb.requests.length).toBe(mark);
  });
});
