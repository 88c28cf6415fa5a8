// The delivery inbox as a user meets it (issue 25): `webhooks listen` keeping what it answers
// — from the sandbox, from `webhooks trigger`, from hostile senders — and `webhooks
// deliveries list | show | replay` reading it back byte for byte; a restart, a SIGKILL and two
// listeners at once; the bound; --no-inbox; and the mistakes refused before anything happens.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { readEntries } from '../../src/webhooks/inbox/reader.js';
import { signBody } from '../../src/webhooks/signature.js';
import { makeConfigDir, runCli, startCli, type CliResult, type RunningCli } from '../helpers/cli.js';
import { hasPty, runInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';
import { baseEnv } from '../helpers/cli.js';
import { postStatus as post } from '../helpers/post.js';

interface Listener extends RunningCli {
  /** Origin plus path, from the ready line. */
  url: string;
  stop(): Promise<CliResult>;
}

const running = new Set<RunningCli>();
afterAll(() => {
  for (const r of running) r.child.kill('SIGKILL');
});

async function listen(args: string[], configDir: string): Promise<Listener> {
  const cli = startCli(['webhooks', 'listen', '--port', '0', ...args], { configDir, timeoutMs: 120_000 });
  running.add(cli);
  void cli.result.finally(() => running.delete(cli)).catch(() => {});
  await cli.waitFor('stderr', /listening on \S+/);
  const url = /listening on (\S+)/.exec(cli.output('stderr'))![1]!;
  return {
    ...cli,
    url,
    stop() {
      cli.child.kill('SIGINT');
      return cli.result;
    },
  };
}

const signed = (url: string, body: string, secret: string) =>
  post(url, body, { 'Content-Type': 'application/json', Signature: signBody(secret, body) });
const taskBody = (n: number) =>
  JSON.stringify({
    id: n,
    title: `task ${n}`,
    completed: true,
    completed_at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000000Z`,
    phase: { id: 1 },
  });

interface Row {
  id: string;
  received_at: string;
  event: string | null;
  subscription_id: number | null;
  suggested_subscription_id: number | null;
  verdict: string;
  reason: string | null;
  duplicate: boolean;
  size: number;
}

async function list(configDir: string, args: string[] = []): Promise<Row[]> {
  const result = await runCli(['webhooks', 'deliveries', 'list', '--all', '-o', 'json', ...args], { configDir });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Row[];
}

async function show(configDir: string, id: string): Promise<Record<string, any>> {
  const result = await runCli(['webhooks', 'deliveries', 'show', id, '-o', 'json'], { configDir });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, any>;
}

/** The inbox as the listener keeps writing it: wait until it holds `count` deliveries. */
async function keptAtLeast(configDir: string, count: number): Promise<Row[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await list(configDir);
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Exit 2 with one `error:` line matching `pattern`. */
function expectUsageError(result: CliResult, pattern: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
}

/** Exit 3 (not found) with one `error:` line matching `pattern`. */
function expectNotFound(result: CliResult, pattern: RegExp): void {
  expect(result.code, result.stderr).toBe(3);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

const inboxOf = (configDir: string) => join(configDir, 'data', 'inbox', 'default');

let sb: RunningSandbox;
let stub: StubServer;
beforeAll(async () => {
  sb = await startTestSandbox();
  stub = await startStubServer();
  stub.on('POST /replayed', { status: 204 });
  stub.on('POST /forwarded', { status: 202 });
  stub.on('POST /broken', { status: 500 });
});
afterAll(async () => {
  await sb.close();
  await stub.close();
});

describe("a listener keeping the sandbox's deliveries", () => {
  const configDir = makeConfigDir();
  let listener: Listener;
  const hooks: Record<string, { id: number; secret: string }> = {};
  let rows: Row[];
  const tampered = () =>
    sb.deliveries.find((d) => d.event === 'task.completed')!.body.replace('"completed":true', '"completed":false');

  beforeAll(async () => {
    listener = await listen(['--path', '/hook', '--max-body', '4000', '-o', 'ndjson'], configDir);
    for (const event of ['task.completed', 'milestone.updated']) {
      const created = await runCli(
        ['webhooks', 'create', '--url', listener.url, '--event', event, '--company', '1', '-o', 'json'],
        { env: sandboxEnv(sb), configDir },
      );
      expect(created.code, created.stderr).toBe(0);
      hooks[event] = JSON.parse(created.stdout);
    }
    // Accepted, then the same delivery again (a duplicate).
    expect((await runCli(['steps', 'complete', '103'], { env: sandboxEnv(sb), configDir })).code).toBe(0);
    await sb.flushDeliveries();
    const delivered = sb.deliveries.find((d) => d.event === 'task.completed')!;
    await sb.redeliver(delivered.id);
    // Tampered with, without a signature, with a malformed one.
    expect(
      await post(listener.url, tampered(), { 'Content-Type': 'application/json', Signature: delivered.signature }),
    ).toBe(401);
    expect(await post(listener.url, 'hello, no signature', { 'Content-Type': 'text/plain' })).toBe(401);
    expect(await post(listener.url, delivered.body, { Signature: 'abc' })).toBe(401);
    // Over --max-body: a milestone whose description is too long for it.
    const milestones = JSON.parse(
      (await runCli(['milestones', 'list', '-o', 'json'], { env: sandboxEnv(sb), configDir })).stdout,
    ) as Array<{ id: number }>;
    expect(
      (
        await runCli(['milestones', 'update', String(milestones[0]!.id), '--description', 'x'.repeat(5000)], {
          env: sandboxEnv(sb),
          configDir,
        })
      ).code,
    ).toBe(0);
    await sb.flushDeliveries();
    expect(sb.deliveries.map((d) => d.status)).toEqual([204, 204, 413]);
    rows = await keptAtLeast(configDir, 6);
  });

  it("lists every answered delivery, newest first, in the contract's shape", () => {
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'received_at',
      'event',
      'subscription_id',
      'verdict',
      'reason',
      'duplicate',
      'size',
      'suggested_subscription_id',
    ]);
    const task = hooks['task.completed']!.id;
    const milestone = hooks['milestone.updated']!.id;
    const body = sb.deliveries[0]!.body;
    expect(
      rows.map((r) => [
        r.verdict,
        r.reason,
        r.event,
        r.subscription_id,
        r.suggested_subscription_id,
        r.duplicate,
        r.size,
      ]),
    ).toEqual([
      ['rejected', 'body over --max-body', null, null, null, false, Buffer.byteLength(sb.deliveries[2]!.body)],
      ['rejected', 'malformed signature', 'task.completed', null, task, false, Buffer.byteLength(body)],
      ['rejected', 'no signature', null, null, null, false, 19],
      // Its shape suggests the subscription of its event: what a developer debugging a 401 asks (a guess, not a fact).
      ['rejected', 'no secret matches', 'task.completed', null, task, false, Buffer.byteLength(tampered())],
      ['verified', null, 'task.completed', task, null, true, Buffer.byteLength(body)],
      ['verified', null, 'task.completed', task, null, false, Buffer.byteLength(body)],
    ]);
    expect(milestone).toBeGreaterThan(0);
    expect(
      [...rows]
        .map((r) => r.id)
        .sort()
        .reverse(),
    ).toEqual(rows.map((r) => r.id));
    expect(new Set(rows.map((r) => r.id)).size).toBe(6);
    for (const r of rows) expect(new Date(r.received_at).toISOString()).toBe(r.received_at);
  });

  it('show -o json gives the exact bytes received, the headers and the parsed payload', async () => {
    const delivered = sb.deliveries[0]!;
    const accepted = await show(configDir, rows[5]!.id);
    expect(accepted.body).toBe(delivered.body);
    expect(accepted.body_encoding).toBe('utf-8');
    expect(accepted.payload).toEqual(JSON.parse(delivered.body));
    expect(accepted).toMatchObject({
      method: 'POST',
      path: '/hook',
      verdict: 'verified',
      forwarded_to: [],
      body_parses: true,
    });
    const header = (record: Record<string, any>, name: string) =>
      (record.headers as Array<{ name: string; value: string }>).find((h) => h.name === name)?.value;
    expect(header(accepted, 'signature')).toBe(delivered.signature);
    expect(header(accepted, 'user-agent')).toBe('pwctl-sandbox-webhooks/1');
    const unsigned = await show(configDir, rows[2]!.id);
    expect(unsigned).toMatchObject({
      body: 'hello, no signature',
      body_parses: false,
      payload: null,
      reason: 'no signature',
    });
    expect(header(unsigned, 'signature')).toBeUndefined();
    const oversize = await show(configDir, rows[0]!.id);
    expect(oversize).toMatchObject({
      body: '',
      size: Buffer.byteLength(sb.deliveries[2]!.body),
      reason: 'body over --max-body',
    });
  });

  it('show for people: the result, then the headers, then the payload formatted', async () => {
    const result = await runCli(['webhooks', 'deliveries', 'show', rows[1]!.id], { configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^id:\t[0-9a-z]{11}\n/);
    expect(result.stdout).toContain('result:\trejected: malformed signature\n');
    expect(result.stdout).toContain("event:\ttask.completed (by the payload's shape)\n");
    expect(result.stdout).toMatch(
      /\nHeaders:\n {2}signature: abc\n(.|\n)* {2}\(malformed Signature header \(expected 64 hex characters, got 3 characters\)\)\n/,
    );
    expect(result.stdout).toContain('\nPayload:\n{\n  "id": 103,\n');
  });

  it('the list reads in a table, each row on one line of 80 columns', async () => {
    if (!hasPty) return;
    const { output } = await runInPty(['webhooks', 'deliveries', 'list', '--no-pager'], {
      cols: 80,
      env: baseEnv(configDir),
    });
    const lines = visibleText(output).replace(/\r/g, '').trim().split('\n');
    expect(lines[0]).toMatch(/^ID +TIME +EVENT +RESULT +SUB +BYTES$/);
    expect(lines).toHaveLength(7);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[1]).toMatch(/^[0-9a-z]{11} +\d\d:\d\d:\d\d [+-]\d\d:\d\d + body over --max-body +\d+$/);
    expect(lines[2]).toMatch(
      /^[0-9a-z]{11} +\d\d:\d\d:\d\d [+-]\d\d:\d\d +task\.completed +malformed signature +\d+\? +\d+$/,
    );
    expect(lines[5]).toMatch(/ task\.completed +verified, duplicate +\d+ +\d+$/);
  });

  it('filters by event, verdict, time and count', async () => {
    expect((await list(configDir, ['--verified'])).map((r) => r.id)).toEqual([rows[4]!.id, rows[5]!.id]);
    expect((await list(configDir, ['--rejected', '--event', 'task.completed'])).map((r) => r.id)).toEqual([
      rows[1]!.id,
      rows[3]!.id,
    ]);
    const result = await runCli(['webhooks', 'deliveries', 'list', '--limit', '2', '-o', 'json'], { configDir });
    expect((JSON.parse(result.stdout) as Row[]).map((r) => r.id)).toEqual([rows[0]!.id, rows[1]!.id]);
    expect(await list(configDir, ['--since', '1h'])).toHaveLength(6);
    expect(await list(configDir, ['--since', 'tomorrow'])).toEqual([]);
    const since = new Date(Date.parse(rows[3]!.received_at));
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${since.getFullYear()}-${pad(since.getMonth() + 1)}-${pad(since.getDate())}T${pad(since.getHours())}:${pad(since.getMinutes())}:${pad(since.getSeconds())}`;
    expect((await list(configDir, ['--since', local])).length).toBeGreaterThanOrEqual(4);
  });

  it('completion offers the ids a list showed', async () => {
    const result = await runCli(['__complete', 'zsh', '--', 'webhooks', 'deliveries', 'show', ''], { configDir });
    const offered = result.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[0]);
    expect(offered.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(result.stdout).toMatch(/\t\d\d:\d\d:\d\d [+-]\d\d:\d\d task\.completed verified\n/);
    // Remembered for the profile, not for a service: the inbox is this machine's.
    expect(existsSync(join(configDir, 'cache', 'default', 'local', 'deliveries.tsv'))).toBe(true);
  });

  it('replay sends the exact bytes with the original Signature, and a valid new one with --resign-rejected', async () => {
    const before = stub.requests.length;
    const delivered = sb.deliveries[0]!;
    const result = await runCli(
      ['webhooks', 'deliveries', 'replay', rows[5]!.id, rows[3]!.id, '--to', `${stub.url}/replayed`, '-o', 'json'],
      { configDir },
    );
    expect(result.code, result.stderr).toBe(0);
    const results = JSON.parse(result.stdout) as Array<{ id: string; ok: boolean; data: Record<string, unknown> }>;
    expect(results.map((r) => [r.id, r.ok, r.data.status, r.data.resigned])).toEqual([
      [rows[5]!.id, true, 204, false],
      [rows[3]!.id, true, 204, false],
    ]);
    const [first, second] = stub.requests.slice(before);
    expect(first!.bytes.equals(Buffer.from(delivered.body))).toBe(true);
    expect(first!.headers.signature).toBe(delivered.signature);
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.headers['user-agent']).toBe('pwctl-sandbox-webhooks/1');
    // The tampered body, with the signature it came with (which does not match it).
    expect(second!.body).toBe(tampered());
    expect(second!.headers.signature).toBe(delivered.signature);

    const resigned = await runCli(
      ['webhooks', 'deliveries', 'replay', rows[3]!.id, '--to', `${stub.url}/replayed`, '--resign-rejected'],
      { configDir },
    );
    expect(resigned.code, resigned.stderr).toBe(0);
    expect(resigned.stdout).toMatch(
      new RegExp(`^${rows[3]!.id}\\tok\\t204 No Content from ${stub.url}/replayed in \\d+ ms, re-signed\\n$`),
    );
    const third = stub.requests.at(-1)!;
    expect(third.body).toBe(tampered());
    expect(third.headers.signature).toBe(signBody(hooks['task.completed']!.secret, tampered()));
  });

  it('replay: a receiver that does not answer 2xx fails the item (exit 1 alone, 8 in a batch)', async () => {
    const one = await runCli(['webhooks', 'deliveries', 'replay', rows[5]!.id, '--to', `${stub.url}/broken`], {
      configDir,
    });
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(
      new RegExp(
        `^error: ${stub.url}/broken answered 500 Internal Server Error; a delivery counts only with a 2xx answer\\n$`,
      ),
    );
    const two = await runCli(
      ['webhooks', 'deliveries', 'replay', rows[5]!.id, rows[4]!.id, '--to', `${stub.url}/broken`, '-o', 'json'],
      { configDir },
    );
    expect(two.code).toBe(8);
    expect((JSON.parse(two.stdout) as Array<{ ok: boolean; status: number }>).map((r) => [r.ok, r.status])).toEqual([
      [false, 500],
      [false, 500],
    ]);
  });

  it('replay refuses, before sending anything: an unknown id, no target, re-signing without a stored secret', async () => {
    const before = stub.requests.length;
    expectNotFound(
      await runCli(['webhooks', 'deliveries', 'replay', rows[5]!.id, '0000000000z', '--to', `${stub.url}/replayed`], {
        configDir,
      }),
      /delivery 0000000000z not found in the inbox of profile default/,
    );
    expectUsageError(
      await runCli(['webhooks', 'deliveries', 'replay', rows[5]!.id], { configDir }),
      new RegExp(`delivery ${rows[5]!.id} was not forwarded anywhere .*: give --to <url>`),
    );
    expectUsageError(
      await runCli(
        [
          'webhooks',
          'deliveries',
          'replay',
          rows[5]!.id,
          rows[2]!.id,
          '--resign-rejected',
          '--to',
          `${stub.url}/replayed`,
        ],
        { configDir },
      ),
      new RegExp(`--resign-rejected: delivery ${rows[2]!.id} names no subscription`),
    );
    expectUsageError(
      await runCli(['webhooks', 'deliveries', 'replay', 'not-an-id'], { configDir }),
      /<id> must be a delivery id as `pwctl webhooks deliveries list` shows it \(11 letters and digits\), or its first 4 or more, got "not-an-id"/,
    );
    expect(stub.requests.length).toBe(before);
  });

  it('--dry-run shows what would be sent and sends nothing', async () => {
    const before = stub.requests.length;
    const result = await runCli(
      ['webhooks', 'deliveries', 'replay', rows[5]!.id, '--to', `${stub.url}/replayed`, '--dry-run', '-o', 'json'],
      { configDir },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      dry_run: true,
      id: rows[5]!.id,
      url: `${stub.url}/replayed`,
      body: sb.deliveries[0]!.body,
    });
    expect(stub.requests.length).toBe(before);
  });

  it('the listener printed as it always does', async () => {
    const { code, stdout, stderr } = await listener.stop();
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).duplicate),
    ).toEqual([false, true]);
    expect(stderr).toContain(
      `keeping deliveries in ${inboxOf(configDir)} (the newest 10,000, at most 512M): \`pwctl webhooks deliveries list\`\n`,
    );
    expect(stderr.trim().split('\n').at(-1)).toBe(
      'received 6, verified 2, rejected 4, duplicates 1, forwarded 0 ok / 0 failed',
    );
  });
});

