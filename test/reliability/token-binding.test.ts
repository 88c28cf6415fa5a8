// A hostile server does not get a stored token: a token (and refresh token) stored for
// service A is sent only to A, whatever base URL a run is pointed at (--base-url,
// PWCTL_BASE_URL, `config set base_url`), and a refresh token only to the token endpoint of
// the sign-in that issued it (src/auth/token-binding.ts). Two sandboxes on two ports: A, where
// the profile signed in, and B, which answers 401 to every token of A's. B's request log is
// the witness: it must hold no request from a refused run and nothing carrying A's secrets.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileData } from '../../src/config/store.js';
import type { RequestLogEntry, RunningSandbox } from '../../src/sandbox/index.js';
import {
  expectOneErrorLine,
  makeConfigDir,
  registerSecret,
  runInProcess,
  type CliResult,
  type RunOptions,
} from '../helpers/cli.js';
import { connectMcp, textOf } from '../helpers/mcp-client.js';
import { loginWithBrowser } from '../helpers/oauth-sign-in.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { inBatches } from './support.js';

let a: RunningSandbox;
let b: RunningSandbox;
/** Every token and refresh token stored for A in this file: B must never see one. */
const secretsOfA = new Set<string>();
/** Commands run with A's stored login while the base URL in effect was B's. */
let refusedRuns = 0;

beforeAll(async () => {
  [a, b] = await Promise.all([startTestSandbox(), startTestSandbox()]);
  for (const token of Object.values(a.tokens)) secretsOfA.add(token);
});

afterAll(async () => {
  if (process.env.RELIABILITY_REPORT) {
    const ownTokens = new Set(Object.values(b.tokens).map((t) => `Bearer ${t}`));
    console.log(
      JSON.stringify({
        tokenBinding: {
          refusedRuns,
          requestsBReceived: b.requests.length,
          bRequestsWithItsOwnTokens: b.requests.filter((r) => ownTokens.has(r.headers.authorization ?? '')).length,
          bRequestsCarryingSecretsOfA: b.requests.filter(carriesSecretOfA).length,
          refreshGrantsAtB: b.requests.filter((r) => r.path === '/oauth/token').length,
        },
      }),
    );
  }
  await Promise.all([a?.close(), b?.close()]);
});

const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function configPath(configDir: string): string {
  return join(configDir, 'config.json');
}

function profileOf(configDir: string, name = 'default'): ProfileData {
  return JSON.parse(readFileSync(configPath(configDir), 'utf8')).profiles[name];
}

function writeProfile(configDir: string, profile: ProfileData, name = 'default'): void {
  const path = configPath(configDir);
  let data: { profiles?: Record<string, ProfileData> } = {};
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // A store written by hand from nothing.
  }
  (data.profiles ??= {})[name] = profile;
  writeFileSync(path, JSON.stringify(data), { mode: 0o600 });
}

function carriesSecretOfA(entry: RequestLogEntry): boolean {
  const seen = [entry.path, JSON.stringify(entry.query), entry.rawBody, ...Object.values(entry.headers)].join('\n');
  return [...secretsOfA].some((secret) => seen.includes(secret));
}

/** A config dir whose default profile holds `role`'s token for A, in the file. */
async function fileLogin(role: 'manager' | 'member' | 'client' = 'member'): Promise<string> {
  const configDir = makeConfigDir();
  const result = await runInProcess(['auth', 'login', '--with-token', '--insecure-storage', '--base-url', a.baseUrl], {
    configDir,
    stdin: a.tokens[role],
  });
  expect(result.code, result.stderr).toBe(0);
  return configDir;
}

/** A config dir whose default profile signed in to A with the browser: access token, refresh token, expiry. */
async function oauthLogin(): Promise<string> {
  const configDir = makeConfigDir();
  const result = await loginWithBrowser(a, configDir);
  expect(result.code, result.stderr).toBe(0);
  const profile = profileOf(configDir);
  for (const secret of [profile.token!, profile.refresh_token!]) {
    registerSecret(secret);
    secretsOfA.add(secret);
  }
  return configDir;
}

/** Run a command with A's stored login aimed at B. */
function aimedAtB(args: string[], options: RunOptions): Promise<CliResult> {
  refusedRuns += 1;
  return runInProcess(args, options);
}

