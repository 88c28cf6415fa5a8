// `pwctl auth` with tokens (no browser): login --with-token, the terminal prompt, status,
// token, logout, the PWCTL_TOKEN override and profiles, against the sandbox.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, cliCommand, makeConfigDir, runInProcess } from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

interface StoredProfile {
  base_url?: string;
  token?: string;
  refresh_token?: string;
  token_expires_at?: string;
}

function readProfiles(configDir: string): Record<string, StoredProfile> {
  return (
    JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, StoredProfile> }
  ).profiles;
}

/** A config dir whose default profile holds `role`'s token for the sandbox. */
async function loggedIn(role: 'manager' | 'member' | 'client' = 'manager', extra: string[] = []): Promise<string> {
  const configDir = makeConfigDir();
  const result = await runInProcess(['auth', 'login', '--with-token', '--base-url', sb.baseUrl, ...extra], {
    configDir,
    stdin: `${sb.tokens[role]}\n`,
  });
  expect(result.code, result.stderr).toBe(0);
  return configDir;
}

function requestsSince(mark: number) {
  return sb.requests.slice(mark);
}

describe('auth login --with-token', () => {
  it('checks the token with one request, stores it 0600 with the base URL, and says which company it reaches', async () => {
    const configDir = makeConfigDir();
    const mark = sb.requests.length;
    const result = await runInProcess(['auth', 'login', '--with-token', '--base-url', `${sb.baseUrl}/api/v1/`], {
      configDir,
      stdin: `${sb.tokens.member}\n`,
    });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Logged in to 127\.0\.0\.1:\d+ with profile default/);
    expect(result.stderr).toContain('Northwind Studio (1)');
    expect(result.stderr).not.toContain(sb.tokens.member);
    // No session bus in the test environment, so no keyring: the file, said in one line.
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(
      /^warning: no usable OS keyring \(no D-Bus session bus\): the token is stored in \S+config\.json \(mode 0600\)$/m,
    );

    const stored = readProfiles(configDir).default!;
    // One trailing newline trimmed; /api/v1 and the trailing slash normalised away.
    expect(stored).toEqual({ base_url: sb.baseUrl, token: sb.tokens.member, token_service: sb.baseUrl });
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);

    const sent = requestsSince(mark);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/v1/steps', tokenRole: 'member' });
  });

  it('--insecure-storage chooses the config file deliberately, without a warning', async () => {
    const configDir = makeConfigDir();
    const result = await runInProcess(
      ['auth', 'login', '--with-token', '--insecure-storage', '--base-url', sb.baseUrl],
      { configDir, stdin: sb.tokens.member },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/warning/);
    expect(result.stderr).toContain(`  stored in ${join(configDir, 'config.json')} (mode 0600, --insecure-storage)\n`);
    expect(readProfiles(configDir).default).toEqual({
      base_url: sb.baseUrl,
      token: sb.tokens.member,
      token_service: sb.baseUrl,
    });
  });

  it('stores nothing when the service rejects the token (exit 4), and never echoes the token', async () => {
    const configDir = makeConfigDir();
    const bogus = 'sbx_manager_not-a-real-token-123456';
    const result = await runInProcess(['auth', 'login', '--with-token', '--base-url', sb.baseUrl], {
      configDir,
      stdin: bogus,
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: 127\.0\.0\.1:\d+ rejected the token \(401\); nothing was stored\n$/);
    expect(result.stderr + result.stdout).not.toContain(bogus);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });

  it.each([
    ['', /no token given/],
    ['tok-one\ntok-two\n', /expected one line holding the token, got 2 lines/],
    ['token with spaces', /visible ASCII characters without spaces/],
  ])('rejects stdin %j before any request (exit 2)', async (stdin, message) => {
    const mark = sb.requests.length;
    const result = await runInProcess(['auth', 'login', '--with-token', '--base-url', sb.baseUrl], { stdin });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(requestsSince(mark)).toHaveLength(0);
  });

  it('without a terminal and without --with-token/--web says how to log in (exit 2)', async () => {
    const mark = sb.requests.length;
    const result = await runInProcess(['auth', 'login', '--base-url', sb.baseUrl], { stdin: sb.tokens.manager });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: no terminal to ask for the token: pipe it to `pwctl auth login --with-token`, or sign in with `pwctl auth login --web`\n',
    );
    expect(requestsSince(mark)).toHaveLength(0);
  });

  it('refuses a token as a flag value and conflicting flags (exit 2)', async () => {
    const asFlag = await runInProcess(['auth', 'login', '--token', sb.tokens.manager, '--base-url', sb.baseUrl]);
    expect(asFlag.code).toBe(2);
    expect(asFlag.stderr).toMatch(/unknown option '--token'/);

    const both = await runInProcess(['auth', 'login', '--with-token', '--web', '--base-url', sb.baseUrl], {
      stdin: sb.tokens.manager,
    });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--with-token and --web cannot be used together; choose one/);

    const noBrowser = await runInProcess(['auth', 'login', '--with-token', '--no-browser', '--base-url', sb.baseUrl], {
      stdin: sb.tokens.manager,
    });
    expect(noBrowser.code).toBe(2);
    expect(noBrowser.stderr).toMatch(/--no-browser applies only with --web/);
  });

  it('needs a base URL (exit 2)', async () => {
    const result = await runInProcess(['auth', 'login', '--with-token'], { stdin: sb.tokens.manager });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no service URL for profile default: pass --base-url <url>/);
  });

  it('replacing an OAuth login with a plain token drops the old refresh token and expiry', async () => {
    const configDir = await loggedIn('manager');
    const { writeFileSync } = await import('node:fs');
    const path = join(configDir, 'config.json');
    const data = JSON.parse(readFileSync(path, 'utf8'));
    Object.assign(data.profiles.default, {
      refresh_token: 'sbx_refresh_old',
      token_expires_at: '2999-01-01T00:00:00.000Z',
      token_endpoint: `${sb.baseUrl}/oauth/token`,
    });
    writeFileSync(path, JSON.stringify(data));

    const again = await runInProcess(['auth', 'login', '--with-token'], { configDir, stdin: sb.tokens.client });
    expect(again.code, again.stderr).toBe(0);
    expect(readProfiles(configDir).default).toEqual({
      base_url: sb.baseUrl,
      token: sb.tokens.client,
      token_service: sb.baseUrl,
    });
  });
});

