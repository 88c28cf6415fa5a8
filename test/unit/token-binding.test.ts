import { describe, expect, it } from 'vitest';
import {
  bindUnboundLogin,
  loginNotices,
  loginService,
  refuseOtherService,
  serviceOf,
} from '../../src/auth/token-binding.js';
import type { ProfileData } from '../../src/config/store.js';

describe('serviceOf: the origin of a base URL', () => {
  it('ignores the path, a trailing /api/v1, the default port and the host name case', () => {
    expect(serviceOf('https://PM.example.com:443/tenant/api/v1/')).toBe('https://pm.example.com');
    expect(serviceOf('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('tells apart scheme, host and port', () => {
    const services = [
      'http://pm.example.com',
      'https://pm.example.com',
      'https://pm.example.com:8443',
      'https://pm.example.org',
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ];
    expect(new Set(services.map(serviceOf)).size).toBe(services.length);
  });
});

describe('refuseOtherService', () => {
  const target = (baseUrl: string, source = '--base-url') => ({ baseUrl, source });

  it('lets through another path of the same origin', () => {
    expect(() =>
      refuseOtherService('https://pm.example.com', target('https://pm.example.com/other'), 'default'),
    ).not.toThrow();
  });

  it('refuses another origin in one line naming profile, service, base URL, source and remedy', () => {
    expect(() =>
      refuseOtherService('https://pm.example.com', target('https://evil.example', 'PWCTL_BASE_URL'), 'work'),
    ).toThrow(
      'profile work is signed in to https://pm.example.com, and its stored token is sent nowhere else; the base URL from PWCTL_BASE_URL is https://evil.example: run `pwctl auth login --profile work --base-url https://evil.example` to sign in there, or set PWCTL_TOKEN',
    );
  });
});

describe('a login stored before bindings', () => {
  it('is bound to its base_url, with the token endpoint it renewed at when it may hold a refresh token', () => {
    const file: ProfileData = {
      base_url: 'https://pm.example.com/api/v1',
      token: 't',
      refresh_token: 'r',
      oauth_token_url: 'https://sso.example.com/token',
    };
    bindUnboundLogin(file);
    expect(file).toMatchObject({
      token_service: 'https://pm.example.com',
      token_endpoint: 'https://sso.example.com/token',
    });
    const plain: ProfileData = { base_url: 'https://pm.example.com', token: 't' };
    bindUnboundLogin(plain);
    expect(plain).toEqual({ base_url: 'https://pm.example.com', token: 't', token_service: 'https://pm.example.com' });
  });

  it('is left alone without a login, once bound, or without a base_url', () => {
    for (const profile of [
      { base_url: 'https://a.example' },
      { token: 't' },
      { base_url: 'https://a.example', token: 't', token_service: 'https://b.example' },
    ] as ProfileData[]) {
      const before = structuredClone(profile);
      bindUnboundLogin(profile);
      expect(profile).toEqual(before);
    }
    expect(loginService({ token: 't' })).toBeUndefined();
    expect(loginService({ base_url: 'https://a.example/x', token: 't' })).toBe('https://a.example');
  });
});

describe('loginNotices', () => {
  const bound: ProfileData = {
    base_url: 'https://a.example',
    token: 't',
    token_service: 'https://a.example',
    token_endpoint: 'https://a.example/oauth/token',
  };

  it('says so when base_url or oauth_token_url moves away from the login', () => {
    expect(loginNotices(bound, { ...bound, base_url: 'https://b.example' }, 'default')).toEqual([
      'profile default stays signed in to https://a.example: its token is not sent to https://b.example; run `pwctl auth login` to sign in there',
    ]);
    expect(loginNotices(bound, { ...bound, oauth_token_url: 'https://b.example/token' }, 'default')).toEqual([
      'the sign-in of profile default keeps renewing its token at https://a.example/oauth/token, the endpoint that issued it; https://b.example/token is used from the next `pwctl auth login --web`',
    ]);
  });

  it('says nothing for the same service, other keys, or a profile without a login', () => {
    expect(loginNotices(bound, { ...bound, base_url: 'https://a.example/api/v1' }, 'default')).toEqual([]);
    expect(loginNotices(bound, { ...bound, output: 'json' }, 'default')).toEqual([]);
    expect(loginNotices({ base_url: 'https://a.example' }, { base_url: 'https://b.example' }, 'default')).toEqual([]);
  });
});
