import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '../../src/api/base-url.js';
import { resolveProfileName, resolveSettings } from '../../src/config/settings.js';
import { UsageError } from '../../src/errors.js';

describe('resolveSettings precedence: flag > env > profile > default', () => {
  const profile = {
    base_url: 'https://profile.example',
    output: 'yaml',
    token: 'profile-token',
    timeout: 12,
    company: 7,
  };

  it('takes the flag over everything', () => {
    const s = resolveSettings(
      { output: 'json', baseUrl: 'https://flag.example', timeout: '5' },
      { PWCTL_OUTPUT: 'ndjson', PWCTL_BASE_URL: 'https://env.example', PWCTL_TIMEOUT: '9' },
      profile,
      'default',
    );
    expect([s.output, s.baseUrl, s.baseUrlSource, s.timeoutMs]).toEqual([
      'json',
      'https://flag.example',
      '--base-url',
      5000,
    ]);
  });

  it('takes the environment over the profile', () => {
    const s = resolveSettings(
      {},
      { PWCTL_OUTPUT: 'ndjson', PWCTL_BASE_URL: 'https://env.example', PWCTL_TOKEN: 'env-token', PWCTL_TIMEOUT: '9' },
      profile,
      'default',
    );
    expect([s.output, s.baseUrl, s.baseUrlSource, s.token, s.tokenSource, s.timeoutMs]).toEqual([
      'ndjson',
      'https://env.example',
      'PWCTL_BASE_URL',
      'env-token',
      'env',
      9000,
    ]);
  });

  it('--max-pages, PWCTL_MAX_PAGES, config key max_pages, then 10000', () => {
    const pages = (flag: string | undefined, env: string | undefined, stored: number | undefined) =>
      resolveSettings(
        { maxPages: flag },
        env === undefined ? {} : { PWCTL_MAX_PAGES: env },
        stored === undefined ? {} : { max_pages: stored },
        'default',
      ).maxPages;
    expect([pages('3', '4', 5), pages(undefined, '4', 5), pages(undefined, undefined, 5)]).toEqual([3, 4, 5]);
    expect(pages(undefined, '', undefined)).toBe(10_000);
    expect(() => pages('0', undefined, undefined)).toThrow('--max-pages must be a whole number of 1 or more, got "0"');
  });

  it('falls back to the profile, then to defaults', () => {
    const s = resolveSettings({}, {}, profile, 'default');
    expect([s.output, s.baseUrl, s.baseUrlSource, s.token, s.tokenSource, s.timeoutMs, s.company]).toEqual([
      'yaml',
      'https://profile.example',
      'config key base_url (profile default)',
      'profile-token',
      'file',
      12000,
      7,
    ]);
    const d = resolveSettings({}, {}, {}, 'default');
    expect([d.output, d.baseUrl, d.token, d.tokenSource, d.timeoutMs, d.debug, d.sandbox]).toEqual([
      'table',
      undefined,
      undefined,
      undefined,
      30000,
      false,
      false,
    ]);
  });

  it('a token in the keyring is known only by its source: it is read by the commands that need it', () => {
    const s = resolveSettings(
      {},
      {},
      { base_url: 'https://k.example', keyring_account: 'default/0a1b2c3d' },
      'default',
    );
    expect([s.token, s.tokenSource]).toEqual([undefined, 'keyring']);
    const env = resolveSettings({}, { PWCTL_TOKEN: 'env-token' }, { keyring_account: 'default/0a1b2c3d' }, 'default');
    expect([env.token, env.tokenSource]).toEqual(['env-token', 'env']);
  });

  it('treats empty environment values as unset', () => {
    const s = resolveSettings({}, { PWCTL_OUTPUT: '', PWCTL_TOKEN: '' }, profile, 'default');
    expect([s.output, s.token]).toEqual(['yaml', 'profile-token']);
  });

  it('names the source of an invalid value', () => {
    expect(() => resolveSettings({}, { PWCTL_OUTPUT: 'xml' }, {}, 'default')).toThrow(
      /PWCTL_OUTPUT must be one of table, json, yaml, ndjson/,
    );
    expect(() => resolveSettings({ timeout: '0' }, {}, {}, 'default')).toThrow(UsageError);
    expect(() => resolveSettings({}, { PWCTL_SANDBOX: 'maybe' }, {}, 'default')).toThrow(
      /PWCTL_SANDBOX must be true or false/,
    );
  });

  it('reads PWCTL_DEBUG and PWCTL_SANDBOX as booleans', () => {
    const s = resolveSettings({}, { PWCTL_DEBUG: '1', PWCTL_SANDBOX: 'true' }, {}, 'default');
    expect([s.debug, s.sandbox]).toEqual([true, true]);
  });
});

describe('ca_file: PWCTL_CA_FILE over the profile key', () => {
  it('takes the environment over the profile, resolves a relative path, and names the source', () => {
    const fromEnv = resolveSettings({}, { PWCTL_CA_FILE: 'certs/corp.pem' }, { ca_file: '/etc/pwctl/ca.pem' }, 'work');
    expect(fromEnv.caFile).toEqual({ path: resolve('certs/corp.pem'), source: 'PWCTL_CA_FILE' });
    const fromProfile = resolveSettings({}, { PWCTL_CA_FILE: '' }, { ca_file: '/etc/pwctl/ca.pem' }, 'work');
    expect(fromProfile.caFile).toEqual({ path: '/etc/pwctl/ca.pem', source: 'config key ca_file (profile work)' });
    expect(resolveSettings({}, {}, {}, 'default').caFile).toBeUndefined();
  });
});

describe('resolveProfileName', () => {
  it('prefers --profile, then PWCTL_PROFILE, then the stored default (auth switch), then default', () => {
    expect(resolveProfileName({ profile: 'ci' }, { PWCTL_PROFILE: 'env' }, 'switched')).toBe('ci');
    expect(resolveProfileName({}, { PWCTL_PROFILE: 'env' }, 'switched')).toBe('env');
    expect(resolveProfileName({}, { PWCTL_PROFILE: '' }, 'switched')).toBe('switched');
    expect(resolveProfileName({}, {})).toBe('default');
    expect(() => resolveProfileName({ profile: '../etc' }, {})).toThrow(/--profile must be a profile name/);
    expect(() => resolveProfileName({}, {}, '../etc')).toThrow(/default_profile must be a profile name/);
  });
});

describe('normaliseBaseUrl', () => {
  it('tolerates a trailing /api/v1 and slashes', () => {
    expect(normaliseBaseUrl('https://x.example/api/v1/')).toBe('https://x.example');
    expect(normaliseBaseUrl('https://x.example/prefix/')).toBe('https://x.example/prefix');
    expect(normaliseBaseUrl('https://x.example')).toBe('https://x.example');
  });
});