describe('deliveries from `webhooks trigger` and receivers that send anything', () => {
  const configDir = makeConfigDir();
  const secret = 'trigger-inbox-secret';
  let listener: Listener;
  beforeAll(async () => {
    listener = await listen(['--secret', secret, '--forward-to', `${stub.url}/forwarded`], configDir);
  });
  afterAll(() => listener.stop());

  it('keeps a triggered delivery, and bytes that are not UTF-8 as base64', async () => {
    expect(
      (await runCli(['webhooks', 'trigger', 'milestone.created', '--to', listener.url, '--secret', secret])).code,
    ).toBe(0);
    const bytes = Buffer.concat([
      Buffer.from('{"id":9,"title":"'),
      Buffer.from([0xff, 0xc3, 0x28, 0x00]),
      Buffer.from('"}'),
    ]);
    const file = join(configDir, 'bytes.bin');
    writeFileSync(file, bytes);
    expect(
      (await runCli(['webhooks', 'trigger', 'task.created', '--to', listener.url, '--secret', secret, '--file', file]))
        .code,
    ).toBe(0);
    const rows = await keptAtLeast(configDir, 2);
    // Verified with --secret, which knows no event: the payload's shape says it (this one's says nothing).
    expect(rows.map((r) => [r.event, r.verdict, r.subscription_id])).toEqual([
      [null, 'verified', null],
      ['milestone.created', 'verified', null],
    ]);
    const raw = await show(configDir, rows[0]!.id);
    expect(raw.body_encoding).toBe('base64');
    expect(Buffer.from(raw.body as string, 'base64').equals(bytes)).toBe(true);
    const triggered = await show(configDir, rows[1]!.id);
    expect(
      (triggered.headers as Array<{ name: string; value: string }>).find((h) => h.name === 'user-agent')?.value,
    ).toMatch(/^pwctl\/\S+ webhooks trigger$/);
    expect(triggered.forwarded_to).toEqual([`${stub.url}/forwarded`]);
    const people = await runCli(['webhooks', 'deliveries', 'show', rows[0]!.id], { configDir });
    expect(people.stdout).toContain(
      `Payload: ${bytes.length} bytes that are not UTF-8 text; -o json gives them in base64\n`,
    );
  });

  it('replay without --to goes to the --forward-to target it was relayed to', async () => {
    const rows = await list(configDir);
    const relayed = () => stub.requests.filter((r) => r.url === '/forwarded');
    const deadline = Date.now() + 10_000;
    while (relayed().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(relayed()).toHaveLength(2);
    const result = await runCli(['webhooks', 'deliveries', 'replay', rows[1]!.id], { configDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^${rows[1]!.id}\\tok\\t202 Accepted from ${stub.url}/forwarded in \\d+ ms\\n$`),
    );
    expect(relayed()).toHaveLength(3);
    const again = relayed().at(-1)!;
    const original = await show(configDir, rows[1]!.id);
    expect(again.body).toBe(original.body);
    expect(again.headers.signature).toBe(signBody(secret, original.body as string));
  });
});

describe('the inbox survives', () => {
  const secret = 'survive-inbox-secret';

  it('a restart, and a SIGKILL mid-stream loses at most the delivery in flight', async () => {
    const configDir = makeConfigDir();
    const first = await listen(['--secret', secret, '-q'], configDir);
    const answered: number[] = [];
    for (let n = 1; n <= 20; n++) {
      expect(await signed(first.url, taskBody(n), secret)).toBe(204);
      answered.push(n);
    }
    // A stream of deliveries, one after another, until the listener is killed under it.
    const stream = (async () => {
      for (let n = 21; ; n++) {
        try {
          if ((await signed(first.url, taskBody(n), secret)) !== 204) return;
        } catch {
          return;
        }
        answered.push(n);
        if (n === 60) first.child.kill('SIGKILL');
      }
    })();
    await stream;
    expect((await first.result).signal).toBe('SIGKILL');

    const second = await listen(['--secret', secret, '-q'], configDir);
    for (let n = 1001; n <= 1005; n++) expect(await signed(second.url, taskBody(n), secret)).toBe(204);
    await second.stop();

    const kept = readEntries(inboxOf(configDir)).map((e) => (JSON.parse(e.body.toString()) as { id: number }).id);
    expect(new Set(kept).size).toBe(kept.length);
    const lost = answered.filter((n) => !kept.includes(n));
    expect(lost.length).toBeLessThanOrEqual(1);
    if (lost.length === 1) expect(lost[0]).toBe(answered.at(-1));
    expect(kept.slice(0, 5)).toEqual([1005, 1004, 1003, 1002, 1001]);
    expect((await list(configDir)).length).toBe(kept.length);
  });

  it('two listeners of one profile at once: nothing lost, no id twice', async () => {
    const configDir = makeConfigDir();
    const [a, b] = await Promise.all([
      listen(['--secret', secret, '-q', '--inbox-size', '500'], configDir),
      listen(['--secret', secret, '-q', '--inbox-size', '500'], configDir),
    ]);
    const send = async (url: string, from: number) => {
      const senders = Array.from({ length: 4 }, async (_, k) => {
        for (let n = from + k; n < from + 200; n += 4) expect(await signed(url, taskBody(n), secret)).toBe(204);
      });
      await Promise.all(senders);
    };
    await Promise.all([send(a.url, 0), send(b.url, 10_000)]);
    await Promise.all([a.stop(), b.stop()]);
    const rows = await list(configDir);
    expect(rows).toHaveLength(400);
    expect(new Set(rows.map((r) => r.id)).size).toBe(400);
    const kept = readEntries(inboxOf(configDir)).map((e) => (JSON.parse(e.body.toString()) as { id: number }).id);
    expect(kept.sort((x, y) => x - y)).toEqual([
      ...Array.from({ length: 200 }, (_, n) => n),
      ...Array.from({ length: 200 }, (_, n) => 10_000 + n),
    ]);
  });
});

describe('the bound and --no-inbox', () => {
  const secret = 'bound-inbox-secret';

  it('--inbox-size keeps the newest n, the oldest dropped', async () => {
    const configDir = makeConfigDir();
    const listener = await listen(['--secret', secret, '--inbox-size', '5'], configDir);
    expect(listener.output('stderr')).toContain('(the newest 5, at most 512M)');
    for (let n = 1; n <= 12; n++) expect(await signed(listener.url, taskBody(n), secret)).toBe(204);
    await listener.stop();
    const rows = await list(configDir);
    expect(rows).toHaveLength(5);
    expect((await show(configDir, rows[0]!.id)).payload.id).toBe(12);
    expect((await show(configDir, rows[4]!.id)).payload.id).toBe(8);
    expectNotFound(
      await runCli(['webhooks', 'deliveries', 'show', (await keptIds(configDir)).oldest], { configDir }),
      /not found in the inbox/,
    );
  });

  it('--inbox-bytes bounds a flood of large forged bodies: the oldest dropped, the newest kept', async () => {
    const configDir = makeConfigDir();
    const listener = await listen(['--secret', secret, '--inbox-bytes', '1M'], configDir);
    expect(listener.output('stderr')).toContain('(the newest 10,000, at most 1M)');
    // 40 unsigned 100 kB bodies (rejected, and kept as rejected): 4 MB sent, about 5.3 MB as records.
    const forged = Buffer.alloc(100_000, 0x7a);
    for (let n = 0; n < 40; n++) expect(await post(listener.url, forged, {})).toBe(401);
    expect(await signed(listener.url, taskBody(41), secret)).toBe(204);
    await listener.stop();
    const rows = await list(configDir, ['--all']);
    expect(rows.length).toBeLessThan(15);
    expect(rows[0]).toMatchObject({ verdict: 'verified', size: taskBody(41).length });
    expect(rows.slice(1).every((r) => r.verdict === 'rejected' && r.size === 100_000)).toBe(true);
    const dir = inboxOf(configDir);
    const onDisk = readdirSync(dir)
      .filter((f) => f.endsWith('.ndjson'))
      .reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    expect(onDisk).toBeLessThanOrEqual(1024 * 1024 + 140_000);
  });

  it('--no-inbox keeps nothing', async () => {
    const configDir = makeConfigDir();
    const listener = await listen(['--secret', secret, '--no-inbox'], configDir);
    expect(listener.output('stderr')).not.toContain('keeping deliveries');
    expect(await signed(listener.url, taskBody(1), secret)).toBe(204);
    expect(await post(listener.url, 'x', {})).toBe(401);
    const { code, stderr } = await listener.stop();
    expect(code).toBe(0);
    expect(stderr.trim().split('\n').at(-1)).toBe(
      'received 2, verified 1, rejected 1, duplicates 0, forwarded 0 ok / 0 failed',
    );
    expect(existsSync(join(configDir, 'data'))).toBe(false);
    const result = await runCli(['webhooks', 'deliveries', 'list'], { configDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('the inbox is empty: `pwctl webhooks listen` keeps every delivery it answers\n');
  });

  it('PWCTL_DATA_DIR says where the inbox is', async () => {
    const configDir = makeConfigDir();
    const dataDir = join(makeConfigDir(), 'elsewhere');
    const cli = startCli(['webhooks', 'listen', '--port', '0', '--secret', secret], {
      configDir,
      env: { PWCTL_DATA_DIR: dataDir },
    });
    await cli.waitFor('stderr', /listening on (\S+)/);
    expect(await signed(/listening on (\S+)/.exec(cli.output('stderr'))![1]!, taskBody(1), secret)).toBe(204);
    cli.child.kill('SIGINT');
    await cli.result;
    expect(readEntries(join(dataDir, 'inbox', 'default'))).toHaveLength(1);
    expect(await list(configDir)).toEqual([]);
    const there = await runCli(['webhooks', 'deliveries', 'list', '-o', 'json'], {
      configDir,
      env: { PWCTL_DATA_DIR: dataDir },
    });
    expect(JSON.parse(there.stdout)).toHaveLength(1);
  });
});

/** The ids of a bound inbox's segments, including one past the bound (its segment may still be there). */
async function keptIds(configDir: string): Promise<{ oldest: string }> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const dir = inboxOf(configDir);
  const ids = readdirSync(dir)
    .filter((name) => name.startsWith('seg-'))
    .flatMap((name) =>
      [...readFileSync(join(dir, name), 'utf8').matchAll(/^\{"id":"([0-9a-z]{11})"/gm)].map((m) => m[1]!),
    );
  return { oldest: ids.sort()[0]! };
}

describe('mistakes exit 2 with one line, before anything', () => {
  const configDir = makeConfigDir();
  it.each([
    [
      ['webhooks', 'deliveries', 'list', '--since', 'last tuesday'],
      /--since must be a time: how long ago \(30m, 2h, 3d\), YYYY-MM-DD, today, yesterday, -3d, HH:MM, or YYYY-MM-DDTHH:MM\[:SS\]; got "last tuesday"/,
    ],
    [
      ['webhooks', 'deliveries', 'list', '--since', '25:00'],
      /--since must be a time of day from 00:00 to 23:59:59, got "25:00"/,
    ],
    [['webhooks', 'deliveries', 'list', '--since', '2026-02-30T10:00'], /--since must be a real calendar date/],
    [
      ['webhooks', 'deliveries', 'list', '--verified', '--rejected'],
      /--verified and --rejected cannot be used together/,
    ],
    [['webhooks', 'deliveries', 'list', '--limit', '0'], /--limit must be a whole number of 1 or more/],
    [['webhooks', 'deliveries', 'list', '--limit', '5', '--all'], /--limit and --all cannot be used together/],
    [['webhooks', 'deliveries', 'list', '--event', 'task.done'], /--event must be one of /],
    [['webhooks', 'deliveries', 'show', '12'], /<id> must be a delivery id/],
    [['webhooks', 'deliveries', 'show', '--no-input'], /missing <id>|<id>/],
    [['webhooks', 'listen', '--no-inbox', '--inbox-size', '5'], /--no-inbox and --inbox-size cannot be used together/],
    [['webhooks', 'listen', '--inbox-size', '0'], /--inbox-size must be a whole number from 1 to 1000000, got "0"/],
    [['webhooks', 'listen', '--inbox-size', '2000000'], /--inbox-size must be .*1000000/],
    [
      ['webhooks', 'listen', '--inbox-bytes', '100K'],
      /--inbox-bytes must be a size of at least 1M: bytes, or with K, M or G \(1024-based: 512M, 2G\), got "100K"/,
    ],
    [['webhooks', 'listen', '--inbox-bytes', 'lots'], /--inbox-bytes must be a size of at least 1M/],
    [
      ['webhooks', 'listen', '--no-inbox', '--inbox-bytes', '2G'],
      /--no-inbox and --inbox-bytes cannot be used together/,
    ],
  ])('%j', async (args, pattern) => {
    expectUsageError(await runCli(args, { configDir }), pattern);
  });
});
