// Profiles: `auth login --profile`, `auth status` listing every stored profile with the
// active one marked, and `auth switch` choosing the default that --profile and
// PWCTL_PROFILE still override.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

interface StoredConfig {
  default_profile?: string;
  profiles: Record<string, { base_url?: string; token?: string }>;
}

function readConfig(configDir: string): StoredConfig {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as StoredConfig;
}

function readProfiles(configDir: string): StoredConfig['profiles'] {
  return readConfig(configDir).profiles;
}

function requestsSince(mark: number) {
  return sb.requests.slice(mark);
}

/** A config dir whose default profile holds `role`'s token for the sandbox. */
async function loggedIn(
  role: 'manager' | 'member' | 'client' = 'manager',
  configDir = makeConfigDir(),
  profile = 'default',
): Promise<string> {
  const result = await runInProcess(['auth', 'login', '--with-token', '--base-url', sb.baseUrl, '--profile', profile], {
    configDir,
    stdin: `${sb.tokens[role]}\n`,
  });
  expect(result.code, result.stderr).toBe(0);
  return configDir;
}

describe('profiles', () => {
  it('auth login --profile staging --base-url creates that profile and leaves the default alone', async () => {
    const configDir = await loggedIn('manager');
    const staging = await runInProcess(
      ['auth', 'login', '--profile', 'staging', '--base-url', sb.baseUrl, '--with-token'],
      { configDir, stdin: sb.tokens.client },
    );
    expect(staging.code, staging.stderr).toBe(0);
    expect(staging.stderr).toMatch(/with profile staging/);

    const profiles = readProfiles(configDir);
    expect(profiles.default?.token).toBe(sb.tokens.manager);
    expect(profiles.staging).toEqual({ base_url: sb.baseUrl, token: sb.tokens.client, token_service: sb.baseUrl });

    // --profile and PWCTL_PROFILE select it everywhere.
    expect(
      (await runInProcess(['auth', 'token', '--profile', 'staging'], { configDir, allowSecrets: true })).stdout,
    ).toBe(`${sb.tokens.client}\n`);
    expect(
      (await runInProcess(['auth', 'token'], { configDir, env: { PWCTL_PROFILE: 'staging' }, allowSecrets: true }))
        .stdout,
    ).toBe(`${sb.tokens.client}\n`);
    const mark = sb.requests.length;
    expect(
      (await runInProcess(['api', '/steps?per_page=1'], { configDir, env: { PWCTL_PROFILE: 'staging' } })).code,
    ).toBe(0);
    expect(requestsSince(mark).map((r) => r.tokenRole)).toEqual(['client']);

    const all = await runInProcess(['auth', 'status', '-o', 'json'], { configDir });
    expect(all.code, all.stderr).toBe(0);
    const rows = JSON.parse(all.stdout) as Array<{ profile: string; active: boolean; valid: boolean; token: string }>;
    expect(rows.map((r) => [r.profile, r.active, r.valid, r.token])).toEqual([
      ['default', true, true, `****${sb.tokens.manager.slice(-4)}`],
      ['staging', false, true, `****${sb.tokens.client.slice(-4)}`],
    ]);

    const logout = await runInProcess(['auth', 'logout', '--profile', 'staging'], { configDir });
    expect(logout.code).toBe(0);
    expect(readProfiles(configDir).default?.token).toBe(sb.tokens.manager);
    expect(readProfiles(configDir).staging?.token).toBeUndefined();
  });

  it("status lists every stored profile, marks the active one, and exits with the active one's outcome", async () => {
    const configDir = await loggedIn('manager');
    expect(
      (await runInProcess(['config', 'set', 'base_url', sb.baseUrl, '--profile', 'empty'], { configDir })).code,
    ).toBe(0);
    const result = await runInProcess(['auth', 'status'], { configDir });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^default \*\t.*\tok, reaches Northwind Studio \(1\)$/);
    expect(lines[1]).toMatch(/^empty\t.*\tnone\t.*\tfailed: no token for profile empty/);

    const empty = await runInProcess(['auth', 'status', '--profile', 'empty'], { configDir });
    expect(empty.code).toBe(4);
    expect(empty.stdout.split('\n')[1]).toMatch(/^empty \*\t/);
  });

  it('other profiles are shown as stored: --base-url and PWCTL_TOKEN apply to the active one only', async () => {
    const configDir = await loggedIn('manager');
    expect(
      (
        await runInProcess(['auth', 'login', '--profile', 'staging', '--base-url', sb.baseUrl, '--with-token'], {
          configDir,
          stdin: sb.tokens.client,
        })
      ).code,
    ).toBe(0);
    const result = await runInProcess(['auth', 'status', '-o', 'json'], {
      configDir,
      env: { PWCTL_TOKEN: sb.tokens.member },
    });
    expect(result.code, result.stderr).toBe(0);
    const rows = JSON.parse(result.stdout) as Array<{ profile: string; token_source: string; token: string }>;
    expect(rows.map((r) => [r.profile, r.token_source, r.token])).toEqual([
      ['default', 'env', `****${sb.tokens.member.slice(-4)}`],
      ['staging', 'file', `****${sb.tokens.client.slice(-4)}`],
    ]);
  });

  it('rejects an invalid profile name (exit 2)', async () => {
    const result = await runInProcess(
      ['auth', 'login', '--with-token', '--profile', '../evil', '--base-url', sb.baseUrl],
      { stdin: sb.tokens.manager },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--profile must be a profile name/);
  });
});

