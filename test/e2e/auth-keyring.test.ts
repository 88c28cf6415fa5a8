// Tokens in the OS keyring, against a real Secret Service: gnome-keyring on a private D-Bus
// session (dbus-run-session, started by this file) with an unlocked collection in a fresh
// HOME. Skipped, saying why, only when those programs are not installed
// (apt-get install -y --no-install-recommends gnome-keyring libsecret-tools dbus-x11).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { makeConfigDir, registerSecret, ROOT, runCli } from '../helpers/cli.js';
import { signIn } from '../helpers/oauth-sign-in.js';
import { startTestSandbox } from '../helpers/sandbox.js';

const NEEDED = ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'];
const missing = NEEDED.filter((program) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0);

/** Every file under `dir` whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) found.push(...filesContaining(path, text));
    else if (stat?.isFile() && readFileSync(path).includes(text)) found.push(path);
  }
  return found;
}

describe('tokens in the OS keyring (Secret Service)', () => {
  if (missing.length > 0) {
    it.skip(`skipped: ${missing.join(', ')} not installed (apt-get install -y --no-install-recommends gnome-keyring libsecret-tools dbus-x11)`, () => {});
    return;
  }

  let sb: RunningSandbox;
  /** Another service, where nothing of sb's logins may arrive. */
  let other: RunningSandbox;
  let session: ChildProcessWithoutNullStreams;
  let keyringHome: string;
  let bus = '';

  beforeAll(async () => {
    [sb, other] = await Promise.all([startTestSandbox(), startTestSandbox()]);
    keyringHome = mkdtempSync(join(tmpdir(), 'pwctl-keyring-'));
    session = spawn(
      'dbus-run-session',
      ['--', 'bash', join(ROOT, 'test', 'helpers', 'keyring-session.sh'), keyringHome],
      {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: keyringHome },
      },
    );
    let out = '';
    let err = '';
    session.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    bus = await new Promise<string>((resolve, reject) => {
      session.stdout.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        const ready = /^ready (\S+)$/m.exec(out);
        if (ready) resolve(ready[1]!);
      });
      session.on('close', (code) =>
        reject(new Error(`the keyring session ended (${code}) before it was ready: ${err}`)),
      );
    });
  });
  afterAll(async () => {
    session?.stdin.end();
    await Promise.all([sb?.close(), other?.close()]);
  });

  /** The environment of a desktop session: the bus where the Secret Service runs. */
  const withBus = () => ({ DBUS_SESSION_BUS_ADDRESS: bus });

  function secretTool(args: string[], stdin?: string) {
    return spawnSync('secret-tool', args, {
      env: { PATH: process.env.PATH!, HOME: keyringHome, ...withBus() },
      input: stdin,
      encoding: 'utf8',
    });
  }

  function profileOf(configDir: string, name = 'default'): Record<string, string | undefined> {
    return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles[name];
  }

  async function login(
    configDir: string,
    token: string,
    extra: string[] = [],
    env: Record<string, string | undefined> = withBus(),
  ) {
    return runCli(['auth', 'login', '--with-token', '--base-url', sb.baseUrl, ...extra], {
      configDir,
      stdin: token,
      env,
    });
  }

  it('login puts the token in the keyring and nowhere on disk; commands read it back; logout removes the item', async () => {
    const configDir = makeConfigDir();
    const token = sb.tokens.member;
    const result = await login(configDir, token);
    expect(result.code, result.stderr).toBe(0);
    const account = profileOf(configDir).keyring_account!;
    expect(account).toMatch(/^default\/[0-9a-f]{8}$/);
    expect(result.stderr).toContain(`  stored in the OS keyring (pwctl/${account})\n`);
    expect(profileOf(configDir)).toEqual({ base_url: sb.baseUrl, keyring_account: account, token_service: sb.baseUrl });
    expect(filesContaining(configDir, token)).toEqual([]);
    expect(filesContaining(keyringHome, token)).toEqual([]);

    const lookup = secretTool(['lookup', 'service', 'pwctl', 'username', account]);
    expect(lookup.status).toBe(0);
    expect(JSON.parse(lookup.stdout).token).toBe(token);

    const mark = sb.requests.length;
    const used = await runCli(['api', '/steps?per_page=1'], { configDir, env: withBus() });
    expect(used.code, used.stderr).toBe(0);
    expect(sb.requests.slice(mark).map((r) => r.tokenRole)).toEqual(['member']);
    const status = await runCli(['auth', 'status', '-o', 'json'], { configDir, env: withBus() });
    expect(JSON.parse(status.stdout)).toMatchObject([
      { token_source: 'keyring', token_location: `pwctl/${account}`, token: `****${token.slice(-4)}`, valid: true },
    ]);
    expect((await runCli(['auth', 'status'], { configDir, env: withBus() })).stdout).toMatch(
      /^default \*\t\S+\t\S+\tkeyring\t/,
    );
    expect((await runCli(['auth', 'token'], { configDir, env: withBus(), allowSecrets: true })).stdout).toBe(
      `${token}\n`,
    );

    const logout = await runCli(['auth', 'logout'], { configDir, env: withBus() });
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).toBe(
      `✓ Logged out of profile default: removed its stored token from the OS keyring (pwctl/${account})\n`,
    );
    expect(secretTool(['lookup', 'service', 'pwctl', 'username', account]).status).not.toBe(0);
    expect(profileOf(configDir)).toEqual({ base_url: sb.baseUrl });
    expect((await runCli(['api', '/steps'], { configDir, env: withBus() })).code).toBe(4);
  });

  it('without a session bus, login falls back to the 0600 file and says so in one line', async () => {
    for (const env of [
      { DBUS_SESSION_BUS_ADDRESS: undefined },
      { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(keyringHome, 'no-such-bus')}` },
    ]) {
      const configDir = makeConfigDir();
      const result = await login(configDir, sb.tokens.client, [], env);
      expect(result.code, result.stderr).toBe(0);
      const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning:'));
      expect(warnings).toEqual([
        `warning: no usable OS keyring (no D-Bus session bus): the token is stored in ${join(configDir, 'config.json')} (mode 0600)`,
      ]);
      expect(profileOf(configDir)).toEqual({
        base_url: sb.baseUrl,
        token: sb.tokens.client,
        token_service: sb.baseUrl,
      });
      expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    }
  });

  it('--insecure-storage keeps the token in the file even with a usable keyring', async () => {
    const configDir = makeConfigDir();
    const items = () =>
      secretTool(['search', '--all', 'service', 'pwctl'])
        .stdout.split('\n')
        .filter((line) => line.startsWith('[/')).length;
    const before = items();
    const result = await login(configDir, sb.tokens.manager, ['--insecure-storage']);
    expect(result.code, result.stderr).toBe(0);
    expect(profileOf(configDir)).toEqual({ base_url: sb.baseUrl, token: sb.tokens.manager, token_service: sb.baseUrl });
    expect(items()).toBe(before);
    expect(secretTool(['search', '--all', 'service', 'pwctl']).stdout).not.toContain(sb.tokens.manager);
  });

  it('a token kept in the keyring cannot be used without one: exit 4 saying why and what to do', async () => {
    const configDir = makeConfigDir();
    expect((await login(configDir, sb.tokens.manager)).code).toBe(0);
    const result = await runCli(['api', '/steps'], { configDir });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: the token of profile default is kept in the OS keyring, which cannot be used here (no D-Bus session bus): unlock it, set PWCTL_TOKEN, or run `pwctl auth login --insecure-storage`\n',
    );
  });

  it('4 parallel commands on an expired token in the keyring: one refresh, the rotated pair stored in the item', async () => {
    const configDir = makeConfigDir();
    expect((await login(configDir, sb.tokens.manager)).code).toBe(0);
    const account = profileOf(configDir).keyring_account!;
    const tokens = await signIn(sb);
    // As `auth login --web` stores it: the tokens with their service and token endpoint.
    const item = JSON.stringify({
      token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expires_at: '2020-01-01T00:00:00.000Z',
      service: sb.baseUrl,
      token_endpoint: `${sb.baseUrl}/oauth/token`,
    });
    expect(secretTool(['store', '--label', 'pwctl test', 'service', 'pwctl', 'username', account], item).status).toBe(
      0,
    );

    const mark = sb.requests.length;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => runCli(['api', '/steps?per_page=1'], { configDir, env: withBus() })),
    );
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    expect(sb.requests.slice(mark).filter((r) => r.path === '/oauth/token')).toHaveLength(1);
    const stored = JSON.parse(secretTool(['lookup', 'service', 'pwctl', 'username', account]).stdout) as {
      token: string;
      refresh_token: string;
      expires_at: string;
    };
    registerSecret(stored.token);
    registerSecret(stored.refresh_token);
    expect(stored.refresh_token).not.toBe(tokens.refreshToken);
    expect(sb.state.auth.refresh_tokens[stored.refresh_token]).toBeDefined();
    expect(Date.parse(stored.expires_at)).toBeGreaterThan(Date.now());
    expect(filesContaining(configDir, stored.refresh_token)).toEqual([]);
  });

  it('the item carries the service its tokens belong to; another base URL is refused before any request, an item of an older pwctl is bound at first read', async () => {
    const configDir = makeConfigDir();
    expect((await login(configDir, sb.tokens.member)).code).toBe(0);
    const account = profileOf(configDir).keyring_account!;
    const item = () =>
      JSON.parse(secretTool(['lookup', 'service', 'pwctl', 'username', account]).stdout) as Record<string, unknown>;
    expect(item()).toEqual({ token: sb.tokens.member, service: sb.baseUrl });

    const mark = other.requests.length;
    const refused = await runCli(['--base-url', other.baseUrl, 'api', '/steps'], { configDir, env: withBus() });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toBe(
      `error: profile default is signed in to ${sb.baseUrl}, and its stored token is sent nowhere else; the base URL from --base-url is ${other.baseUrl}: run \`pwctl auth login --base-url ${other.baseUrl}\` to sign in there, or set PWCTL_TOKEN\n`,
    );

    // As an older pwctl left it: no binding in the profile or the item. The first read binds
    // both to the profile's base_url, and B is still refused.
    const path = join(configDir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { base_url: sb.baseUrl, keyring_account: account } } }), {
      mode: 0o600,
    });
    expect(
      secretTool(
        ['store', '--label', 'pwctl test', 'service', 'pwctl', 'username', account],
        JSON.stringify({ token: sb.tokens.member }),
      ).status,
    ).toBe(0);
    const first = await runCli(['api', '/steps'], { configDir, env: { ...withBus(), PWCTL_BASE_URL: other.baseUrl } });
    expect(first.code).toBe(4);
    expect(first.stderr).toMatch(/is signed in to .*the base URL from PWCTL_BASE_URL is/);
    expect(item()).toEqual({ token: sb.tokens.member, service: sb.baseUrl });
    expect(profileOf(configDir)).toEqual({ base_url: sb.baseUrl, keyring_account: account, token_service: sb.baseUrl });
    expect(other.requests.slice(mark)).toEqual([]);
    expect((await runCli(['api', '/steps?per_page=1'], { configDir, env: withBus() })).code).toBe(0);
  });
});