/** Exit 4 before any request, in one line naming the profile, A, B, where B came from, and the remedy. */
function expectRefused(result: CliResult, source: string, profile = 'default'): void {
  const login = profile === 'default' ? 'pwctl auth login' : `pwctl auth login --profile ${profile}`;
  expectOneErrorLine(
    result,
    4,
    new RegExp(
      `^error: profile ${profile} is signed in to ${esc(a.baseUrl)}, and its stored token is sent nowhere else; the base URL from ${esc(source)} is ${esc(b.baseUrl)}: run \`${login} --base-url ${esc(b.baseUrl)}\` to sign in there, or set PWCTL_TOKEN$`,
    ),
  );
}

describe('a token stored for A is never sent to B', () => {
  it('--base-url B and PWCTL_BASE_URL=B: every command that reads the token exits 4 before any request; PWCTL_TOKEN still goes to B', async () => {
    const configDir = await fileLogin();
    const marks = [a.requests.length, b.requests.length];
    const commands = [
      ['api', '/steps'],
      ['steps', 'list'],
      ['milestones', 'list'],
      ['docs', 'list'],
      ['webhooks', 'list'],
      ['auth', 'token'],
    ];
    const cases = commands.flatMap((args) => [
      { args: ['--base-url', b.baseUrl, ...args], env: {}, source: '--base-url' },
      { args, env: { PWCTL_BASE_URL: b.baseUrl }, source: 'PWCTL_BASE_URL' },
    ]);
    const results = await inBatches(cases, 2, (c) => aimedAtB(c.args, { configDir, env: c.env }));
    results.forEach((result, i) => {
      expectRefused(result, cases[i]!.source);
      expect(result.stdout).toBe(''); // `auth token` hands nothing to a script aimed at B
    });

    const status = await aimedAtB(['auth', 'status', '-o', 'json'], { configDir, env: { PWCTL_BASE_URL: b.baseUrl } });
    expect(status.code).toBe(4);
    expect(JSON.parse(status.stdout)).toMatchObject([
      {
        base_url: b.baseUrl,
        service: a.baseUrl,
        token_source: 'file',
        valid: false,
        error: expect.stringMatching(/is signed in to/),
      },
    ]);

    expect(a.requests.slice(marks[0])).toEqual([]);
    expect(b.requests.slice(marks[1])).toEqual([]);

    // The user's own choice: PWCTL_TOKEN goes wherever the base URL points, and only it.
    const own = await runInProcess(['api', '/steps?per_page=1'], {
      configDir,
      env: { PWCTL_BASE_URL: b.baseUrl, PWCTL_TOKEN: b.tokens.manager },
    });
    expect(own.code, own.stderr).toBe(0);
    expect(b.requests.slice(marks[1]).map((r) => r.headers.authorization)).toEqual([`Bearer ${b.tokens.manager}`]);
    expect(b.requests.filter(carriesSecretOfA)).toEqual([]);
  });

  it('an OAuth login: B is asked nothing, so its 401 can never draw the refresh token, not even for an expired token', async () => {
    const configDir = await oauthLogin();
    const before = profileOf(configDir);
    const marks = [a.requests.length, b.requests.length];
    expectRefused(await aimedAtB(['--base-url', b.baseUrl, 'api', '/steps'], { configDir }), '--base-url');
    // Expired: the old code renewed before the first request, at B's /oauth/token.
    writeProfile(configDir, { ...before, token_expires_at: '2020-01-01T00:00:00.000Z' });
    expectRefused(
      await aimedAtB(['steps', 'list'], { configDir, env: { PWCTL_BASE_URL: b.baseUrl } }),
      'PWCTL_BASE_URL',
    );
    expectRefused(await aimedAtB(['--base-url', `${b.baseUrl}/api/v1/`, 'auth', 'token'], { configDir }), '--base-url');

    expect(b.requests.slice(marks[1])).toEqual([]);
    expect(a.requests.slice(marks[0])).toEqual([]);
    expect(b.requests.filter(carriesSecretOfA)).toEqual([]);
    expect(profileOf(configDir)).toEqual({ ...before, token_expires_at: '2020-01-01T00:00:00.000Z' });
  });

  it('the MCP server refuses its tool calls the same way', async () => {
    const configDir = await fileLogin();
    const marks = [a.requests.length, b.requests.length];
    refusedRuns += 1;
    const session = await connectMcp({ globals: ['--base-url', b.baseUrl], configDir });
    try {
      const result = await session.call('steps_list', { limit: 1 });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        new RegExp(
          `profile default is signed in to ${esc(a.baseUrl)}.*the base URL from --base-url is ${esc(b.baseUrl)}`,
        ),
      );
    } finally {
      await session.close();
    }
    expect(b.requests.slice(marks[1])).toEqual([]);
    expect(a.requests.slice(marks[0])).toEqual([]);
  });
});

