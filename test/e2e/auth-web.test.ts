// `pwctl auth login --web` (OAuth 2.0 authorization code + PKCE, loopback redirect) and
// token renewal, against the sandbox's /oauth/authorize and /oauth/token. The test plays
// the browser: it reads the URL the CLI prints, submits the consent form and follows the
// redirect to the CLI's loopback callback. The sign-ins run the built CLI (a process the
// test talks to while it waits); what follows them runs in the test process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, cliCommand, makeConfigDir, runInProcess, type CliResult } from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';

interface StoredProfile {
  base_url?: string;
  token?: string;
  refresh_token?: string;
  token_expires_at?: string;
  oauth_client_id?: string;
}

interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** The authorization URL, once the CLI has printed it (or a fake browser received it). */
  url: Promise<string>;
  done: Promise<CliResult>;
}

/**
 * A browser program `name` in a directory of its own: it writes its arguments and its
 * environment to `<dump>.args` and `<dump>.env` (each renamed into place when whole).
 */
function fakeBrowser(configDir: string, name: string): { fakeBin: string; dump: string } {
  const fakeBin = join(configDir, 'fake-bin');
  mkdirSync(fakeBin);
  const dump = join(configDir, name);
  writeFileSync(
    join(fakeBin, name),
    `#!/bin/sh\nenv > "${dump}.env.tmp" && mv "${dump}.env.tmp" "${dump}.env"\nprintf '%s\\n' "$@" > "${dump}.args.tmp" && mv "${dump}.args.tmp" "${dump}.args"\n`,
  );
  chmodSync(join(fakeBin, name), 0o755);
  return { fakeBin, dump };
}

function startCli(
  args: string[],
  configDir: string,
  env: Record<string, string | undefined> = {},
  urlSource?: () => string | undefined,
): RunningCli {
  const fullEnv: Record<string, string> = baseEnv(configDir);
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete fullEnv[k];
    else fullEnv[k] = v;
  }
  const child = spawn(...cliCommand(args), { env: fullEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end();
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const done = new Promise<CliResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err })),
  );
  const url = new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = urlSource ? urlSource() : /^ {2}(http:\/\/\S+\/oauth\/authorize\?\S+)$/m.exec(err)?.[1];
      if (found) return resolve(found);
      if (child.exitCode !== null) return reject(new Error(`CLI exited before printing a URL:\n${err}`));
      setTimeout(look, 20);
    };
    look();
  });
  return { child, stderr: () => err, url, done };
}

function decodeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
}