describe('auth switch', () => {
  it('makes a stored profile the default of every later command; --profile and PWCTL_PROFILE still override it', async () => {
    const configDir = await loggedIn('manager');
    await loggedIn('client', configDir, 'staging');

    const result = await runInProcess(['auth', 'switch', 'staging'], { configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('✓ staging is now the default profile\n');
    expect(readConfig(configDir).default_profile).toBe('staging');

    const mark = sb.requests.length;
    expect((await runInProcess(['api', '/steps?per_page=1'], { configDir })).code).toBe(0);
    expect((await runInProcess(['api', '/steps?per_page=1', '--profile', 'default'], { configDir })).code).toBe(0);
    expect(
      (await runInProcess(['api', '/steps?per_page=1'], { configDir, env: { PWCTL_PROFILE: 'default' } })).code,
    ).toBe(0);
    expect(requestsSince(mark).map((r) => r.tokenRole)).toEqual(['client', 'manager', 'manager']);

    // The default profile is also the one `config` changes and `auth status` marks.
    expect((await runInProcess(['config', 'set', 'company', '1'], { configDir })).code).toBe(0);
    expect(readProfiles(configDir).staging).toMatchObject({ company: 1 });
    const status = await runInProcess(['auth', 'status', '-o', 'json'], { configDir });
    expect(
      (JSON.parse(status.stdout) as Array<{ profile: string; active: boolean }>).map((r) => [r.profile, r.active]),
    ).toEqual([
      ['default', false],
      ['staging', true],
    ]);

    const back = await runInProcess(['auth', 'switch', 'default'], { configDir });
    expect(back.code).toBe(0);
    expect(readConfig(configDir).default_profile).toBeUndefined();
    const again = sb.requests.length;
    expect((await runInProcess(['api', '/steps?per_page=1'], { configDir })).code).toBe(0);
    expect(requestsSince(again).map((r) => r.tokenRole)).toEqual(['manager']);
  });

  it('refuses a profile that is not stored (exit 2), naming the stored ones, and changes nothing', async () => {
    const configDir = await loggedIn('manager');
    const before = readFileSync(join(configDir, 'config.json'), 'utf8');
    const result = await runInProcess(['auth', 'switch', 'prod'], { configDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: no stored profile "prod"; stored profiles: default (`pwctl auth login --profile prod --base-url <url>` creates it)\n',
    );
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(before);
    const bad = await runInProcess(['auth', 'switch', '../x'], { configDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/<profile> must be a profile name/);
  });

  it('warns when PWCTL_PROFILE overrides the new default in this environment', async () => {
    const configDir = await loggedIn('manager');
    await loggedIn('client', configDir, 'staging');
    const result = await runInProcess(['auth', 'switch', 'staging'], { configDir, env: { PWCTL_PROFILE: 'default' } });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^warning: PWCTL_PROFILE=default is set in this environment and overrides the default$/m,
    );
  });
});