describe('the token endpoint of the sign-in', () => {
  it('a renewal after a 401 from A goes to the endpoint recorded at sign-in, not to an oauth_token_url set since', async () => {
    const configDir = await oauthLogin();
    const set = await runInProcess(['config', 'set', 'oauth_token_url', `${b.baseUrl}/oauth/token`], { configDir });
    expect(set.code, set.stderr).toBe(0);

    delete a.state.auth.access_tokens[profileOf(configDir).token!]; // A stops accepting the access token
    const marks = [a.requests.length, b.requests.length];
    const result = await runInProcess(['api', '/steps?per_page=1'], { configDir });
    expect(b.requests.slice(marks[1])).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
    expect(a.requests.slice(marks[0]).map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/api/v1/steps', 401],
      ['POST', '/oauth/token', 200],
      ['GET', '/api/v1/steps', 200],
    ]);
    const after = profileOf(configDir);
    for (const secret of [after.token!, after.refresh_token!]) {
      registerSecret(secret);
      secretsOfA.add(secret);
    }
    expect(after).toMatchObject({
      token_service: a.baseUrl,
      token_endpoint: `${a.baseUrl}/oauth/token`,
      oauth_token_url: `${b.baseUrl}/oauth/token`,
    });
    expect(set.stderr).toBe(
      `✓ oauth_token_url set for profile default\nthe sign-in of profile default keeps renewing its token at ${a.baseUrl}/oauth/token, the endpoint that issued it; ${b.baseUrl}/oauth/token is used from the next \`pwctl auth login --web\`\n`,
    );
  });
});

describe('config set base_url to another service', () => {
  it('says the login stays with A, and the next command exits 4 without a request; auth status shows both', async () => {
    const configDir = await fileLogin();
    const set = await runInProcess(['config', 'set', 'base_url', b.baseUrl], { configDir });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toBe(
      `✓ base_url set for profile default\nprofile default stays signed in to ${a.baseUrl}: its token is not sent to ${b.baseUrl}; run \`pwctl auth login\` to sign in there\n`,
    );
    // Same service, another path: nothing to say.
    const same = await runInProcess(['config', 'set', 'base_url', `${a.baseUrl}/api/v1`], { configDir });
    expect(same.stderr).toBe('✓ base_url set for profile default\n');
    expect((await runInProcess(['config', 'set', 'base_url', b.baseUrl], { configDir })).code).toBe(0);

    const marks = [a.requests.length, b.requests.length];
    expectRefused(await aimedAtB(['milestones', 'list'], { configDir }), 'config key base_url (profile default)');
    const status = await aimedAtB(['auth', 'status'], { configDir });
    expect(status.code).toBe(4);
    expect(status.stdout).toMatch(
      new RegExp(
        `^default \\*\\t${esc(b.baseUrl)}\\t${esc(a.baseUrl)}\\tfile \\S+\\t\\*{4}\\S{4}\\t\\S*\\t\\tfailed: profile default is signed in to ${esc(a.baseUrl)}`,
      ),
    );
    expect(b.requests.slice(marks[1])).toEqual([]);
    expect(a.requests.slice(marks[0])).toEqual([]);
  });
});

