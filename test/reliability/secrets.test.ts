// Secrets: the canary token and canary webhook secret never reach stdout or stderr (every CLI
// run of every suite is checked; these tests put the canaries where leaks happen: --debug,
// errors, 401/5xx answers, unparsable bodies, servers that echo them). The config file is 0600
// in a 0700 directory after every write, and a corrupt one is reported, never echoed or rewritten.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import {
  CANARY_TOKEN,
  CANARY_WEBHOOK_SECRET,
  makeConfigDir,
  registerSecret,
  runInProcess,
  SecretLeakError,
  assertNoSecrets,
  type CliResult,
} from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { STACK_FRAME } from './support.js';

/** A canary the sandbox does not accept: every request with it is answered 401. */
const REVOKED_CANARY = `${CANARY_TOKEN}_revoked`;
const REFRESH_CANARY = 'pwctl_canary_refresh_3b9e0f7a1c2d';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  sb.state.auth.access_tokens[CANARY_TOKEN] = { user_id: 1, expires_at: null };
  registerSecret(REVOKED_CANARY);
  registerSecret(REFRESH_CANARY);
  registerSecret(sb.tokens.manager);
});
afterAll(() => sb.close());

const withCanary = (args: string[], token = CANARY_TOKEN, extra: Record<string, string> = {}): Promise<CliResult> =>
  runInProcess(args, { env: { PWCTL_BASE_URL: sb.baseUrl, PWCTL_TOKEN: token, ...extra } });

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

describe('the leak check itself', () => {
  it('throws when a call prints a registered secret, and only then', () => {
    expect(() => assertNoSecrets({ stdout: `token ${CANARY_TOKEN}\n`, stderr: '' }, ['x'])).toThrow(SecretLeakError);
    expect(() => assertNoSecrets({ stdout: '', stderr: `oops ${CANARY_WEBHOOK_SECRET}` }, ['x'])).toThrow(
      /canary webhook secret on stderr/,
    );
    expect(() => assertNoSecrets({ stdout: 'masked ****c1\n', stderr: '' }, ['x'])).not.toThrow();
  });

  it('catches a real leak from the CLI unless the call is exempted', async () => {
    // `auth token` prints the token by design: the check must see it, and the exemption must be explicit.
    await expect(withCanary(['auth', 'token'])).rejects.toThrow(SecretLeakError);
    const allowed = await runInProcess(['auth', 'token'], { env: { PWCTL_TOKEN: CANARY_TOKEN }, allowSecrets: true });
    expect(allowed.stdout).toBe(`${CANARY_TOKEN}\n`);
  });
});

