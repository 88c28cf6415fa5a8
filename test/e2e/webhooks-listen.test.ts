// `webhooks listen` as a user runs it: a long-lived child process receiving real signed
// deliveries from the sandbox, plus `trigger` and `verify` checked against it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { signBody } from '../../src/webhooks/signature.js';
import { baseEnv, cliCommand, makeConfigDir, runInProcess } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { postStatus as postRaw } from '../helpers/post.js';

interface Listening {
  /** Origin plus path, as printed on the ready line. */
  url: string;
  pid: number;
  stdout(): string;
  stderr(): string;
  waitFor(check: () => boolean, what: string): Promise<void>;
  stop(): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

const running = new Set<ChildProcessWithoutNullStreams>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

function listen(
  args: string[],
  options: { configDir?: string; env?: Record<string, string> } = {},
): Promise<Listening> {
  const env = { ...baseEnv(options.configDir ?? makeConfigDir()), ...options.env };
  const child = spawn(...cliCommand(['webhooks', 'listen', '--port', '0', ...args]), {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const poke = () => {
    for (const w of waiters) w();
  };
  child.stdout.on('data', (c: Buffer) => ((out += c.toString('utf8')), poke()));
  child.stderr.on('data', (c: Buffer) => ((err += c.toString('utf8')), poke()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => (running.delete(child), poke(), resolve(code))),
  );

  const waitFor = (check: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => (
          waiters.delete(test), reject(new Error(`timed out waiting for ${what}\nstdout: ${out}\nstderr: ${err}`))
        ),
        15_000,
      );
      const test = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(test);
        resolve();
      };
      waiters.add(test);
      test();
    });

  return waitFor(() => /listening on \S+/.test(err) || child.exitCode !== null, 'the ready line').then(() => {
    const url = /listening on (\S+)/.exec(err)?.[1];
    if (!url) throw new Error(`listen did not start: ${err}`);
    return {
      url,
      pid: child.pid!,
      stdout: () => out,
      stderr: () => err,
      waitFor,
      async stop() {
        child.kill('SIGINT');
        const code = await exited;
        return { code, stdout: out, stderr: err };
      },
    };
  });
}

function lines(text: string): Array<Record<string, any>> {
  return text.trim() === ''
    ? []
    : text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
}

