// How failures reach a new user: a 401 that says what to do, the service's field errors
// kept as sent in the JSON line but told in pwctl's terms for people, an empty document body
// left to the service to refuse, and a webhook PUT whose answer is not a subscription.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDocumentUuid } from '../../src/sandbox/index.js';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const cli = useSandboxCli();
const pw = cli.pw;

/** A config dir whose profile `name` stores a token the service refuses. */
function profileWithStaleToken(name: string): string {
  const dir = makeConfigDir();
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ profiles: { [name]: { base_url: cli.sb.baseUrl, token: 'stale-token-0a1b2c3d4e' } } }),
    { mode: 0o600 },
  );
  return dir;
}

describe('a 401 names the remedy', () => {
  it('a stored token: sign in again, naming the profile that was chosen', async () => {
    const env = { PWCTL_BASE_URL: undefined, PWCTL_TOKEN: undefined };
    const staging = await runInProcess(['steps', 'list', '--profile', 'staging'], {
      configDir: profileWithStaleToken('staging'),
      env,
    });
    expect(staging.code).toBe(4);
    expect(staging.stderr).toMatch(
      /^error: GET \/api\/v1\/steps\?per_page=30: 401 Unauthorized: .*; run `pwctl auth login --profile staging` to sign in again\n$/,
    );
    const byEnv = await runInProcess(['steps', 'list'], {
      configDir: profileWithStaleToken('ci'),
      env: { ...env, PWCTL_PROFILE: 'ci' },
    });
    expect(byEnv.stderr).toMatch(/; run `pwctl auth login --profile ci` to sign in again\n$/);
    const plain = await runInProcess(['steps', 'list'], { configDir: profileWithStaleToken('default'), env });
    expect(plain.stderr).toMatch(/; run `pwctl auth login` to sign in again\n$/);
  });

  it('PWCTL_TOKEN: check it, since it overrides any stored token', async () => {
    const r = await pw(['milestones', 'list'], { env: { PWCTL_TOKEN: 'not-a-token-9f8e7d6c' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /401 Unauthorized: .*; check PWCTL_TOKEN: it is set, and it overrides any stored token\n$/,
    );
    expect(r.stderr).not.toMatch(/auth login/);
  });

  it('no token at all: the login command names a chosen profile', async () => {
    const r = await runInProcess(['steps', 'list', '--profile', 'staging', '--base-url', cli.sb.baseUrl]);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'error: no token for profile staging: run `pwctl auth login --profile staging`, or set PWCTL_TOKEN\n',
    );
  });
});

describe("tag errors: pwctl's terms for people, the service's keys in the JSON line", () => {
  it('tags set --no-create with an unknown name and a retired tag', async () => {
    const r = await pw(['tags', 'set', '101', 'nosuchtag', '66', '--no-create', '-o', 'json']);
    expect(r.code).toBe(5);
    const lines = r.stderr.trim().split('\n');
    // The field lines say it all, so the first line ends at the status.
    expect(lines[0]).toBe('error: PUT /api/v1/steps/101/tags: 422 Unprocessable Content');
    expect(lines[1]).toBe(
      '  tag "nosuchtag": no tag of the task\'s company has this name, and --no-create says not to create it',
    );
    expect(lines[2]).toMatch(/^ {2}tag id 66: /);
    expect(r.stderr).not.toMatch(/^error:.*create_missing/m);
    const json = JSON.parse(lines.at(-1)!) as { error: { code: number; errors: Record<string, string[]> } };
    expect(json.error.code).toBe(5);
    expect(Object.keys(json.error.errors)).toEqual(['tags.0', 'tags.1']);
    expect(json.error.errors['tags.0']).toEqual([
      'No tag named "nosuchtag" exists. Send create_missing: true to create it.',
    ]);
  });
});

describe("docs update --content '' is the service's to refuse", () => {
  it('sends the empty body without a GET first; the 422 exits 5 with its content line', async () => {
    const brief = seedDocumentUuid(81);
    const r = await pw(['docs', 'update', brief, '--content', '']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^error: PUT \/api\/v1\/documents\/[0-9a-f-]+: 422 .*\n {2}content: .+\n$/);
    expect(cli.sent('/api/v1/documents').map((q) => q.method)).toEqual(['PUT']);
    expect(cli.sent('/api/v1/documents')[0]!.body).toEqual({ content: '' });
  });
});

describe('webhooks update/pause/resume when the PUT answers 2xx without a subscription', () => {
  let server: StubServer;
  let env: Record<string, string>;
  const hook = {
    id: 5,
    url: 'https://example.com/hooks',
    event: 'task.completed',
    company_id: 1,
    active: false,
    created_at: '2026-01-02T03:04:05Z',
    updated_at: '2026-01-02T03:04:05Z',
    company: { id: 1, title: 'Northwind Studio' },
  };
  beforeAll(async () => {
    server = await startStubServer();
    env = { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: 'stub-token-5e6f7a8b' };
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it.each([
    ['{}', { status: 200, body: {} }, ['webhooks', 'pause', '5']],
    ['an empty body', { status: 200, raw: '' }, ['webhooks', 'update', '5', '--active', 'false']],
    ['204', { status: 204 }, ['webhooks', 'resume', '5']],
  ])('%s: reads the subscription back and prints it (exit 0)', async (_what, reply, args) => {
    server.on('PUT /api/v1/webhooks/5', reply);
    server.on('GET /api/v1/webhooks/5', { status: 200, body: hook });
    const r = await runInProcess([...args, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(hook);
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual([
      'PUT /api/v1/webhooks/5',
      'GET /api/v1/webhooks/5',
    ]);
  });
});