/** Load the consent page, submit it as `user` with `decision`, and return the redirect target. */
async function submitConsent(
  authorizeUrl: string,
  user: 'manager' | 'member' | 'client',
  decision: 'approve' | 'deny',
): Promise<string> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(m[1]!, decodeHtml(m[2]!));
  form.set('user', user);
  form.set('decision', decision);
  const answer = await fetch(new URL('/oauth/authorize', authorizeUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return answer.headers.get('location')!;
}

function readProfile(configDir: string, name = 'default'): StoredProfile | undefined {
  const path = join(configDir, 'config.json');
  if (!existsSync(path)) return undefined;
  return (JSON.parse(readFileSync(path, 'utf8')) as { profiles?: Record<string, StoredProfile> }).profiles?.[name];
}

function editProfile(configDir: string, change: (p: StoredProfile) => void): void {
  const path = join(configDir, 'config.json');
  const data = JSON.parse(readFileSync(path, 'utf8'));
  change(data.profiles.default);
  writeFileSync(path, JSON.stringify(data), { mode: 0o600 });
}

/** A complete browser sign-in; returns the config dir holding the stored tokens. */
async function webLogin(sb: RunningSandbox, user: 'manager' | 'member' | 'client' = 'manager'): Promise<string> {
  const configDir = makeConfigDir();
  const cli = startCli(['auth', 'login', '--web', '--no-browser', '--base-url', sb.baseUrl], configDir);
  const location = await submitConsent(await cli.url, user, 'approve');
  const page = await fetch(location);
  expect(page.status).toBe(200);
  const result = await cli.done;
  expect(result.code, result.stderr).toBe(0);
  return configDir;
}

function tokenRequests(sb: RunningSandbox, since: number) {
  return sb.requests.slice(since).filter((r) => r.path === '/oauth/token');
}

describe('auth login --web', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  it('runs the PKCE flow end to end and stores a working access token, refresh token and expiry', async () => {
    const configDir = makeConfigDir();
    const mark = sb.requests.length;
    const cli = startCli(['auth', 'login', '--web', '--no-browser', '--base-url', sb.baseUrl], configDir);
    const url = new URL(await cli.url);

    expect(`${url.origin}${url.pathname}`).toBe(`${sb.baseUrl}/oauth/authorize`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('pwctl');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const location = await submitConsent(url.toString(), 'member', 'approve');
    expect(location.startsWith(params.get('redirect_uri')!)).toBe(true);
    const tab = await fetch(location);
    const tabText = await tab.text();
    expect(tab.status).toBe(200);
    // Printed after the URL line; by the time the callback was answered it is surely there.
    expect(cli.stderr()).toMatch(/Waiting up to 5 min for the sign-in to finish/);
    expect(tabText).toMatch(/Signed in/);
    expect(tabText).toMatch(/You can close this tab/);

    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /✓ Logged in to 127\.0\.0\.1:\d+ with profile default; the token reaches Northwind Studio \(1\)/,
    );

    const stored = readProfile(configDir)!;
    expect(stored.base_url).toBe(sb.baseUrl);
    expect(sb.state.auth.access_tokens[stored.token!]?.user_id).toBe(2); // the member the consent page signed in
    expect(sb.state.auth.refresh_tokens[stored.refresh_token!]).toMatchObject({ user_id: 2, client_id: 'pwctl' });
    expect(Date.parse(stored.token_expires_at!)).toBeGreaterThan(Date.now());
    for (const secret of [stored.token!, stored.refresh_token!]) expect(result.stderr).not.toContain(secret);

    // The code was exchanged with the verifier whose S256 hash the URL carried.
    const exchanges = tokenRequests(sb, mark);
    expect(exchanges).toHaveLength(1);
    const form = new URLSearchParams(exchanges[0]!.rawBody);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(params.get('redirect_uri'));
    expect(createHash('sha256').update(form.get('code_verifier')!).digest('base64url')).toBe(
      params.get('code_challenge'),
    );

    const mark2 = sb.requests.length;
    const use = await runInProcess(['api', '/steps?per_page=1'], { configDir });
    expect(use.code, use.stderr).toBe(0);
    expect(sb.requests.slice(mark2).map((r) => [r.path, r.tokenRole])).toEqual([['/api/v1/steps', 'member']]);

    const status = await runInProcess(['auth', 'status', '-o', 'json'], { configDir });
    expect(JSON.parse(status.stdout)).toMatchObject([
      {
        valid: true,
        refresh_token: true,
        expires_at: stored.token_expires_at,
        token: `****${stored.token!.slice(-4)}`,
      },
    ]);
  });

  it('stores nothing and exits 4 when the user denies access', async () => {
    const configDir = makeConfigDir();
    const cli = startCli(['auth', 'login', '--web', '--no-browser', '--base-url', sb.baseUrl], configDir);
    const location = await submitConsent(await cli.url, 'manager', 'deny');
    const tab = await fetch(location);
    expect(tab.status).toBe(400);
    expect(await tab.text()).toMatch(/Sign-in failed.*access_denied/s);
    const result = await cli.done;
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: sign-in failed: the authorization server answered access_denied$/m);
    expect(readProfile(configDir)).toBeUndefined();
  });

  it('rejects a callback whose state does not match, without exchanging its code', async () => {
    const configDir = makeConfigDir();
    const mark = sb.requests.length;
    const cli = startCli(['auth', 'login', '--web', '--no-browser', '--base-url', sb.baseUrl], configDir);
    const location = new URL(await submitConsent(await cli.url, 'manager', 'approve'));
    location.searchParams.set('state', 'forged-state-value');
    const tab = await fetch(location);
    expect(tab.status).toBe(400);
    const result = await cli.done;
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/sign-in failed: the callback's state does not match/);
    expect(tokenRequests(sb, mark)).toHaveLength(0);
    expect(readProfile(configDir)).toBeUndefined();
  });

  it('gives up after PWCTL_OAUTH_TIMEOUT seconds (exit 4)', async () => {
    const configDir = makeConfigDir();
    const result = await startCli(['auth', 'login', '--web', '--no-browser', '--base-url', sb.baseUrl], configDir, {
      PWCTL_OAUTH_TIMEOUT: '1',
    }).done;
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/error: no sign-in arrived within 1 s: run `pwctl auth login --web` again/);
    expect(readProfile(configDir)).toBeUndefined();
  });

  it('takes the client id and endpoints from the profile config keys', async () => {
    const configDir = makeConfigDir();
    for (const [key, value] of [
      ['base_url', sb.baseUrl],
      ['oauth_client_id', 'acme-cli'],
      ['oauth_authorize_url', `${sb.baseUrl}/oauth/authorize?tenant=acme`],
    ]) {
      expect((await runInProcess(['config', 'set', key!, value!], { configDir })).code).toBe(0);
    }
    const mark = sb.requests.length;
    const cli = startCli(['auth', 'login', '--web', '--no-browser'], configDir);
    const url = new URL(await cli.url);
    expect(url.searchParams.get('client_id')).toBe('acme-cli');
    expect(url.searchParams.get('tenant')).toBe('acme');
    await fetch(await submitConsent(url.toString(), 'client', 'approve'));
    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
    expect(new URLSearchParams(tokenRequests(sb, mark)[0]!.rawBody).get('client_id')).toBe('acme-cli');
    expect(readProfile(configDir)).toMatchObject({ oauth_client_id: 'acme-cli' });
    expect(sb.state.auth.refresh_tokens[readProfile(configDir)!.refresh_token!]?.client_id).toBe('acme-cli');
  });

  it('prints the URL when there is no display, even with --quiet', async () => {
    const configDir = makeConfigDir();
    const cli = startCli(['auth', 'login', '--web', '--quiet', '--base-url', sb.baseUrl], configDir, {
      DISPLAY: undefined,
      WAYLAND_DISPLAY: undefined,
    });
    await cli.url;
    expect(cli.stderr()).toMatch(/^No display found\. Open this URL in a browser to sign in:\n {2}http/);
    await fetch(await submitConsent(await cli.url, 'manager', 'approve'));
    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/Logged in/); // --quiet silences the rest
  });

  it('opens the browser through xdg-open without the token in its environment or arguments', async () => {
    const configDir = makeConfigDir();
    const { fakeBin, dump } = fakeBrowser(configDir, 'xdg-open');
    const envToken = sb.tokens.client;
    const cli = startCli(
      ['auth', 'login', '--web', '--base-url', sb.baseUrl],
      configDir,
      {
        PATH: `${fakeBin}:${process.env.PATH}`,
        DISPLAY: ':99',
        PWCTL_TOKEN: envToken,
        PWCTL_WEBHOOK_SECRET: 'whsec-canary-4242',
      },
      () =>
        existsSync(`${dump}.args`) && existsSync(`${dump}.env`)
          ? readFileSync(`${dump}.args`, 'utf8').trim()
          : undefined,
    );
    const url = await cli.url;
    expect(url).toMatch(new RegExp(`^${sb.baseUrl}/oauth/authorize\\?`));
    expect(readFileSync(`${dump}.args`, 'utf8')).toBe(`${url}\n`); // the URL is its only argument
    const browserEnv = readFileSync(`${dump}.env`, 'utf8');
    expect(browserEnv).toMatch(/^DISPLAY=:99$/m);
    expect(browserEnv).not.toContain('PWCTL_TOKEN');
    expect(browserEnv).not.toContain(envToken);
    expect(browserEnv).not.toContain('whsec-canary-4242');

    await fetch(await submitConsent(url, 'manager', 'approve'));
    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
    // Said once the browser has started, which may be a moment after it received the URL.
    expect(result.stderr).toMatch(/Opened the sign-in page in your browser/);
    expect(result.stderr).toMatch(/warning: PWCTL_TOKEN is set in this environment and overrides the stored token/);
    expect(sb.state.auth.access_tokens[readProfile(configDir)!.token!]?.user_id).toBe(1);
  });
  it('honours $BROWSER: the chosen command gets the URL (for %s), with no display and no secrets in its environment', async () => {
    const configDir = makeConfigDir();
    const { fakeBin, dump } = fakeBrowser(configDir, 'my-browser');
    const cli = startCli(
      ['auth', 'login', '--web', '--base-url', sb.baseUrl],
      configDir,
      // The first entry does not exist: the next one is tried. No DISPLAY: $BROWSER is enough.
      {
        BROWSER: `/nonexistent/browser:${join(fakeBin, 'my-browser')} --new-tab %s`,
        DISPLAY: undefined,
        WAYLAND_DISPLAY: undefined,
        PWCTL_WEBHOOK_SECRET: 'whsec-canary-4343',
      },
      () =>
        existsSync(`${dump}.args`) && existsSync(`${dump}.env`)
          ? readFileSync(`${dump}.args`, 'utf8').trim().split('\n').at(-1)
          : undefined,
    );
    const url = await cli.url;
    expect(url).toMatch(new RegExp(`^${sb.baseUrl}/oauth/authorize\\?`));
    expect(readFileSync(`${dump}.args`, 'utf8')).toBe(`--new-tab\n${url}\n`);
    expect(readFileSync(`${dump}.env`, 'utf8')).not.toContain('whsec-canary-4343');
    expect(cli.stderr()).toMatch(/Opened the sign-in page in your browser/);
    await fetch(await submitConsent(url, 'manager', 'approve'));
    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('token renewal', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  it('renews on a 401 with the refresh token, retries once, and stores the rotated tokens', async () => {
    const configDir = await webLogin(sb);
    const before = readProfile(configDir)!;
    delete sb.state.auth.access_tokens[before.token!]; // the service forgot the access token early

    const mark = sb.requests.length;
    const result = await runInProcess(['api', '/steps?per_page=1', '--debug'], { configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(sb.requests.slice(mark).map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/api/v1/steps', 401],
      ['POST', '/oauth/token', 200],
      ['GET', '/api/v1/steps', 200],
    ]);
    expect(new URLSearchParams(sb.requests[mark + 1]!.rawBody).get('grant_type')).toBe('refresh_token');

    const after = readProfile(configDir)!;
    expect(after.token).not.toBe(before.token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(sb.state.auth.access_tokens[after.token!]?.user_id).toBe(1);
    // --debug shows the renewal but none of the four secrets.
    expect(result.stderr).toMatch(/token renewed/);
    for (const secret of [before.token!, before.refresh_token!, after.token!, after.refresh_token!])
      expect(result.stderr).not.toContain(secret);
  });

  it('exits 4 with "run `pwctl auth login`" when the refresh token is refused, keeping the stored tokens', async () => {
    const configDir = await webLogin(sb);
    const before = readProfile(configDir)!;
    // As after a sandbox reset of its sessions: neither token is known any more.
    delete sb.state.auth.access_tokens[before.token!];
    delete sb.state.auth.refresh_tokens[before.refresh_token!];

    const result = await runInProcess(['api', '/steps', '-o', 'json'], { configDir });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(
      /^error: cannot renew the token of profile default \(the token endpoint answered 400 invalid_grant: .*\): run `pwctl auth login`$/m,
    );
    expect(JSON.parse(result.stderr.trim().split('\n').at(-1)!)).toMatchObject({ error: { status: 401, code: 4 } });
    expect(readProfile(configDir)).toEqual(before);
  });

  it('exits 4 without a request when a token without a refresh token has expired', async () => {
    const configDir = await webLogin(sb);
    editProfile(configDir, (p) => {
      delete p.refresh_token;
      p.token_expires_at = '2020-01-01T00:00:00.000Z';
    });
    const mark = sb.requests.length;
    const result = await runInProcess(['api', '/steps'], { configDir });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(
      /^error: the token of profile default expired .* ago and cannot be renewed: run `pwctl auth login`$/m,
    );
    expect(sb.requests.length).toBe(mark);
  });
});

describe('token renewal before expiry', () => {
  // Tokens that live 30 s are inside the one-minute renewal margin from the start.
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ tokenTtlSec: 30 });
  });
  afterAll(() => sb.close());

  it('renews an about-to-expire token before the request, so the service never sees it', async () => {
    const configDir = await webLogin(sb, 'member');
    const before = readProfile(configDir)!;
    expect(Date.parse(before.token_expires_at!) - Date.now()).toBeLessThan(60_000);

    const mark = sb.requests.length;
    const result = await runInProcess(['api', '/steps?per_page=1'], { configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(sb.requests.slice(mark).map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/oauth/token', 200],
      ['GET', '/api/v1/steps', 200],
    ]);
    const after = readProfile(configDir)!;
    expect(sb.requests.at(-1)!.headers.authorization).toBe(`Bearer ${after.token}`);
    expect(after.token).not.toBe(before.token);
    expect(Date.parse(after.token_expires_at!)).toBeGreaterThan(Date.parse(before.token_expires_at!) - 1);
  });

  it('auth token prints a renewed token', async () => {
    const configDir = await webLogin(sb);
    const before = readProfile(configDir)!;
    const result = await runInProcess(['auth', 'token'], { configDir });
    expect(result.code, result.stderr).toBe(0);
    const after = readProfile(configDir)!;
    expect(after.token).not.toBe(before.token);
    expect(result.stdout).toBe(`${after.token}\n`);
  });

  it('exits 4 before any API request when the renewal is refused', async () => {
    const configDir = await webLogin(sb);
    delete sb.state.auth.refresh_tokens[readProfile(configDir)!.refresh_token!];
    const mark = sb.requests.length;
    const result = await runInProcess(['api', '/steps'], { configDir });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/run `pwctl auth login`/);
    expect(sb.requests.slice(mark).map((r) => r.path)).toEqual(['/oauth/token']);
  });
});
