// What the listener hands its observers (ListenerSinks.onEntry: the inspector page subscribes)
// and its inbox: one entry per delivery answered that the inbox keeps, accepted or rejected,
// as it was received — with or without an inbox.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { Network } from '../../src/api/network.js';
import type { InboxEntry } from '../../src/webhooks/inbox/entry.js';
import { readEntries } from '../../src/webhooks/inbox/reader.js';
import { InboxWriter } from '../../src/webhooks/inbox/writer.js';
import { startListener, type Listener, type ListenerSinks } from '../../src/webhooks/listener.js';
import { parseForwardTarget } from '../../src/webhooks/forward.js';
import { signBody } from '../../src/webhooks/signature.js';
import { SigningSecrets } from '../../src/webhooks/signing-secrets.js';
import { postStatus as post } from '../helpers/post.js';

const STORED = 'stored-subscription-secret';
const GIVEN = 'given-secret';

const target = http.createServer((req, res) => (req.resume(), req.on('end', () => res.writeHead(204).end())));
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/relay`;
const listeners: Listener[] = [];
afterAll(async () => {
  for (const l of listeners) await l.stop(1_000);
  target.close();
});

async function start(
  events: string[] | undefined,
  inbox?: InboxWriter,
): Promise<{ listener: Listener; entries: InboxEntry[] }> {
  const entries: InboxEntry[] = [];
  const sinks: ListenerSinks = {
    deliveries() {},
    rejected() {},
    forwarded() {},
    contradicted() {},
    failed: (e) => {
      throw e;
    },
    onEntry: (entry) => entries.push(entry),
  };
  const secrets = new SigningSecrets([{ secret: GIVEN, source: '--secret' }], {
    version: () => '1',
    load: () => [
      { secret: STORED, subscriptionId: 4, service: 'sandbox', event: 'task.completed', source: 'profile default' },
    ],
  });
  const listener = await startListener(
    {
      host: '127.0.0.1',
      port: 0,
      path: '/hook',
      maxBody: 2_000,
      readTimeoutMs: 5_000,
      secrets,
      events: events && new Set(events),
      forwardTo: [parseForwardTarget(targetUrl)],
      forwardTimeoutMs: 5_000,
      network: new Network({ env: {} }),
      inbox,
    },
    sinks,
  );
  listeners.push(listener);
  return { listener, entries };
}

const task = JSON.stringify({
  id: 7,
  title: 'A task',
  completed: true,
  completed_at: '2026-01-01T00:00:00Z',
  phase: { id: 1 },
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('listener entries', () => {
  it('hands every kept delivery to onEntry, without an inbox, in the order answered', async () => {
    const { listener, entries } = await start(undefined);
    const url = `${listener.origin}/hook?from=test`;
    expect(await post(url, task, { 'Content-Type': 'application/json', Signature: signBody(STORED, task) })).toBe(204);
    expect(await post(url, task, { 'Content-Type': 'application/json', Signature: signBody(STORED, task) })).toBe(204);
    expect(await post(url, task, { Signature: signBody('someone else', task) })).toBe(401);
    expect(await post(url, 'plain', {})).toBe(401);
    expect(await post(url, 'x'.repeat(3_000), { Signature: signBody(GIVEN, 'x') })).toBe(413);
    // Not deliveries: a wrong path, a GET.
    expect(await post(`${listener.origin}/elsewhere`, task, { Signature: signBody(STORED, task) })).toBe(404);
    await settle();
    expect(
      entries.map((e) => [
        e.verdict,
        e.reason,
        e.event,
        e.subscription_id,
        e.service,
        e.suggested_subscription_id,
        e.suggested_service,
        e.duplicate,
        e.size,
        e.body_parses,
      ]),
    ).toEqual([
      ['verified', null, 'task.completed', 4, 'sandbox', null, null, false, task.length, true],
      ['verified', null, 'task.completed', 4, 'sandbox', null, null, true, task.length, true],
      // Its shape suggests the one stored subscription for task.completed: a guess, not a fact.
      ['rejected', 'no secret matches', 'task.completed', null, null, 4, 'sandbox', false, task.length, true],
      ['rejected', 'no signature', null, null, null, null, null, false, 5, false],
      ['rejected', 'body over --max-body', null, null, null, null, null, false, 3_000, false],
    ]);
    expect(entries[0]!).toMatchObject({ method: 'POST', path: '/hook?from=test', forwarded_to: [targetUrl] });
    // The repeat is not forwarded again: its first copy was.
    expect(entries[1]!.forwarded_to).toEqual([]);
    expect(entries[0]!.body.toString()).toBe(task);
    expect(entries[0]!.headers).toContainEqual(['signature', signBody(STORED, task)]);
    expect(entries[2]!.forwarded_to).toEqual([]);
    expect(entries[4]!.body.length).toBe(0);
    const ids = entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(5);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps deliveries --events leaves out of the output (answered all the same), not forwarded', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pwctl-listener-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const dir = join(root, 'inbox');
    const inbox = await InboxWriter.open(dir, {
      size: 100,
      bytes: 1024 * 1024,
      onError: (e) => {
        throw e;
      },
    });
    const { listener, entries } = await start(['milestone.created'], inbox);
    expect(await post(`${listener.origin}/hook`, task, { Signature: signBody(GIVEN, task) })).toBe(204);
    await settle();
    await listener.stop(1_000);
    await inbox.close();
    expect(entries.map((e) => [e.verdict, e.event, e.subscription_id, e.forwarded_to])).toEqual([
      ['verified', 'task.completed', null, []],
    ]);
    expect(readEntries(dir).map((e) => e.id)).toEqual([entries[0]!.id]);
    expect(listener.summary.filtered).toBe(1);
  });
});