describe('a store written before tokens were bound', () => {
  it('binds its token to the profile base_url at first use, then refuses B; PWCTL_BASE_URL=B as the first use is refused too', async () => {
    const configDir = makeConfigDir();
    writeProfile(configDir, { base_url: a.baseUrl, token: a.tokens.client });
    const marks = [a.requests.length, b.requests.length];
    expectRefused(
      await aimedAtB(['api', '/steps'], { configDir, env: { PWCTL_BASE_URL: b.baseUrl } }),
      'PWCTL_BASE_URL',
    );
    expect(profileOf(configDir)).toEqual({ base_url: a.baseUrl, token: a.tokens.client, token_service: a.baseUrl });

    const used = await runInProcess(['api', '/steps?per_page=1'], { configDir });
    expect(used.code, used.stderr).toBe(0);
    expect(a.requests.slice(marks[0]).map((r) => r.tokenRole)).toEqual(['client']);
    expectRefused(await aimedAtB(['--base-url', b.baseUrl, 'api', '/steps'], { configDir }), '--base-url');
    expect(b.requests.slice(marks[1])).toEqual([]);
  });

  it('config set base_url B binds it to the old base_url first: the notice, then exit 4', async () => {
    const configDir = makeConfigDir();
    writeProfile(configDir, {
      base_url: a.baseUrl,
      token: a.tokens.member,
      refresh_token: 'sbx_refresh_legacy_0123456789',
      token_expires_at: '2999-01-01T00:00:00.000Z',
    });
    registerSecret('sbx_refresh_legacy_0123456789');
    secretsOfA.add('sbx_refresh_legacy_0123456789');
    const set = await runInProcess(['config', 'set', 'base_url', b.baseUrl], { configDir });
    expect(set.stderr).toMatch(
      new RegExp(
        `^profile default stays signed in to ${esc(a.baseUrl)}: its token is not sent to ${esc(b.baseUrl)}`,
        'm',
      ),
    );
    // The token endpoint the old store renewed at is recorded with it.
    expect(profileOf(configDir)).toMatchObject({
      base_url: b.baseUrl,
      token_service: a.baseUrl,
      token_endpoint: `${a.baseUrl}/oauth/token`,
    });
    const mark = b.requests.length;
    expectRefused(await aimedAtB(['api', '/steps'], { configDir }), 'config key base_url (profile default)');
    expect(b.requests.slice(mark)).toEqual([]);
  });

  it('without a base_url nothing says where the token belongs: exit 4 for any base URL, no request', async () => {
    const configDir = makeConfigDir();
    writeProfile(configDir, { token: a.tokens.manager });
    const marks = [a.requests.length, b.requests.length];
    for (const base of [a.baseUrl, b.baseUrl]) {
      const result = await aimedAtB(['--base-url', base, 'api', '/steps'], { configDir });
      expectOneErrorLine(
        result,
        4,
        /^error: the token of profile default was stored before pwctl recorded the service a token belongs to, and the profile has no base_url to say which: run `pwctl config set base_url <its service URL>`, or sign in again with `pwctl auth login --base-url <url>`$/,
      );
    }
    expect(a.requests.slice(marks[0])).toEqual([]);
    expect(b.requests.slice(marks[1])).toEqual([]);
    // Naming the service binds it there.
    expect((await runInProcess(['config', 'set', 'base_url', a.baseUrl], { configDir })).stderr).toBe(
      '✓ base_url set for profile default\n',
    );
    expect((await runInProcess(['api', '/steps?per_page=1'], { configDir })).code).toBe(0);
    expect(profileOf(configDir).token_service).toBe(a.baseUrl);
  });
});

describe('auth status', () => {
  it('shows the service each login belongs to', async () => {
    const configDir = await fileLogin('manager');
    const other = await runInProcess(
      ['auth', 'login', '--with-token', '--insecure-storage', '--profile', 'beta', '--base-url', `${b.baseUrl}/api/v1`],
      { configDir, stdin: b.tokens.member },
    );
    expect(other.code, other.stderr).toBe(0);
    const json = await runInProcess(['auth', 'status', '-o', 'json'], { configDir });
    expect(json.code, json.stderr).toBe(0);
    expect(
      JSON.parse(json.stdout).map((s: { profile: string; service: string; valid: boolean }) => [
        s.profile,
        s.service,
        s.valid,
      ]),
    ).toEqual([
      ['beta', b.baseUrl, true],
      ['default', a.baseUrl, true],
    ]);
    const table = await runInProcess(['auth', 'status', '--profile', 'beta'], { configDir });
    expect(table.stdout.split('\n')[0]).toMatch(
      new RegExp(`^beta \\*\\t${esc(b.baseUrl)}\\t${esc(b.baseUrl)}\\tfile `),
    );
    // PWCTL_TOKEN is no stored login: no service.
    const env = await runInProcess(['auth', 'status', '-o', 'json'], {
      configDir,
      env: { PWCTL_TOKEN: a.tokens.manager },
    });
    expect(JSON.parse(env.stdout).find((s: { active: boolean }) => s.active)).toMatchObject({
      token_source: 'env',
      service: null,
    });
  });
});
