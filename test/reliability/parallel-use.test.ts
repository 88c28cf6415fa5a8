// Parallel use of one config store by real processes (xargs -P, parallel CI jobs): nothing
// stored is lost, an expired OAuth token is renewed once between them, a writer killed at
// any moment leaves a readable store, and a lock left behind is recovered or reported.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '../../src/auth/oauth-client.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, cliCommand, makeConfigDir, runCli, sandboxEnv } from '../helpers/cli.js';
import { signIn } from '../helpers/oauth-sign-in.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { prng } from './support.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const report = (figures: object) => process.env.RELIABILITY_REPORT && console.log(JSON.stringify(figures));

function readStore(configDir: string): { profiles: Record<string, Record<string, any>> } {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
}

function refreshRequests(since: number): number {
  return sb.requests
    .slice(since)
    .filter((r) => r.path === '/oauth/token' && new URLSearchParams(r.rawBody).get('grant_type') === 'refresh_token')
    .length;
}

describe('parallel writers keep every value', () => {
  it('12 parallel `webhooks create` keep all 12 secrets', async () => {
    const configDir = makeConfigDir();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        runCli(
          [
            'webhooks',
            'create',
            '--url',
            `https://example.com/h${i}`,
            '--event',
            'task.created',
            '--company',
            '1',
            '-o',
            'json',
          ],
          { configDir, env: sandboxEnv(sb), allowSecrets: true },
        ),
      ),
    );
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const created = results.map((r) => JSON.parse(r.stdout) as { id: number; secret: string });
    const stored = readStore(configDir).profiles.default!.webhook_secrets[sb.baseUrl] as Record<
      string,
      { secret: string }
    >;
    expect(Object.keys(stored).sort()).toEqual(created.map((h) => String(h.id)).sort());
    for (const hook of created) expect(stored[String(hook.id)]!.secret).toBe(hook.secret);
    report({ parallelWebhookCreates: created.length, secretsKept: Object.keys(stored).length });
  });

  it('16 parallel `config set` of different keys keep all 16', async () => {
    const configDir = makeConfigDir();
    const values: Array<[string, string, string]> = ['work', 'home'].flatMap((profile, p) => [
      [profile, 'base_url', `https://${profile}.example.com`],
      [profile, 'output', p === 0 ? 'json' : 'yaml'],
      [profile, 'company', String(p + 1)],
      [profile, 'timeout', String(10 + p)],
      [profile, 'oauth_authorize_url', `https://${profile}.example.com/authorize`],
      [profile, 'oauth_token_url', `https://${profile}.example.com/token`],
      [profile, 'oauth_client_id', `client-${profile}`],
      [profile, 'completion_cache', p === 0 ? 'false' : 'true'],
    ]);
    const results = await Promise.all(
      values.map(([profile, key, value]) => runCli(['config', 'set', key, value, '--profile', profile], { configDir })),
    );
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const { profiles } = readStore(configDir);
    const kept = values.filter(([profile, key, value]) => String(profiles[profile]?.[key]) === value);
    expect(kept).toEqual(values);
    report({ parallelConfigSets: values.length, kept: kept.length });
  });
});

describe('an expired OAuth token is renewed once between processes', () => {
  /** A store whose default profile holds a fresh sign-in; `expired` marks it expired in the file. */
  async function storeWithSignIn(expired: boolean): Promise<{ configDir: string; tokens: TokenSet }> {
    const tokens = await signIn(sb);
    const configDir = makeConfigDir();
    const profile = {
      base_url: sb.baseUrl,
      token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_expires_at: expired ? '2020-01-01T00:00:00.000Z' : tokens.expiresAt,
    };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: profile } }), { mode: 0o600 });
    return { configDir, tokens };
  }

  async function eightAtOnce(configDir: string) {
    const mark = sb.requests.length;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => runCli(['api', '/steps?per_page=1'], { configDir })),
    );
    return {
      results,
      refreshes: refreshRequests(mark),
      apiCalls: sb.requests.slice(mark).filter((r) => r.path === '/api/v1/steps'),
    };
  }

  async function expectStillLoggedIn(configDir: string, spent: TokenSet): Promise<void> {
    const stored = readStore(configDir).profiles.default!;
    expect(stored.refresh_token).not.toBe(spent.refreshToken);
    expect(sb.state.auth.refresh_tokens[stored.refresh_token]).toBeDefined();
    const later = await runCli(['auth', 'status', '-o', 'json'], { configDir });
    expect(later.code, later.stderr).toBe(0);
    expect(JSON.parse(later.stdout)[0]).toMatchObject({ valid: true, refresh_token: true });
  }

  it('8 parallel commands on a token expired by the clock: all succeed, one refresh request, still logged in', async () => {
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const { configDir, tokens } = await storeWithSignIn(true);
      const { results, refreshes, apiCalls } = await eightAtOnce(configDir);
      for (const r of results) expect(r.code, r.stderr).toBe(0);
      expect(refreshes).toBe(1);
      // Every process sent the one renewed token.
      const renewed = readStore(configDir).profiles.default!.token as string;
      expect(apiCalls.map((c) => c.headers.authorization)).toEqual(Array(8).fill(`Bearer ${renewed}`));
      await expectStillLoggedIn(configDir, tokens);
    }
    report({ expiredTokenRounds: rounds, processesPerRound: 8, refreshRequestsPerRound: 1 });
  });

  it('8 parallel commands whose token the service stopped accepting (401): all succeed, one refresh request', async () => {
    const rounds = 2;
    for (let round = 0; round < rounds; round++) {
      const { configDir, tokens } = await storeWithSignIn(false);
      delete sb.state.auth.access_tokens[tokens.accessToken];
      const { results, refreshes } = await eightAtOnce(configDir);
      for (const r of results) expect(r.code, r.stderr).toBe(0);
      expect(refreshes).toBe(1);
      await expectStillLoggedIn(configDir, tokens);
    }
    report({ rejectedTokenRounds: rounds, processesPerRound: 8, refreshRequestsPerRound: 1 });
  });
});

