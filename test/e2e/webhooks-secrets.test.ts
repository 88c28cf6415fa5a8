// Stored webhook secrets belong to one service and one subscription: `delete` forgets one
// only when the subscription is gone, a subscription of another service with the same id
// never touches it, and `trigger --subscription` sends with it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhooks/signature.js';
import { makeConfigDir, registerSecret, runInProcess } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

type Secrets = Record<string, Record<string, { secret: string; event?: string; url?: string }>>;

function storedSecrets(configDir: string): Secrets {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles?.default?.webhook_secrets ?? {};
}

async function create(configDir: string, url = 'https://example.com/hooks') {
  const r = await pw(
    ['webhooks', 'create', '--url', url, '--event', 'task.completed', '--company', '1', '-o', 'json'],
    { configDir, allowSecrets: true },
  );
  expect(r.code, r.stderr).toBe(0);
  const hook = JSON.parse(r.stdout) as { id: number; secret: string };
  registerSecret(hook.secret);
  return hook;
}

interface Received {
  path: string;
  signature: string | undefined;
  body: Buffer;
}

/** A receiver on port 0 that records every delivery and answers 204. */
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
beforeAll(async () => {
  receiver = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        signature: req.headers.signature as string | undefined,
        body: Buffer.concat(chunks),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('webhooks delete keeps the secret unless the subscription is gone', () => {
  it.each(['member', 'client'] as const)('a delete refused for a %s token (403/404) keeps it', async (role) => {
    const configDir = makeConfigDir();
    const hook = await create(configDir);
    const r = await pw(['webhooks', 'delete', String(hook.id), '--yes'], { configDir, role });
    expect([3, 4]).toContain(r.code);
    expect(cli.sb.state.webhooks[hook.id]).toBeDefined();
    expect(storedSecrets(configDir)[cli.sb.baseUrl]?.[String(hook.id)]?.secret).toBe(hook.secret);
  });

  it('a 404 on the first attempt keeps it (nothing says this service deleted that subscription)', async () => {
    const configDir = makeConfigDir();
    const hook = await create(configDir);
    delete cli.sb.state.webhooks[hook.id];
    const r = await pw(['webhooks', 'delete', String(hook.id), '--yes'], { configDir });
    expect(r.code).toBe(3);
    expect(storedSecrets(configDir)[cli.sb.baseUrl]?.[String(hook.id)]?.secret).toBe(hook.secret);
  });

  it('a retried delete that finds it gone after a lost answer forgets it', async () => {
    const configDir = makeConfigDir();
    const keep = await create(configDir);
    const hook = await create(configDir);
    cli.sb.faults.add({ method: 'DELETE', path: `/api/v1/webhooks/${hook.id}`, action: { type: 'reset-after' } });
    cli.mark();
    const r = await pw(['webhooks', 'delete', String(hook.id), '--yes'], { configDir });
    expect(r.code, r.stderr).toBe(0);
    const deletes = cli.sent('/api/v1/webhooks/', 'DELETE');
    expect(deletes).toHaveLength(2);
    expect(deletes[1]!.status).toBe(404);
    expect(r.stderr).toMatch(/its stored secret was forgotten/);
    expect(Object.keys(storedSecrets(configDir)[cli.sb.baseUrl]!)).toEqual([String(keep.id)]);
  });
});

describe('secrets belong to one service', () => {
  it('a secret stored through --sandbox survives a subscription with the same id on another base URL, and each service deletes only its own', async () => {
    const configDir = makeConfigDir();
    const embedded = await runInProcess(
      [
        '--sandbox',
        'webhooks',
        'create',
        '--url',
        `${receiverUrl}/embedded`,
        '--event',
        'milestone.created',
        '--company',
        '1',
        '-o',
        'json',
      ],
      { configDir, allowSecrets: true },
    );
    expect(embedded.code, embedded.stderr).toBe(0);
    const fromSandbox = JSON.parse(embedded.stdout) as { id: number; secret: string };
    registerSecret(fromSandbox.secret);
    const real = await create(configDir, `${receiverUrl}/real`);
    expect(real.id).toBe(fromSandbox.id); // both services start from the same demo data
    expect(real.secret).not.toBe(fromSandbox.secret);

    const stored = storedSecrets(configDir);
    expect(stored.sandbox?.[String(real.id)]).toMatchObject({ secret: fromSandbox.secret, event: 'milestone.created' });
    expect(stored[cli.sb.baseUrl]?.[String(real.id)]).toMatchObject({ secret: real.secret, event: 'task.completed' });

    // trigger --subscription signs with the secret of the service the command runs against.
    received.length = 0;
    expect(
      (await runInProcess(['--sandbox', 'webhooks', 'trigger', '--subscription', String(real.id)], { configDir })).code,
    ).toBe(0);
    expect((await pw(['webhooks', 'trigger', '--subscription', String(real.id)], { configDir })).code).toBe(0);
    expect(received.map((d) => d.path)).toEqual(['/embedded', '/real']);
    expect(received[0]!.signature).toBe(signBody(fromSandbox.secret, received[0]!.body));
    expect(received[1]!.signature).toBe(signBody(real.secret, received[1]!.body));

    const deleted = await pw(['webhooks', 'delete', String(real.id), '--yes'], { configDir });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(storedSecrets(configDir)).toEqual({
      sandbox: { [String(real.id)]: expect.objectContaining({ secret: fromSandbox.secret }) },
    });
  });

  it("secrets stored before they were keyed by service keep working as the profile base_url's, and move on the next change", async () => {
    const configDir = makeConfigDir();
    const hook = await create(configDir, `${receiverUrl}/legacy`);
    // Rewrite the store the way an older pwctl kept it: keyed by subscription id alone.
    const path = join(configDir, 'config.json');
    writeFileSync(
      path,
      JSON.stringify({
        profiles: {
          default: {
            base_url: cli.sb.baseUrl,
            webhook_secrets: {
              [hook.id]: { secret: hook.secret, event: 'task.completed', url: `${receiverUrl}/legacy` },
            },
          },
        },
      }),
      { mode: 0o600 },
    );

    received.length = 0;
    expect((await pw(['webhooks', 'trigger', '--subscription', String(hook.id)], { configDir })).code).toBe(0);
    expect(received[0]?.signature).toBe(signBody(hook.secret, received[0]!.body));

    const next = await create(configDir);
    expect(storedSecrets(configDir)).toEqual({
      [cli.sb.baseUrl]: {
        [String(hook.id)]: expect.objectContaining({ secret: hook.secret }),
        [String(next.id)]: expect.objectContaining({ secret: next.secret }),
      },
    });
  });
});

describe('webhooks trigger --subscription', () => {
  it("sends a sample of the subscription's event to its URL, signed with its secret; --to overrides the URL", async () => {
    const configDir = makeConfigDir();
    const hook = await create(configDir, `${receiverUrl}/stored`);
    received.length = 0;
    const r = await pw(['webhooks', 'trigger', '--subscription', String(hook.id), '-o', 'json'], { configDir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ event: 'task.completed', url: `${receiverUrl}/stored`, status: 204 });
    const [delivery] = received;
    expect(delivery!.signature).toBe(signBody(hook.secret, delivery!.body));
    expect(JSON.parse(delivery!.body.toString('utf8'))).toMatchObject({ completed: true });

    const elsewhere = await pw(
      ['webhooks', 'trigger', 'task.completed', '--subscription', String(hook.id), '--to', `${receiverUrl}/override`],
      { configDir },
    );
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(received.map((d) => d.path)).toEqual(['/stored', '/override']);
    expect(received[1]!.signature).toBe(signBody(hook.secret, received[1]!.body));
  });

  it.each([
    [
      ['--subscription', '999'],
      /no secret is stored for subscription 999 of http:\/\/127\.0\.0\.1:\d+ in profile default/,
    ],
    [['--subscription', 'abc'], /--subscription must be a positive integer id/],
    [['--subscription', '{id}', '--secret', 'other-secret'], /--secret and --subscription cannot be combined/],
    [['task.created', '--subscription', '{id}'], /subscription \d+ is for task\.completed, not task\.created/],
    [['task.completed'], /no `pwctl webhooks listen` of profile default is running to send to/],
    [[], /missing <event>/],
  ])('refuses %j before sending anything (exit 2)', async (args, message) => {
    const configDir = makeConfigDir();
    const hook = await create(configDir, `${receiverUrl}/never`);
    received.length = 0;
    const r = await pw(['webhooks', 'trigger', ...args.map((a) => a.replace('{id}', String(hook.id)))], { configDir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(received).toEqual([]);
  });
});