describe('the canary token never shows', () => {
  it('in a --debug trace of successful requests', async () => {
    const r = await withCanary(['--debug', 'steps', 'get', '101', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/debug: → GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/steps\/101/);
    expect(r.stderr).toMatch(/debug: ← 200 GET/);
  });

  it('in --debug output of a 401 (unknown token), in table and json error formats', async () => {
    for (const format of ['table', 'json']) {
      const r = await withCanary(['--debug', '-o', format, 'milestones', 'list'], REVOKED_CANARY);
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(
        /error: GET \/api\/v1\/milestones\?.*401 Unauthorized: Unauthenticated; check PWCTL_TOKEN/,
      );
      expect(r.stderr).not.toMatch(STACK_FRAME);
    }
  });

  it('when the server echoes the token back in an error message (401, 422, 500)', async () => {
    for (const status of [401, 422, 500]) {
      sb.faults.add({
        method: 'GET',
        path: '/api/v1/steps/102',
        count: 4,
        action: {
          type: 'status',
          status,
          body: { message: `Token ${CANARY_TOKEN} rejected`, errors: { token: [`${CANARY_TOKEN} is invalid`] } },
        },
      });
      const r = await withCanary(['--debug', '-o', 'json', 'steps', 'get', '102']);
      sb.faults.clear();
      expect(r.code).toBe({ 401: 4, 422: 5, 500: 7 }[status]);
      expect(r.stderr).toContain('[REDACTED]');
    }
  });

  it('when the server echoes it into the per-item results of a bulk verb', async () => {
    sb.faults.add({
      method: 'PUT',
      path: /^\/api\/v1\/steps\/10[56]$/,
      count: 2,
      action: { type: 'status', status: 422, body: { message: `not for ${CANARY_TOKEN}` } },
    });
    const r = await withCanary(['steps', 'complete', '105', '106', '-o', 'ndjson']);
    sb.faults.clear();
    expect(r.code).toBe(8);
    const results = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results).toHaveLength(2);
    for (const x of results)
      expect(x).toMatchObject({ ok: false, status: 422, error: expect.stringContaining('not for [REDACTED]') });
  });

  it('in unparsable, truncated and HTML answers under --debug', async () => {
    sb.faults.add({ method: 'GET', path: '/api/v1/steps/103', count: 4, action: { type: 'truncate' } });
    const truncated = await withCanary(['--debug', 'steps', 'get', '103']);
    expect(truncated.code).toBe(7);
    expect(truncated.stderr).toMatch(/not valid JSON \(truncated or malformed\)/);

    sb.faults.add({ method: 'PUT', path: '/api/v1/steps/103', count: 4, action: { type: 'html-502' } });
    const html = await withCanary(['--debug', 'steps', 'update', '103', '--title', 'x']);
    expect(html.code).toBe(7);

    const r = await withCanary(['--debug', 'api', '-X', 'POST', '/steps', '--input', '-']);
    expect(r.code).toBe(5); // a 400 for a body that is not JSON
  });

  it('in a create whose outcome is unknown, or a dry run', async () => {
    sb.faults.add({ method: 'POST', path: '/api/v1/milestones', action: { type: 'reset-after' } });
    const lost = await withCanary([
      '--debug',
      'milestones',
      'create',
      '--project',
      '31',
      '--title',
      'Canary',
      '--due',
      '2026-01-01',
    ]);
    expect(lost.code).toBe(7);
    const dry = await withCanary(['--dry-run', '--debug', 'steps', 'complete', '101', '102']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/PUT \/api\/v1\/steps\/101/);
  });

  it('when stored in the config file: config list, auth status and --debug show it masked or not at all', async () => {
    const configDir = makeConfigDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({
        profiles: {
          default: {
            base_url: sb.baseUrl,
            token: CANARY_TOKEN,
            refresh_token: REFRESH_CANARY,
            webhook_secrets: { 92: { secret: CANARY_WEBHOOK_SECRET, event: 'task.completed' } },
          },
        },
      }),
      { mode: 0o600 },
    );
    for (const args of [
      ['config', 'list'],
      ['config', 'list', '-o', 'json'],
      ['auth', 'status'],
      ['auth', 'status', '-o', 'yaml'],
      ['--debug', 'webhooks', 'list', '-o', 'json'],
      ['--debug', 'auth', 'status'],
    ]) {
      const r = await runInProcess(args, { configDir });
      expect([0, 4], `${args.join(' ')}: ${r.stderr}`).toContain(r.code);
    }
    const status = await runInProcess(['auth', 'status', '-o', 'json'], { configDir });
    expect(JSON.parse(status.stdout)).toMatchObject([{ token: `****${CANARY_TOKEN.slice(-4)}`, refresh_token: true }]);
    const get = await runInProcess(['config', 'get', 'token'], { configDir });
    expect(get.code).toBe(2);
  });
});