describe('killed writers and abandoned locks', () => {
  it('a writer killed with SIGKILL at a random moment never leaves an unreadable store', async () => {
    const configDir = makeConfigDir();
    // A large store makes each write take long enough for some kills to land inside it.
    const secrets = Object.fromEntries(
      Array.from({ length: 4000 }, (_, i) => [
        String(i + 1),
        { secret: `s${i}`.padEnd(64, 'x'), event: 'task.created' },
      ]),
    );
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { default: { webhook_secrets: { [sb.baseUrl]: secrets } } } }),
      { mode: 0o600 },
    );
    const random = prng(0x5ca1ab1e);
    const runs = 40;
    let heldWhenKilled = 0;
    let midWrite = 0;
    let completed = 0;
    for (let i = 0; i < runs; i++) {
      const child = spawn(...cliCommand(['config', 'set', 'company', String(i + 1)]), {
        env: baseEnv(configDir),
        stdio: 'ignore',
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), Math.floor(random() * 300));
      const { code } = await new Promise<{ code: number | null }>((resolve) =>
        child.on('close', (c) => resolve({ code: c })),
      );
      clearTimeout(timer);
      if (code === 0) completed++;
      if (existsSync(join(configDir, 'config.json.lock'))) heldWhenKilled++;
      if (readdirSync(configDir).some((name) => name.startsWith('.config.json.partial-'))) midWrite++;
      // Old or new, never torn: every stored secret is still there.
      const store = readStore(configDir);
      expect(Object.keys(store.profiles.default!.webhook_secrets[sb.baseUrl])).toHaveLength(4000);
    }
    // The next command takes over any lock a killed writer left, and sweeps its temporary files.
    const last = await runCli(['config', 'set', 'company', '999'], { configDir });
    expect(last.code, last.stderr).toBe(0);
    expect(readStore(configDir).profiles.default!.company).toBe(999);
    expect(readdirSync(configDir).sort()).toEqual(['config.json']);
    report({
      killedWriterRuns: runs,
      completedBeforeKill: completed,
      killedHoldingTheLock: heldWhenKilled,
      killedMidWrite: midWrite,
      unreadableStores: 0,
    });
  });

  it('takes over the lock of a process that no longer exists at once, and a lock nobody has touched for a while', async () => {
    const gone = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => gone.on('close', () => resolve(gone.pid!)));
    const configDir = makeConfigDir();
    const lock = join(configDir, 'config.json.lock');
    writeFileSync(lock, JSON.stringify({ host: hostname(), pid: deadPid, nonce: 'dead' }));
    const afterDeath = await runCli(['config', 'set', 'company', '1'], {
      configDir,
      env: { PWCTL_LOCK_TIMEOUT: '10' },
    });
    expect(afterDeath.code, afterDeath.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);

    // A holder on another host cannot be asked; its lock is abandoned once it stops touching it.
    writeFileSync(lock, JSON.stringify({ host: 'elsewhere.example', pid: process.pid, nonce: 'silent' }));
    const past = new Date(Date.now() - 60_000);
    utimesSync(lock, past, past);
    const afterSilence = await runCli(['config', 'set', 'company', '2'], {
      configDir,
      env: { PWCTL_LOCK_TIMEOUT: '10' },
    });
    expect(afterSilence.code, afterSilence.stderr).toBe(0);
    expect(readStore(configDir).profiles.default!.company).toBe(2);
  });

  it('gives up on a lock held by a live process after PWCTL_LOCK_TIMEOUT, exit 1 naming the lock file, changing nothing', async () => {
    const configDir = makeConfigDir();
    expect((await runCli(['config', 'set', 'company', '1'], { configDir })).code).toBe(0);
    const lock = join(configDir, 'config.json.lock');
    writeFileSync(lock, JSON.stringify({ host: hostname(), pid: process.pid, nonce: 'alive' }));
    // This process is the live holder: it keeps the file fresh the way pwctl does.
    const heartbeat = setInterval(() => utimesSync(lock, new Date(), new Date()), 200);
    try {
      const r = await runCli(['config', 'set', 'company', '2'], { configDir, env: { PWCTL_LOCK_TIMEOUT: '1' } });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `error: the config store is locked by another pwctl process: waited 1 s for ${lock}; if no other pwctl is running, remove that file\n`,
      );
      expect(readStore(configDir).profiles.default!.company).toBe(1);
      expect(JSON.parse(readFileSync(lock, 'utf8')).nonce).toBe('alive');
    } finally {
      clearInterval(heartbeat);
    }
  });
});