describe('auth login on a terminal', () => {
  // util-linux `script` gives the CLI a pseudo-terminal, so the prompt's no-echo can be checked.
  const hasScript = spawnSync('script', ['--version']).status === 0;

  it.skipIf(!hasScript)('prompts with hidden input and stores what was typed', async () => {
    const configDir = makeConfigDir();
    const command = cliCommand(['auth', 'login', '--base-url', sb.baseUrl])
      .flat()
      .map((word) => JSON.stringify(word))
      .join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: baseEnv(configDir),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
    });
    // Type only once the prompt is up (raw mode is on by then), as a person would.
    await new Promise<void>((resolve) => {
      const check = () => (/input is hidden/.test(screen) ? resolve() : setTimeout(check, 20));
      check();
    });
    child.stdin.write(`${sb.tokens.member}\r`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.destroy();

    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Paste the API token for 127\.0\.0\.1:\d+ \(input is hidden\): /);
    expect(screen).toMatch(/Logged in to 127\.0\.0\.1:\d+ with profile default/);
    expect(screen).not.toContain(sb.tokens.member);
    expect(readProfiles(configDir).default?.token).toBe(sb.tokens.member);
  });
});

describe('auth status', () => {
  it('shows the profile, base URL, where the token is kept, the token masked to its last 4 characters, and a working test request', async () => {
    const configDir = await loggedIn('manager');
    const token = sb.tokens.manager;
    const result = await runInProcess(['auth', 'status'], { configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain(token);
    expect(result.stdout).toBe(
      `default *\t${sb.baseUrl}\t${sb.baseUrl}\tfile ${join(configDir, 'config.json')}\t****${token.slice(-4)}\tunknown\t\tok, reaches Northwind Studio (1)\n`,
    );
  });

  it('-o json gives one record per profile', async () => {
    const configDir = await loggedIn('client');
    const result = await runInProcess(['auth', 'status', '-o', 'json'], { configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      {
        profile: 'default',
        active: true,
        base_url: sb.baseUrl,
        service: sb.baseUrl,
        token_source: 'file',
        token_location: join(configDir, 'config.json'),
        token: `****${sb.tokens.client.slice(-4)}`,
        expires_at: null,
        refresh_token: false,
        valid: true,
        companies: [{ id: 1, title: 'Northwind Studio' }],
        error: null,
      },
    ]);
  });

  it('exits 4 when the stored token is refused, and says to log in again', async () => {
    const configDir = await loggedIn('manager');
    const path = join(configDir, 'config.json');
    const { writeFileSync } = await import('node:fs');
    const data = JSON.parse(readFileSync(path, 'utf8'));
    data.profiles.default.token = 'sbx_manager_revoked-token-abcdefgh';
    writeFileSync(path, JSON.stringify(data), { mode: 0o600 });

    const result = await runInProcess(['auth', 'status', '-o', 'json'], { configDir });
    expect(result.code).toBe(4);
    const [status] = JSON.parse(result.stdout);
    expect(status).toMatchObject({ valid: false, token: '****efgh' });
    expect(status.error).toMatch(/401/);
    expect(result.stderr).toMatch(
      /^error: profile default: the token was refused \(.*401.*run `pwctl auth login`.*\)$/m,
    );
    expect(result.stderr).not.toContain('revoked-token');
  });

  it('exits 4 when there is no token', async () => {
    const result = await runInProcess(['auth', 'status'], { env: { PWCTL_BASE_URL: sb.baseUrl } });
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(/^default \*\t\S+\t\tnone\tnone\t\t\tfailed: no token for profile default/);
    expect(result.stderr).toMatch(/^error: no token for profile default: run `pwctl auth login`/);
  });

  it('exits 7 (not 4) when the service cannot be reached', async () => {
    const configDir = await loggedIn('manager');
    // A login whose service no longer answers (its token goes to no other service).
    const { writeFileSync } = await import('node:fs');
    const path = join(configDir, 'config.json');
    const data = JSON.parse(readFileSync(path, 'utf8'));
    Object.assign(data.profiles.default, { base_url: 'http://127.0.0.1:9', token_service: 'http://127.0.0.1:9' });
    writeFileSync(path, JSON.stringify(data), { mode: 0o600 });
    const result = await runInProcess(['auth', 'status', '--timeout', '5'], { configDir });
    expect(result.code).toBe(7);
    expect(result.stdout).toMatch(/^default \*\thttp:\/\/127\.0\.0\.1:9\t.*\tfailed: .*cannot connect/);
  });
});

describe('auth token and auth logout', () => {
  it('auth token prints exactly the active token', async () => {
    const configDir = await loggedIn('member');
    const result = await runInProcess(['auth', 'token'], { configDir, allowSecrets: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${sb.tokens.member}\n`);
    expect(result.stderr).toBe('');
  });

  it('auth token exits 4 without a token', async () => {
    const result = await runInProcess(['auth', 'token']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
  });

  it('logout removes the tokens, keeps the other settings, and later commands exit 4', async () => {
    const configDir = await loggedIn('manager');
    expect((await runInProcess(['config', 'set', 'company', '1'], { configDir })).code).toBe(0);

    const result = await runInProcess(['auth', 'logout'], { configDir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `✓ Logged out of profile default: removed its stored token from ${join(configDir, 'config.json')}\n`,
    );
    expect(readProfiles(configDir).default).toEqual({ base_url: sb.baseUrl, company: 1 });

    const mark = sb.requests.length;
    const after = await runInProcess(['api', '/steps'], { configDir });
    expect(after.code).toBe(4);
    expect(after.stderr).toMatch(/run `pwctl auth login`/);
    expect(requestsSince(mark)).toHaveLength(0);

    const again = await runInProcess(['auth', 'logout'], { configDir });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/profile default has no stored token; nothing to remove/);
  });
});

describe('PWCTL_TOKEN overrides the stored token', () => {
  it('status, token and requests use the environment token', async () => {
    const configDir = await loggedIn('member');
    const env = { PWCTL_TOKEN: sb.tokens.manager };

    const status = await runInProcess(['auth', 'status', '-o', 'json'], { configDir, env });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject([
      { token_source: 'env', token_location: 'PWCTL_TOKEN', token: `****${sb.tokens.manager.slice(-4)}` },
    ]);

    const token = await runInProcess(['auth', 'token'], { configDir, env, allowSecrets: true });
    expect(token.stdout).toBe(`${sb.tokens.manager}\n`);

    const mark = sb.requests.length;
    const list = await runInProcess(['api', '/steps?per_page=1'], { configDir, env });
    expect(list.code, list.stderr).toBe(0);
    expect(requestsSince(mark).map((r) => r.tokenRole)).toEqual(['manager']);

    const table = await runInProcess(['auth', 'status'], { configDir, env });
    expect(table.stdout).toContain('\tenvironment (PWCTL_TOKEN)\t');
  });

  it('logout warns that PWCTL_TOKEN is still in effect', async () => {
    const configDir = await loggedIn('member');
    const result = await runInProcess(['auth', 'logout'], { configDir, env: { PWCTL_TOKEN: sb.tokens.manager } });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: PWCTL_TOKEN is still set/);
    expect(readProfiles(configDir).default?.token).toBeUndefined();
  });
});
