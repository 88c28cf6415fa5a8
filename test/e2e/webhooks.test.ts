// webhooks subscriptions and `verify` against the sandbox: output, exit codes, what the
// sandbox received, and the secrets kept in the config store.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { signBody } from '../../src/webhooks/signature.js';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let env: Record<string, string>;

beforeAll(async () => {
  sb = await startTestSandbox();
  env = sandboxEnv(sb);
});
afterAll(() => sb.close());

/** The secrets stored for the test sandbox's subscriptions (secrets are kept per service, then per id). */
function storedSecrets(
  configDir: string,
): Record<string, { secret: string; event?: string; url?: string; company_id?: number }> {
  const config = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
  return config.profiles?.default?.webhook_secrets?.[sb.baseUrl] ?? {};
}

function requestsSince(mark: number) {
  return sb.requests.slice(mark).filter((r) => r.path.startsWith('/api/v1/webhooks'));
}

async function create(configDir: string, extra: string[] = []) {
  const result = await runInProcess(
    [
      'webhooks',
      'create',
      '--url',
      'https://example.com/hooks',
      '--event',
      'task.completed',
      '--company',
      '1',
      '-o',
      'json',
      ...extra,
    ],
    { env, configDir },
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as {
    id: number;
    secret: string;
    event: string;
    company_id: number;
    active: boolean;
  };
}

describe('webhooks create', () => {
  it('creates the subscription, prints its secret once, and stores it 0600 for the profile', async () => {
    const configDir = makeConfigDir();
    const mark = sb.requests.length;
    const hook = await create(configDir);
    expect(hook.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(sb.state.webhooks[hook.id]).toMatchObject({
      url: 'https://example.com/hooks',
      event: 'task.completed',
      company_id: 1,
      active: true,
      secret: hook.secret,
    });
    const [post] = requestsSince(mark);
    expect(post).toMatchObject({
      method: 'POST',
      body: { url: 'https://example.com/hooks', event: 'task.completed', company_id: 1 },
    });
    expect(typeof (post!.body as { company_id: unknown }).company_id).toBe('number');
    expect(storedSecrets(configDir)[String(hook.id)]).toMatchObject({
      secret: hook.secret,
      event: 'task.completed',
      company_id: 1,
      url: 'https://example.com/hooks',
    });
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('shows the secret on its own line in table output and says it is stored', async () => {
    const configDir = makeConfigDir();
    const result = await runInProcess(
      ['webhooks', 'create', '--url', 'http://127.0.0.1:9/x', '--event', 'milestone.created', '--company', '1'],
      { env, configDir },
    );
    expect(result.code).toBe(0);
    const secret = /^secret:\t([0-9a-f]{64})$/m.exec(result.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(result.stderr).toMatch(/shown only now and is stored for profile default/);
    expect(Object.values(storedSecrets(configDir)).map((s) => s.secret)).toEqual([secret]);
  });

  it('--no-save-secret prints the secret but stores nothing', async () => {
    const configDir = makeConfigDir();
    const hook = await create(configDir, ['--no-save-secret']);
    expect(hook.secret).toMatch(/^[0-9a-f]{64}$/);
    let stored = {};
    try {
      stored = storedSecrets(configDir);
    } catch {
      // no config file at all: nothing stored
    }
    expect(stored).toEqual({});
  });

  it('takes the company from `config company` when --company is absent', async () => {
    const configDir = makeConfigDir();
    expect((await runInProcess(['config', 'set', 'company', '1'], { env, configDir })).code).toBe(0);
    const result = await runInProcess(
      ['webhooks', 'create', '--url', 'https://example.com/a', '--event', 'task.created', '-o', 'json'],
      { env, configDir },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).company_id).toBe(1);
  });

  it.each([
    [
      ['--url', 'https://example.com/a', '--event', 'task.finished', '--company', '1'],
      /--event must be one of project\.created, task\.created, task\.completed.*milestone\.updated; got "task\.finished"/,
    ],
    [
      ['--url', 'ftp://example.com/a', '--event', 'task.created', '--company', '1'],
      /--url must be a URL starting with http:\/\/ or https:\/\//,
    ],
    [
      ['--url', 'example.com', '--event', 'task.created', '--company', '1'],
      /--url must be a URL starting with http:\/\/ or https:\/\/, got "example.com" \(did you mean "https:\/\/example.com"\?\)/,
    ],
    [
      ['--url', 'https://example.com/a', '--event', 'task.created', '--company', 'acme'],
      /--company must be a positive integer id/,
    ],
    [['--url', 'https://example.com/a', '--event', 'task.created'], /--company <id> is required/],
    [['--event', 'task.created', '--company', '1'], /--url/],
  ])('rejects bad input locally with exit 2 and no request: %j', async (args, message) => {
    const mark = sb.requests.length;
    const result = await runInProcess(['webhooks', 'create', ...args], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(requestsSince(mark)).toHaveLength(0);
  });

  it('maps the manager-only rule to exit 4 and stores nothing', async () => {
    const configDir = makeConfigDir();
    const result = await runInProcess(
      ['webhooks', 'create', '--url', 'https://example.com/a', '--event', 'task.created', '--company', '1'],
      { env: sandboxEnv(sb, 'member'), configDir },
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: .*manager/m);
  });
});

describe('webhooks list and get', () => {
  it('never print the stored secret', async () => {
    const configDir = makeConfigDir();
    const hook = await create(configDir);
    for (const args of [
      ['get', String(hook.id)],
      ['get', String(hook.id), '-o', 'json'],
      ['list', '--all'],
      ['list', '--all', '-o', 'json'],
      ['list', '--all', '-o', 'yaml'],
    ]) {
      const result = await runInProcess(['webhooks', ...args], { env, configDir });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(String(hook.id));
      expect(result.stdout + result.stderr).not.toContain(hook.secret);
      expect(result.stdout).not.toMatch(/secret/i);
    }
  });

  it('get prints the subscription with its company; an unknown id exits 3', async () => {
    const hook = await create(makeConfigDir());
    const result = await runInProcess(['webhooks', 'get', String(hook.id), '-o', 'json'], { env });
    expect(JSON.parse(result.stdout)).toMatchObject({
      id: hook.id,
      event: 'task.completed',
      company_id: 1,
      company: { id: 1 },
    });
    // Subscription 91 belongs to another company: not found for this caller.
    expect((await runInProcess(['webhooks', 'get', '91'], { env })).code).toBe(3);
    const bad = await runInProcess(['webhooks', 'get', 'x1'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/<id> must be a positive integer id/);
  });

  it("list shows only the caller's companies, filters by --company, and 403 is exit 4", async () => {
    const hook = await create(makeConfigDir());
    const all = JSON.parse((await runInProcess(['webhooks', 'list', '--all', '-o', 'json'], { env })).stdout) as Array<{
      id: number;
      company_id: number;
    }>;
    expect(all.map((h) => h.id)).toContain(hook.id);
    expect(all.map((h) => h.id)).not.toContain(91);
    const mark = sb.requests.length;
    const filtered = await runInProcess(['webhooks', 'list', '--company', '1', '--limit', '1', '-o', 'ndjson'], {
      env,
    });
    expect(filtered.stdout.trim().split('\n')).toHaveLength(1);
    expect(requestsSince(mark)[0]!.query).toMatchObject({ company_id: '1', per_page: '1' });
    const other = await runInProcess(['webhooks', 'list', '--company', '2'], { env });
    expect(other.code).toBe(4);
  });

  it('a member may list subscriptions', async () => {
    const result = await runInProcess(['webhooks', 'list', '-o', 'json'], { env: sandboxEnv(sb, 'member') });
    expect(result.code).toBe(0);
    expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
  });

  it('list --fields rejects fields a subscription does not have', async () => {
    const result = await runInProcess(['webhooks', 'list', '--fields', 'id,secret'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown field "secret"; valid fields: id, url, event/);
  });
});

describe('webhooks update, pause, resume', () => {
  it('sends only what changed, with JSON types, and prints the result', async () => {
    const configDir = makeConfigDir();
    const hook = await create(configDir);
    let mark = sb.requests.length;
    const updated = await runInProcess(
      ['webhooks', 'update', String(hook.id), '--url', 'https://example.com/new', '-o', 'json'],
      { env, configDir },
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ id: hook.id, url: 'https://example.com/new' });
    expect(requestsSince(mark).find((r) => r.method === 'PUT')!.body).toEqual({ url: 'https://example.com/new' });
    expect(storedSecrets(configDir)[String(hook.id)]!.url).toBe('https://example.com/new');

    mark = sb.requests.length;
    expect((await runInProcess(['webhooks', 'update', String(hook.id), '--active', 'false'], { env })).code).toBe(0);
    expect(requestsSince(mark).find((r) => r.method === 'PUT')!.body).toEqual({ active: false });
    expect(sb.state.webhooks[hook.id]!.active).toBe(false);
  });

  it('pause and resume flip active', async () => {
    const hook = await create(makeConfigDir());
    const paused = await runInProcess(['webhooks', 'pause', String(hook.id), '-o', 'json'], { env });
    expect(JSON.parse(paused.stdout).active).toBe(false);
    expect(sb.state.webhooks[hook.id]!.active).toBe(false);
    await runInProcess(['webhooks', 'resume', String(hook.id)], { env });
    expect(sb.state.webhooks[hook.id]!.active).toBe(true);
  });

  it.each([
    [[], /nothing to change: give at least one of --url or --active/],
    [['--active', 'maybe'], /--active must be true or false/],
    [['--url', 'mailto:x@example.com'], /--url must be a URL starting with http:\/\/ or https:\/\//],
  ])('rejects %j locally with exit 2', async (args, message) => {
    const mark = sb.requests.length;
    const result = await runInProcess(['webhooks', 'update', '92', ...args], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(requestsSince(mark)).toHaveLength(0);
  });

  it('--dry-run prints the request and changes nothing', async () => {
    const hook = await create(makeConfigDir());
    const result = await runInProcess(['webhooks', 'pause', String(hook.id), '--dry-run'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`PUT /api/v1/webhooks/${hook.id}`);
    expect(sb.state.webhooks[hook.id]!.active).toBe(true);
  });
});

describe('webhooks delete', () => {
  it('refuses without a terminal or --yes, before any request', async () => {
    const hook = await create(makeConfigDir());
    const mark = sb.requests.length;
    const result = await runInProcess(['webhooks', 'delete', String(hook.id)], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/pass --yes/);
    expect(requestsSince(mark)).toHaveLength(0);
    expect(sb.state.webhooks[hook.id]).toBeDefined();
  });

  it('deletes with --yes and forgets the stored secret', async () => {
    const configDir = makeConfigDir();
    const keep = await create(configDir);
    const hook = await create(configDir);
    const result = await runInProcess(['webhooks', 'delete', String(hook.id), '--yes'], { env, configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/deleted webhook subscription \d+; its stored secret was forgotten/);
    expect(sb.state.webhooks[hook.id]).toBeUndefined();
    expect(Object.keys(storedSecrets(configDir))).toEqual([String(keep.id)]);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    const again = await runInProcess(['webhooks', 'delete', String(hook.id), '--yes'], { env, configDir });
    expect(again.code).toBe(3);
  });
});

describe('webhooks verify', () => {
  const secret = 'verify-secret';
  const body = Buffer.from('{"title":"caf\u00e9 \u2028 🚀","n":1}\n');
  const signature = signBody(secret, body);

  it('exits 0 for the exact bytes from a file or stdin', async () => {
    const dir = makeConfigDir();
    const file = join(dir, 'body.json');
    writeFileSync(file, body);
    expect(
      (await runInProcess(['webhooks', 'verify', '--secret', secret, '--signature', signature, '--file', file])).code,
    ).toBe(0);
    const piped = await runInProcess(['webhooks', 'verify', '--secret', secret, '--signature', signature], {
      stdin: body,
    });
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(/signature matches/);
  });

  it('exits 1 when one byte differs, the secret differs, or the signature is malformed', async () => {
    const trimmed = await runInProcess(['webhooks', 'verify', '--signature', signature, '--file', '-'], {
      stdin: body.subarray(0, -1),
      env: { PWCTL_WEBHOOK_SECRET: secret },
    });
    expect(trimmed.code).toBe(1);
    expect(trimmed.stderr).toBe('error: signature does not match\n');
    expect(
      (await runInProcess(['webhooks', 'verify', '--secret', 'other', '--signature', signature], { stdin: body })).code,
    ).toBe(1);
    const short = await runInProcess(
      ['webhooks', 'verify', '--secret', secret, '--signature', signature.slice(1), '-o', 'json'],
      { stdin: body },
    );
    expect(short.code).toBe(1);
    expect(JSON.parse(short.stdout)).toMatchObject({ valid: false, reason: expect.stringMatching(/63 characters/) });
  });

  it('takes the secret from PWCTL_WEBHOOK_SECRET, and needs one', async () => {
    expect(
      (
        await runInProcess(['webhooks', 'verify', '--signature', signature], {
          stdin: body,
          env: { PWCTL_WEBHOOK_SECRET: secret },
        })
      ).code,
    ).toBe(0);
    const none = await runInProcess(['webhooks', 'verify', '--signature', signature], { stdin: body });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'error: a signing secret is required: --secret-file <path> (one secret per line), PWCTL_WEBHOOK_SECRET, or --secret <s>\n',
    );
    const missing = await runInProcess([
      'webhooks',
      'verify',
      '--secret',
      secret,
      '--signature',
      signature,
      '--file',
      '/no/such/file',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--file: cannot read "\/no\/such\/file": no such file/);
  });
});