describe('the canary webhook secret never shows', () => {
  it('in verify, trigger (also --dry-run and --debug) and listings', async () => {
    const bad = await runInProcess(
      ['webhooks', 'verify', '--secret', CANARY_WEBHOOK_SECRET, '--signature', 'deadbeef', '--file', '-'],
      { stdin: '{"id":1}' },
    );
    expect(bad.code).toBe(1);
    const env = { PWCTL_WEBHOOK_SECRET: CANARY_WEBHOOK_SECRET };
    const viaEnv = await runInProcess(['webhooks', 'verify', '--signature', 'zz', '-o', 'json'], { stdin: '{}', env });
    expect(viaEnv.code).toBe(1);
    const dry = await runInProcess(
      ['--dry-run', 'webhooks', 'trigger', 'task.completed', '--to', 'http://127.0.0.1:9/hooks', '-o', 'json'],
      { env },
    );
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dry_run: true,
      headers: { Signature: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const refused = await runInProcess([
      '--debug',
      'webhooks',
      'trigger',
      'task.created',
      '--to',
      'http://127.0.0.1:9/hooks',
      '--secret',
      CANARY_WEBHOOK_SECRET,
    ]);
    expect(refused.code).toBe(7);
    const listed = await runInProcess(['--debug', 'webhooks', 'list'], {
      env: { ...env, PWCTL_BASE_URL: sb.baseUrl, PWCTL_TOKEN: CANARY_TOKEN },
    });
    expect(listed.code, listed.stderr).toBe(0);
  });
});

describe('config file permissions after every write', () => {
  function expectPrivate(dir: string): void {
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
  }

  it('config set / unset create the directory 0700 and the file 0600, and tighten ones readable by others', async () => {
    const configDir = join(makeConfigDir(), 'nested', 'pwctl');
    const set = await runInProcess(['config', 'set', 'output', 'json'], { configDir });
    expect(set.code, set.stderr).toBe(0);
    expectPrivate(configDir);

    chmodSync(configDir, 0o755);
    chmodSync(join(configDir, 'config.json'), 0o644);
    expect((await runInProcess(['config', 'set', 'company', '1'], { configDir })).code).toBe(0);
    expectPrivate(configDir);

    // Writable by others is refused, not repaired (test/reliability/planted-config.test.ts).
    chmodSync(join(configDir, 'config.json'), 0o666);
    expect((await runInProcess(['config', 'unset', 'company'], { configDir })).stderr).toMatch(/fix it with chmod 600/);
    chmodSync(join(configDir, 'config.json'), 0o600);
    expect((await runInProcess(['config', 'unset', 'company'], { configDir })).code).toBe(0);
    expectPrivate(configDir);
  });

  it('auth login --with-token stores the canary 0600 in a 0700 directory, and never prints it', async () => {
    const configDir = join(makeConfigDir(), 'fresh');
    const r = await runInProcess(['auth', 'login', '--with-token', '--base-url', sb.baseUrl], {
      configDir,
      stdin: `${CANARY_TOKEN}\n`,
    });
    expect(r.code, r.stderr).toBe(0);
    expectPrivate(configDir);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.default.token).toBe(CANARY_TOKEN);
    const logout = await runInProcess(['auth', 'logout'], { configDir });
    expect(logout.code).toBe(0);
    expectPrivate(configDir);
  });

  it('webhooks create stores the new secret 0600 in a 0700 directory (the one call allowed to print it)', async () => {
    const configDir = join(makeConfigDir(), 'hooks');
    const r = await runInProcess(
      [
        'webhooks',
        'create',
        '--url',
        'http://127.0.0.1:9/hooks',
        '--event',
        'task.created',
        '--company',
        '1',
        '-o',
        'json',
      ],
      {
        configDir,
        env: { PWCTL_BASE_URL: sb.baseUrl, PWCTL_TOKEN: CANARY_TOKEN },
        allowSecrets: true,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const { id, secret } = JSON.parse(r.stdout) as { id: number; secret: string };
    expectPrivate(configDir);
    expect(
      JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.default.webhook_secrets[sb.baseUrl][
        String(id)
      ].secret,
    ).toBe(secret);
    // From here on, the stored secret is a canary too: listing and getting never show it.
    registerSecret(secret);
    const env = { PWCTL_BASE_URL: sb.baseUrl, PWCTL_TOKEN: CANARY_TOKEN };
    expect((await runInProcess(['webhooks', 'get', String(id), '-o', 'json'], { configDir, env })).code).toBe(0);
    expect((await runInProcess(['webhooks', 'list'], { configDir, env })).code).toBe(0);
    expect((await runInProcess(['config', 'list', '-o', 'json'], { configDir, env })).code).toBe(0);
    expect((await runInProcess(['webhooks', 'delete', String(id), '--yes'], { configDir, env })).code).toBe(0);
    expectPrivate(configDir);
  });
});

describe('a corrupt config file', () => {
  const corrupt = `{"profiles":{"default":{"token":"${CANARY_TOKEN}","base_url":"http://127.0.0.1:9"`;

  for (const args of [
    ['steps', 'list'],
    ['config', 'set', 'output', 'json'],
    ['config', 'list'],
    ['auth', 'status'],
    ['auth', 'login', '--with-token'],
  ]) {
    it(`pwctl ${args.join(' ')}: exit 1 naming the path, not echoing it, not rewriting it`, async () => {
      const configDir = makeConfigDir();
      const path = join(configDir, 'config.json');
      writeFileSync(path, corrupt, { mode: 0o600 });
      const before = statSync(path);
      const r = await runInProcess(args, { configDir, stdin: `${CANARY_TOKEN}\n` });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `error: config file ${path} is not valid JSON; fix or remove it (it may hold your tokens, so it was left untouched)\n`,
      );
      expect(r.stderr).not.toContain('profiles');
      expect(readFileSync(path, 'utf8')).toBe(corrupt);
      expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
      expect(readdirSync(configDir).filter((name) => name.includes('.partial-'))).toEqual([]);
    });
  }

  it('an empty file and a JSON array are corrupt too', async () => {
    for (const text of ['', '[]', 'null']) {
      const configDir = makeConfigDir();
      const path = join(configDir, 'config.json');
      mkdirSync(configDir, { recursive: true });
      writeFileSync(path, text);
      const r = await runInProcess(['config', 'set', 'company', '1'], { configDir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(path);
      expect(readFileSync(path, 'utf8')).toBe(text);
    }
  });
});