/** `webhooks trigger <event> --to <url> --secret <secret> …`, run in the test process. */
const trigger = (event: string, to: string, secret: string, ...more: string[]) =>
  runInProcess(['webhooks', 'trigger', event, '--to', to, '--secret', secret, ...more]);

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('listen receiving deliveries from the sandbox', () => {
  const configDir = makeConfigDir();
  let listener: Listening;
  const hooks: Record<string, { id: number; secret: string }> = {};

  beforeAll(async () => {
    listener = await listen(['--path', '/hook', '-o', 'ndjson'], { configDir });
    expect(listener.stderr()).toMatch(/no signing secrets known yet/);
    // Subscriptions are created while the listener runs: it must pick up their secrets.
    for (const event of ['task.completed', 'task.tags_updated']) {
      const created = await runInProcess(
        ['webhooks', 'create', '--url', listener.url, '--event', event, '--company', '1', '-o', 'json'],
        { env: sandboxEnv(sb), configDir },
      );
      expect(created.code, created.stderr).toBe(0);
      hooks[event] = JSON.parse(created.stdout);
    }
  });

  it('prints `steps complete` and `tags add` deliveries with event and subscription', async () => {
    const completed = await runInProcess(['steps', 'complete', '103'], { env: sandboxEnv(sb), configDir });
    expect(completed.code, completed.stderr).toBe(0);
    const tagged = await runInProcess(['tags', 'add', '106', 'urgent'], { env: sandboxEnv(sb), configDir });
    expect(tagged.code, tagged.stderr).toBe(0);
    await listener.waitFor(() => lines(listener.stdout()).length >= 2, 'two deliveries');
    await sb.flushDeliveries();

    const [first, second] = lines(listener.stdout());
    expect(Object.keys(first!)).toEqual(['received_at', 'event', 'subscription_id', 'duplicate', 'payload']);
    expect(first).toMatchObject({
      event: 'task.completed',
      subscription_id: hooks['task.completed']!.id,
      duplicate: false,
      payload: { id: 103, completed: true },
    });
    expect(first!.payload.completed_at).toEqual(expect.any(String));
    expect(second).toMatchObject({
      event: 'task.tags_updated',
      subscription_id: hooks['task.tags_updated']!.id,
      duplicate: false,
      payload: { id: 106 },
    });
    expect(second!.payload.added_tags.map((t: { name: string }) => t.name)).toEqual(['urgent']);
    expect(new Date(first!.received_at).toISOString()).toBe(first!.received_at);
    // The sender was answered 2xx.
    expect(sb.deliveries.filter((d) => d.url === listener.url).map((d) => d.status)).toEqual([204, 204]);
  });

  it('marks a redelivery of the same event as a duplicate', async () => {
    const delivery = sb.deliveries.find((d) => d.event === 'task.completed' && d.url === listener.url)!;
    await sb.redeliver(delivery.id);
    await listener.waitFor(() => lines(listener.stdout()).length >= 3, 'the redelivery');
    expect(lines(listener.stdout())[2]).toMatchObject({
      event: 'task.completed',
      subscription_id: hooks['task.completed']!.id,
      duplicate: true,
      payload: { id: 103 },
    });
  });

  it('rejects a tampered delivery with 401, reports it, and keeps serving', async () => {
    const delivery = sb.deliveries.find((d) => d.event === 'task.completed' && d.url === listener.url)!;
    const tampered = delivery.body.replace('"completed":true', '"completed":false');
    expect(tampered).not.toBe(delivery.body);
    expect(
      await postRaw(listener.url, tampered, { 'Content-Type': 'application/json', Signature: delivery.signature }),
    ).toBe(401);
    expect(
      await postRaw(listener.url, delivery.body, { Signature: delivery.signature.toUpperCase().slice(0, 63) }),
    ).toBe(401);
    await listener.waitFor(() => (listener.stderr().match(/rejected 401/g) ?? []).length >= 2, 'two rejections');
    expect(listener.stderr()).toMatch(
      /rejected 401 POST \/hook from 127\.0\.0\.1: signature does not match any of 2 known secrets/,
    );
    expect(listener.stderr()).toMatch(/malformed Signature header \(expected 64 hex characters, got 63 characters\)/);
    expect(lines(listener.stdout())).toHaveLength(3);

    // `verify` agrees with `listen` on both bodies, given the stored secret.
    const secret = hooks['task.completed']!.secret;
    expect(
      (
        await runInProcess(['webhooks', 'verify', '--secret', secret, '--signature', delivery.signature], {
          stdin: delivery.body,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await runInProcess(['webhooks', 'verify', '--secret', secret, '--signature', delivery.signature], {
          stdin: tampered,
        })
      ).code,
    ).toBe(1);

    // Still up: the real body is accepted again.
    expect(await postRaw(listener.url, delivery.body, { Signature: delivery.signature })).toBe(204);
    await listener.waitFor(() => lines(listener.stdout()).length >= 4, 'the replay');
  });

  it('stops on SIGINT with a one-line summary and exit 0', async () => {
    const { code, stderr } = await listener.stop();
    expect(code).toBe(0);
    expect(stderr.trim().split('\n').at(-1)).toBe(
      'received 6, verified 4, rejected 2, duplicates 2, forwarded 0 ok / 0 failed',
    );
  });
});

describe('listen when a payload contradicts its subscription', () => {
  it('shows the event inferred from the payload, and warns once per subscription', async () => {
    const configDir = makeConfigDir();
    const listener = await listen(['-o', 'ndjson'], { configDir });
    const created = await runInProcess(
      ['webhooks', 'create', '--url', listener.url, '--event', 'task.completed', '--company', '1', '-o', 'json'],
      { env: sandboxEnv(sb), configDir },
    );
    expect(created.code, created.stderr).toBe(0);
    const hook = JSON.parse(created.stdout) as { id: number; secret: string };
    // A milestone payload signed with the task.completed subscription's secret, twice, then a task one.
    for (const event of ['milestone.created', 'milestone.updated', 'task.completed']) {
      const sent = await runInProcess(['webhooks', 'trigger', event, '--to', listener.url, '--secret', hook.secret], {
        allowSecrets: true,
      });
      expect(sent.code, sent.stderr).toBe(0);
    }
    await listener.waitFor(() => lines(listener.stdout()).length >= 3, 'three deliveries');
    const { stderr, stdout } = await listener.stop();
    expect(lines(stdout).map((r) => [r.event, r.subscription_id])).toEqual([
      ['milestone.created', hook.id],
      ['milestone.updated', hook.id],
      ['task.completed', hook.id],
    ]);
    const warnings = stderr.split('\n').filter((line) => line.startsWith('warning: subscription'));
    expect(warnings).toEqual([
      `warning: subscription ${hook.id} is for task.completed but delivered a milestone payload: shown as milestone.created, inferred from the payload`,
    ]);
  });
});

describe('listen with trigger', () => {
  const secret = 'trigger-secret';
  const dir = makeConfigDir();
  let listener: Listening;

  beforeAll(async () => {
    listener = await listen(['--secret', secret, '--max-body', '2000', '--events', 'task.completed,task.created']);
    expect(listener.stderr()).toMatch(/verifying with 1 secret \(1 from --secret\)/);
    expect(listener.stderr()).toContain(
      'warning: --secret is visible to other users of this machine in the process list (ps); use --secret-file <path> or PWCTL_WEBHOOK_SECRET instead\n',
    );
  });
  afterAll(() => listener.stop());

  it('accepts a realistic sample and prints one tab-separated line, event inferred from the payload', async () => {
    const result = await trigger('task.completed', listener.url, secret);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^204 No Content in \\d+ ms from ${listener.url.replace(/[.]/g, '\\.')} \\(task\\.completed, \\d+ bytes\\)\\n$`,
      ),
    );
    await listener.waitFor(() => listener.stdout().includes('task.completed'), 'the line');
    // Received today: the time to the second with the zone's offset, no date (as every table shows times).
    expect(listener.stdout()).toMatch(
      /^\d\d:\d\d:\d\d [+-]\d\d:\d\d\ttask\.completed\t101\tDraft the homepage wireframes\t\t\n$/,
    );
  });

  it('escapes control characters from the payload in table lines', async () => {
    const file = join(dir, 'evil.json');
    writeFileSync(
      file,
      JSON.stringify({ id: 5, title: 'red \u001b[31malert\u0007', phase: { id: 1 }, is_approval: false }),
    );
    expect((await trigger('task.created', listener.url, secret, '--file', file)).code).toBe(0);
    await listener.waitFor(() => listener.stdout().includes('alert'), 'the escaped line');
    expect(listener.stdout()).toContain('task.created\t5\tred ^[[31malert^G');
    expect(listener.stdout()).not.toContain('\u001b');
  });

  it('verifies raw bytes that are not even UTF-8, and agrees with `verify` on the signature `trigger` sent', async () => {
    const file = join(dir, 'bytes.bin');
    const body = Buffer.concat([
      Buffer.from('{"id":9,"title":"'),
      Buffer.from([0xff, 0xc3, 0x28]),
      Buffer.from('\u2028 🚀","completed_at":"x","phase":{}}'),
    ]);
    writeFileSync(file, body);
    const sent = await trigger('task.completed', listener.url, secret, '--file', file, '-o', 'json');
    expect(sent.code, sent.stderr).toBe(0);
    const { signature, status, bytes } = JSON.parse(sent.stdout);
    expect(status).toBe(204);
    expect(bytes).toBe(body.length);
    expect(signature).toBe(signBody(secret, body));
    expect(
      (await runInProcess(['webhooks', 'verify', '--secret', secret, '--signature', signature, '--file', file])).code,
    ).toBe(0);
    await listener.waitFor(() => /\ttask\.completed\t9\t/.test(listener.stdout()), 'the raw delivery');
  });

  it('a wrong secret is refused by listen (trigger exits 1) and by verify', async () => {
    const sent = await trigger('task.created', listener.url, 'not-it', '-o', 'json');
    expect(sent.code).toBe(1);
    expect(JSON.parse(sent.stdout).status).toBe(401);
    expect(sent.stderr).toMatch(/error: the receiver answered 401 Unauthorized/);
    await listener.waitFor(() => listener.stderr().includes('rejected 401'), 'the rejection');
  });

  it('answers 413 to a body over --max-body and stays up', async () => {
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify({ id: 1, title: 'x'.repeat(3000) }));
    const sent = await trigger('task.created', listener.url, secret, '--file', file);
    expect(sent.code).toBe(1);
    expect(sent.stdout).toMatch(/^413 /);
    await listener.waitFor(() => listener.stderr().includes('rejected 413'), 'the 413 report');
    expect((await trigger('task.created', listener.url, secret)).code).toBe(0);
  });

  it('--events leaves other event types out of the output', async () => {
    const before = listener.stdout();
    expect((await trigger('milestone.created', listener.url, secret)).code).toBe(0);
    expect((await trigger('task.created', listener.url, secret)).code).toBe(0);
    await listener.waitFor(
      () => listener.stdout().split('\n').length > before.split('\n').length,
      'the task.created line',
    );
    expect(listener.stdout()).not.toContain('milestone');
  });

  it('trigger reports an unreachable receiver as a network failure (exit 7)', async () => {
    const result = await trigger('task.created', 'http://127.0.0.1:1/', secret);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(
      /cannot deliver to http:\/\/127\.0\.0\.1:1\/: cannot connect to 127\.0\.0\.1:1 \(ECONNREFUSED\)/,
    );
  });
});

describe('listen --forward-to', () => {
  interface Captured {
    body: Buffer;
    headers: string[];
    path: string;
  }
  const secret = 'forward-secret';
  const targets: Array<{ server: http.Server; got: Captured[]; url: string }> = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const got: Captured[] = [];
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          got.push({ body: Buffer.concat(chunks), headers: req.rawHeaders, path: req.url ?? '' });
          res.writeHead(i === 0 ? 200 : 202).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      targets.push({ server, got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in` });
    }
  });
  afterAll(async () => {
    for (const t of targets) await new Promise((resolve) => t.server.close(resolve));
  });

  it("relays byte-identical bodies with the delivery's own headers only, per event, and survives a dead target", async () => {
    const [completedOnly, everything] = targets as [(typeof targets)[0], (typeof targets)[0]];
    const listener = await listen([
      '--host',
      '0.0.0.0',
      '--secret',
      secret,
      '--forward-to',
      `task.completed=${completedOnly.url}`,
      '--forward-to',
      everything.url,
      '--forward-to',
      'task.created=http://127.0.0.1:1/dead',
      '-o',
      'json',
    ]);
    expect(listener.stderr()).toMatch(/warning: --host 0\.0\.0\.0 is reachable from other machines/);
    const url = listener.url.replace('0.0.0.0', '127.0.0.1');

    const body = Buffer.from(
      '{\n  "id": 77, "title": "pretty \\u2028 printed",\n  "completed_at": "2025-01-01T00:00:00.000000Z", "phase": {"id": 1}\n}\n',
    );
    const status = await postRaw(url, body, {
      'Content-Type': 'application/json',
      Signature: signBody(secret, body),
      'User-Agent': 'Sender/2.0',
      'X-Delivery-Attempt': '1',
      // Chosen by whoever sent the delivery: none of it may reach the target as if we had said it.
      Authorization: 'Bearer sender-chosen-token',
      Cookie: 'session=sender-chosen',
      'X-Forwarded-For': '203.0.113.9',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(status).toBe(204);
    expect((await trigger('task.created', url, secret)).code).toBe(0);

    await listener.waitFor(
      () =>
        completedOnly.got.length >= 1 &&
        everything.got.length >= 2 &&
        (listener.stderr().match(/forwarded/g) ?? []).length >= 3,
      'the relays',
    );
    expect(completedOnly.got).toHaveLength(1);
    const relayed = completedOnly.got[0]!;
    expect(relayed.body.equals(body)).toBe(true);
    expect(relayed.path).toBe('/in');
    const header = (name: string) =>
      relayed.headers[relayed.headers.findIndex((h) => h.toLowerCase() === name.toLowerCase()) + 1];
    expect(header('Signature')).toBe(signBody(secret, body));
    expect(relayed.headers).toContain('Signature');
    expect(header('Content-Type')).toBe('application/json');
    expect(header('User-Agent')).toBe('Sender/2.0');
    // Exactly the delivery's own headers, plus what the hop needs (Host, Connection, Content-Length).
    const names = relayed.headers
      .filter((_, i) => i % 2 === 0)
      .map((name) => name.toLowerCase())
      .sort();
    expect(names).toEqual(['connection', 'content-length', 'content-type', 'host', 'signature', 'user-agent']);
    expect(header('Content-Length')).toBe(String(body.length));
    expect(everything.got.map((g) => JSON.parse(g.body.toString()).id)).toEqual([77, 101]);

    const { code, stdout, stderr } = await listener.stop();
    expect(code).toBe(0);
    expect(lines(stdout).map((r) => r.event)).toEqual(['task.completed', 'task.created']);
    expect(stderr).toMatch(
      /forwarded task\.created to http:\/\/127\.0\.0\.1:1\/dead: failed: cannot connect to 127\.0\.0\.1:1 \(ECONNREFUSED\)/,
    );
    expect(stderr.trim().split('\n').at(-1)).toBe(
      'received 2, verified 2, rejected 0, duplicates 0, forwarded 3 ok / 1 failed',
    );
  });
});

describe('signing secrets from a file', () => {
  const dir = makeConfigDir();
  const first = 'whsec_from_a_file_first_0123456789';
  const second = 'whsec_from_a_file_second_0123456789';
  const file = join(dir, 'hooks.secrets');
  writeFileSync(file, `\n  ${first}  \n\n\t${second}\r\n\n`, { mode: 0o600 });

  it('listen verifies with every secret of --secret-file, and none of them is in its command line', async () => {
    const listener = await listen(['--secret-file', file, '-o', 'ndjson']);
    expect(listener.stderr()).toMatch(/verifying with 2 secrets \(2 from --secret-file\)/);
    expect(listener.stderr()).not.toMatch(/warning: --secret/);
    // What `ps` shows other users.
    const commandLine = readFileSync(`/proc/${listener.pid}/cmdline`, 'utf8');
    expect(commandLine).toContain('--secret-file');
    expect(commandLine).not.toContain(first);
    expect(commandLine).not.toContain(second);
    for (const [id, secret] of [
      [1, first],
      [2, second],
    ] as const) {
      const body = Buffer.from(
        JSON.stringify({ id, title: 't', completed_at: '2026-01-01T00:00:00.000000Z', phase: { id: 1 } }),
      );
      expect(await postRaw(listener.url, body, { Signature: signBody(secret, body) })).toBe(204);
    }
    await listener.waitFor(() => lines(listener.stdout()).length >= 2, 'two deliveries');
    const { stdout, stderr } = await listener.stop();
    expect(lines(stdout).map((r) => r.payload.id)).toEqual([1, 2]);
    expect(stderr).not.toContain(first);
    expect(stderr).not.toContain(second);
  });

  it('verify and trigger take --secret-file too, without the warning --secret gets', async () => {
    const one = join(dir, 'one.secret');
    writeFileSync(one, `${first}\n`, { mode: 0o600 });
    const listener = await listen(['--secret-file', file, '-o', 'ndjson']);
    const sent = await runInProcess([
      'webhooks',
      'trigger',
      'task.created',
      '--to',
      listener.url,
      '--secret-file',
      one,
      '-o',
      'json',
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stderr).toBe('');
    // 204: signed with the file's secret, which the listener knows.
    expect((JSON.parse(sent.stdout) as { status: number }).status).toBe(204);
    await listener.waitFor(() => lines(listener.stdout()).length >= 1, 'the delivery');
    await listener.stop();

    const body = Buffer.from('{"id":1}');
    // Any of the file's secrets verifies, as with listen.
    const ok = await runInProcess(
      ['webhooks', 'verify', '--secret-file', file, '--signature', signBody(second, body)],
      { stdin: body },
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toBe('✓ signature matches the 8-byte body\n');
    expect(
      (
        await runInProcess(['webhooks', 'verify', '--secret-file', one, '--signature', signBody(second, body)], {
          stdin: body,
        })
      ).code,
    ).toBe(1);

    // --secret still works, and says once that other users can see it.
    const warned = await runInProcess(
      ['webhooks', 'verify', '--secret', second, '--signature', signBody(second, body)],
      { stdin: body },
    );
    expect(warned.code).toBe(0);
    expect(warned.stderr).toBe(
      'warning: --secret is visible to other users of this machine in the process list (ps); use --secret-file <path> or PWCTL_WEBHOOK_SECRET instead\n✓ signature matches the 8-byte body\n',
    );
    const triggered = await trigger('task.created', 'http://127.0.0.1:1/', second);
    expect(triggered.code).toBe(7);
    expect(triggered.stderr.split('\n')[0]).toBe(
      'warning: --secret is visible to other users of this machine in the process list (ps); use --secret-file <path> or PWCTL_WEBHOOK_SECRET instead',
    );
  });

  it.each([
    [
      ['webhooks', 'listen', '--secret-file', 'MISSING'],
      /^error: --secret-file: cannot read ".*missing\.secret": no such file$/,
    ],
    [
      ['webhooks', 'listen', '--secret-file', 'EMPTY'],
      /^error: --secret-file: ".*empty\.secret" holds no secret; expected one secret per line$/,
    ],
    [['webhooks', 'listen', '--secret-file', 'DIR'], /^error: --secret-file: cannot read ".*": is a directory$/],
    [
      ['webhooks', 'verify', '--secret-file', 'EMPTY', '--signature', 'ab'],
      /^error: --secret-file: ".*empty\.secret" holds no secret/,
    ],
    [
      ['webhooks', 'verify', '--secret-file', 'TWO', '--secret', 'abc', '--signature', 'ab'],
      /^error: --secret and --secret-file cannot be used together; choose one$/,
    ],
    [
      ['webhooks', 'trigger', 'task.created', '--to', 'http://127.0.0.1:1/', '--secret', 'abc', '--secret-file', 'TWO'],
      /^error: --secret and --secret-file cannot be used together; choose one$/,
    ],
    [
      ['webhooks', 'trigger', 'task.created', '--to', 'http://127.0.0.1:1/', '--secret-file', 'TWO'],
      /^error: --secret-file: ".*hooks\.secrets" holds 2 secrets; give a file holding the one to sign with$/,
    ],
    [
      ['webhooks', 'trigger', 'task.created', '--to', 'http://127.0.0.1:1/', '--secret-file', 'MISSING'],
      /^error: --secret-file: cannot read/,
    ],
    [
      ['webhooks', 'trigger', '--subscription', '12', '--secret-file', 'TWO'],
      /^error: --secret-file and --subscription cannot be combined/,
    ],
  ])('%j exits 2 with one line naming --secret-file', async (args, message) => {
    const empty = join(dir, 'empty.secret');
    writeFileSync(empty, ' \n\n\t\n');
    const files: Record<string, string> = { MISSING: join(dir, 'missing.secret'), EMPTY: empty, DIR: dir, TWO: file };
    const result = await runInProcess(args.map((a) => files[a] ?? a));
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(message);
  });
});

describe('listen input checks', () => {
  it.each([
    [['--port', '70000'], /--port must be a port number from 0 to 65535/],
    [['--events', 'task.done'], /--events must be one of project\.created, .*; got "task\.done"/],
    [['--forward-to', 'ftp://example.com/'], /--forward-to must be a URL starting with http:\/\/ or https:\/\//],
    [['--max-body', '0'], /--max-body must be a whole number of 1 or more/],
    [['--path', 'hook'], /--path must start with \//],
    [['--secret', ''], /--secret must not be empty/],
    [['--max-connections', '0'], /--max-connections must be a whole number of 1 or more/],
  ])('%j exits 2 with one line', async (args, message) => {
    const result = await runInProcess(['webhooks', 'listen', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('-o yaml --fields prints one YAML document per delivery with the chosen fields', async () => {
    const listener = await listen(['--secret', 'y', '-o', 'yaml', '--fields', 'event,duplicate,payload.id']);
    expect((await trigger('phase.updated', listener.url, 'y')).code).toBe(0);
    await listener.waitFor(() => listener.stdout().includes('id:'), 'the YAML document');
    const { stdout } = await listener.stop();
    expect(stdout).toBe('---\nevent: phase.updated\nduplicate: false\npayload:\n  id: 41\n');
  });

  it('a port in use is reported, not a stack trace', async () => {
    const listener = await listen(['--secret', 'x']);
    const port = new URL(listener.url).port;
    const result = await runInProcess(['webhooks', 'listen', '--port', port, '--secret', 'x']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: port ${port} on 127.0.0.1 is already in use; pick another with --port, or --port 0 for any free one\n`,
    );
    await listener.stop();
  });
});
