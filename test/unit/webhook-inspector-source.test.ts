// What `listen --inspect` keeps and replays: the entries the listener builds (against a real
// receiver on port 0), the bounded memory they are kept in, and replay's POST of the exact
// bytes with the original Signature to the target the delivery was forwarded to.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Network } from '../../src/api/network.js';
import { ConfigStore } from '../../src/config/store.js';
import { putWebhookSecret } from '../../src/config/webhook-secrets.js';
import type { InboxEntry } from '../../src/webhooks/inbox/entry.js';
import { MemorySource, REPLAY_EXCERPT_BYTES } from '../../src/webhooks/inspect/memory-source.js';
import type { ForwardOutcome } from '../../src/webhooks/forward.js';
import { startListener, type Listener } from '../../src/webhooks/listener.js';
import { signBody } from '../../src/webhooks/signature.js';
import { SigningSecrets } from '../../src/webhooks/signing-secrets.js';
import { postStatus as post } from '../helpers/post.js';

const SECRET = 'inspector-source-secret';

interface Received {
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  url: string;
}

/** A receiver under development on port 0: records each POST, answers with `answer`. */
async function startTarget(answer: (received: Received) => { status: number; body: string }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { body: Buffer.concat(chunks), headers: req.headers, url: req.url ?? '' };
      received.push(got);
      const { status, body } = answer(got);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function entry(n: number, fields: Partial<InboxEntry> = {}): InboxEntry {
  const body = Buffer.from(`{"id":${n}}`);
  return {
    id: `e${n}`,
    received_at: new Date().toISOString(),
    verdict: 'verified',
    reason: null,
    event: 'task.created',
    subscription_id: null,
    service: null,
    suggested_subscription_id: null,
    suggested_service: null,
    duplicate: false,
    size: body.length,
    method: 'POST',
    path: '/',
    headers: [],
    body,
    body_parses: true,
    forwarded_to: [],
    ...fields,
  };
}

const network = () => new Network({ env: {} });

describe('the entries a listener hands to what keeps them', () => {
  const entries: InboxEntry[] = [];
  const relays: Array<{ entryId: string | undefined; outcome: ForwardOutcome }> = [];
  const notRelayed: string[] = [];
  let listener: Listener;
  let target: Awaited<ReturnType<typeof startTarget>>;

  beforeAll(async () => {
    target = await startTarget(() => ({ status: 202, body: 'ok' }));
    const secrets = new SigningSecrets([
      { secret: SECRET, source: '--secret' },
      { secret: 'stored-secret-of-12', subscriptionId: 12, event: 'task.completed', source: 'profile default' },
    ]);
    listener = await startListener(
      {
        host: '127.0.0.1',
        port: 0,
        path: '/hook',
        maxBody: 2_000,
        readTimeoutMs: 2_000,
        secrets,
        events: new Set(['task.completed', 'task.created']),
        forwardTo: [{ event: undefined, url: new URL(target.url) }],
        forwardTimeoutMs: 2_000,
        network: network(),
      },
      {
        deliveries() {},
        rejected() {},
        forwarded: (_, outcome, entryId) => relays.push({ entryId, outcome }),
        duplicateNotForwarded: (delivery, targets) =>
          notRelayed.push(`${delivery.event} ${targets.map((t) => t.url.href).join(' ')}`),
        contradicted() {},
        failed: (error) => {
          throw error;
        },
        onEntry: (e) => entries.push(e),
      },
    );
  });
  afterAll(async () => {
    await listener.stop(1_000);
    await target.close();
  });

  const until = async (count: number) => {
    for (let i = 0; i < 200 && entries.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(entries).toHaveLength(count);
  };

  it('a verified delivery: its exact bytes, headers in order, path, event, and the targets it is forwarded to', async () => {
    const body = Buffer.from('{"id":1,"title":"a","completed_at":"2026-01-01T00:00:00Z","phase":{"id":2}}');
    const signature = signBody(SECRET, body);
    expect(
      await post(`${listener.origin}/hook?x=1`, body, {
        'Content-Type': 'application/json',
        Signature: signature,
        'X-Extra': 'one',
      }),
    ).toBe(204);
    await until(1);
    const [e] = entries;
    expect(e).toMatchObject({
      verdict: 'verified',
      reason: null,
      event: 'task.completed',
      subscription_id: null,
      duplicate: false,
      size: body.length,
      method: 'POST',
      path: '/hook?x=1',
      body_parses: true,
      forwarded_to: [target.url],
    });
    expect(e!.body.equals(body)).toBe(true);
    expect(
      e!.headers.filter(([name]) => name !== 'host' && name !== 'connection' && name !== 'content-length'),
    ).toEqual([
      ['content-type', 'application/json'],
      ['signature', signature],
      ['x-extra', 'one'],
    ]);
    expect(new Date(e!.received_at).toISOString()).toBe(e!.received_at);
    // The relay's end names the entry, so what the target answered can be shown beside it.
    for (let i = 0; i < 200 && relays.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(relays).toEqual([{ entryId: e!.id, outcome: expect.objectContaining({ status: 202 }) }]);
  });

  it('a repeat is marked duplicate and not forwarded again; a delivery left out by --events is kept, forwarded nowhere', async () => {
    const body = Buffer.from('{"id":1,"title":"a","completed_at":"2026-01-01T00:00:00Z","phase":{"id":2}}');
    await post(`${listener.origin}/hook`, body, { Signature: signBody(SECRET, body) });
    const milestone = Buffer.from('{"id":9,"milestoneable_type":"project","created_at":"x","updated_at":"y"}');
    await post(`${listener.origin}/hook`, milestone, { Signature: signBody(SECRET, milestone) });
    await until(3);
    expect(entries[1]).toMatchObject({ duplicate: true, forwarded_to: [] });
    expect(notRelayed).toEqual([`task.completed ${target.url}`]);
    expect(entries[2]).toMatchObject({ verdict: 'verified', event: 'milestone.updated', forwarded_to: [] });
  });

  it('refused deliveries, with the reason, the body, and the subscription whose event their shape suggests', async () => {
    const body = Buffer.from('{"id":3,"completed_at":"2026-01-01T00:00:00Z","phase":{"id":2}}');
    expect(await post(`${listener.origin}/hook`, body, { Signature: signBody('unknown', body) })).toBe(401);
    expect(await post(`${listener.origin}/hook`, 'not json', {})).toBe(401);
    expect(await post(`${listener.origin}/hook`, 'x'.repeat(3_000), { Signature: 'ab'.repeat(32) })).toBe(413);
    await until(6);
    // Its shape suggests subscription 12: a guess, kept apart from the subscription id a verified delivery records.
    expect(entries[3]).toMatchObject({
      verdict: 'rejected',
      reason: 'no secret matches',
      event: 'task.completed',
      subscription_id: null,
      service: null,
      suggested_subscription_id: 12,
      body_parses: true,
      forwarded_to: [],
    });
    expect(entries[3]!.body.equals(body)).toBe(true);
    expect(entries[4]).toMatchObject({
      verdict: 'rejected',
      reason: 'no signature',
      event: null,
      subscription_id: null,
      suggested_subscription_id: null,
      body_parses: false,
      size: 8,
    });
    expect(entries[5]).toMatchObject({
      verdict: 'rejected',
      reason: 'body over --max-body',
      size: 3_000,
      body_parses: false,
    });
    expect(entries[5]!.body).toHaveLength(0);
  });

  it('what is not a delivery is not kept (another method, another path)', async () => {
    await post(`${listener.origin}/hook`, '', {}, 'GET');
    await post(`${listener.origin}/elsewhere`, '{}', { Signature: 'ab'.repeat(32) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entries).toHaveLength(6);
  });

  it('gives every entry its own id, in the order they arrived', () => {
    const ids = entries.map((e) => e.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]+$/);
  });
});

describe('MemorySource', () => {
  it('keeps the newest entries, newest first, bounded in count and in body bytes', () => {
    const source = new MemorySource({ network: network(), timeoutMs: 1_000, limits: { entries: 3, bytes: 1_000 } });
    for (let n = 1; n <= 5; n++) source.add(entry(n));
    expect(source.recent(10).map((e) => e.id)).toEqual(['e5', 'e4', 'e3']);
    expect(source.recent(2).map((e) => e.id)).toEqual(['e5', 'e4']);
    expect(source.get('e1')).toBeUndefined();
    expect(source.get('e4')?.id).toBe('e4');
    source.add(entry(6, { body: Buffer.alloc(700) }));
    source.add(entry(7, { body: Buffer.alloc(400) }));
    expect(source.recent(10).map((e) => e.id)).toEqual(['e7']);
  });

  it('keeps a body that is a view of a larger buffer as its own bytes', () => {
    const source = new MemorySource({ network: network(), timeoutMs: 1_000 });
    const big = Buffer.alloc(64 * 1024, 0x61);
    source.add(entry(1, { body: big.subarray(0, 10) }));
    const kept = source.get('e1')!.body;
    expect(kept.toString()).toBe('aaaaaaaaaa');
    expect(kept.buffer.byteLength).toBe(10);
  });

  it('keeps how the relays of a kept entry ended, tells its subscribers, and forgets them with the entry', () => {
    const source = new MemorySource({ network: network(), timeoutMs: 1_000, limits: { entries: 1 } });
    const told: string[] = [];
    source.subscribeForwards((id, result) => told.push(`${id} ${result.status}`));
    source.add(entry(1, { forwarded_to: ['http://a/', 'http://b/'] }));
    const ok = { target: 'http://a/', status: 200, ms: 4, error: null };
    const failed = { target: 'http://b/', status: null, ms: 9, error: 'connection refused' };
    source.forwarded('e1', ok);
    source.forwarded('e1', failed);
    source.forwarded('unknown', ok);
    expect(source.forwards('e1')).toEqual([ok, failed]);
    expect(told).toEqual(['e1 200', 'e1 null']);
    source.add(entry(2));
    expect(source.forwards('e1')).toEqual([]);
  });

  it('hands each new entry to its subscribers until they leave', () => {
    const source = new MemorySource({ network: network(), timeoutMs: 1_000 });
    const seen: string[] = [];
    const leave = source.subscribe((e) => seen.push(e.id));
    source.add(entry(1));
    leave();
    source.add(entry(2));
    expect(seen).toEqual(['e1']);
  });

  it('replays nothing it cannot: an unknown id; without a URL, a rejected delivery or one forwarded nowhere', async () => {
    const source = new MemorySource({ network: network(), timeoutMs: 1_000 });
    source.add(entry(1, { verdict: 'rejected', reason: 'no signature' }));
    source.add(entry(2));
    expect(await source.replay('nope')).toEqual({
      ok: false,
      reason: 'no delivery nope here: only the newest 1000 are kept while listen runs',
    });
    expect(await source.replay('e1', { resign: true })).toEqual({
      ok: false,
      reason:
        'no target: a rejected delivery is not forwarded; give the URL of your receiver in the "to" field beside Replay',
    });
    expect(await source.replay('e2')).toEqual({
      ok: false,
      reason:
        'no target: this delivery was not forwarded (listen has no --forward-to for it); give the URL of your receiver in the "to" field beside Replay',
    });
  });

  it('replays to a URL given, with its own Signature or re-signed with its subscription’s stored secret; a rejected one only with resign_rejected', async () => {
    const target = await startTarget(() => ({ status: 200, body: 'got it' }));
    const forwardTarget = await startTarget(() => ({ status: 200, body: '' }));
    const configDir = mkdtempSync(join(tmpdir(), 'pwctl-inspector-source-'));
    const stored = 'stored-secret-of-subscription-12';
    await new ConfigStore(configDir).updateProfile('default', (profile) =>
      putWebhookSecret(profile, 'sandbox', 12, { secret: stored, event: 'task.completed' }),
    );
    const source = new MemorySource({
      network: network(),
      timeoutMs: 2_000,
      storedSecrets: { configDir, profileName: 'default' },
    });
    const body = Buffer.from('{"id":7,"title":"signed with a secret this listener does not know"}');
    const forged = signBody('another-secret', body);
    const headers: InboxEntry['headers'] = [
      ['content-type', 'application/json'],
      ['signature', forged],
    ];
    // A rejection whose shape suggests subscription 12 of the sandbox; a delivery verified with --secret names none.
    source.add(
      entry(1, {
        verdict: 'rejected',
        reason: 'no secret matches',
        suggested_subscription_id: 12,
        suggested_service: 'sandbox',
        body,
        size: body.length,
        headers,
      }),
    );
    source.add(entry(2, { body, size: body.length, headers, forwarded_to: [forwardTarget.url] }));
    source.add(
      entry(3, {
        verdict: 'rejected',
        reason: 'no secret matches',
        suggested_subscription_id: 13,
        suggested_service: 'sandbox',
        body,
        size: body.length,
        headers,
      }),
    );
    const to = new URL(`${target.url}?typed=1`);
    try {
      // Its bytes came from an unverified sender: re-sign alone is refused, and nothing is sent.
      expect(await source.replay('e1', { to, resign: true })).toEqual({
        ok: false,
        reason:
          'not re-signed: delivery e1 was rejected (no secret matches): the bytes came from an unverified sender, and re-signing them would make them look genuine; re-signing it needs an acknowledgement beyond re-sign ("resign_rejected": true, which the page asks you to confirm)',
      });
      expect(target.received).toEqual([]);
      const resigned = await source.replay('e1', { to, resign: true, resignRejected: true });
      expect(resigned).toMatchObject({
        ok: true,
        attempts: [{ target: to.href, status: 200, resigned: true, body_excerpt: 'got it' }],
      });
      const original = await source.replay('e1', { to, resign: false });
      expect(original).toMatchObject({ ok: true, attempts: [{ target: to.href, status: 200, resigned: false }] });
      // Given a URL, it goes there and not to where it was forwarded.
      expect(await source.replay('e2', { to })).toMatchObject({
        ok: true,
        attempts: [{ target: to.href, resigned: false }],
      });
      expect(forwardTarget.received).toEqual([]);
      expect(target.received.map((r) => [r.url, r.body.equals(body), r.headers.signature])).toEqual([
        ['/hooks?typed=1', true, signBody(stored, body)],
        ['/hooks?typed=1', true, forged],
        ['/hooks?typed=1', true, forged],
      ]);

      // Nothing is sent when there is no secret to re-sign with: `deliveries replay --resign`'s reasons.
      expect(await source.replay('e2', { to, resign: true })).toEqual({
        ok: false,
        reason:
          'cannot re-sign: delivery e2 names no subscription (it was verified with a secret given to listen), so no stored secret can re-sign it; untick re-sign to send its original Signature',
      });
      expect(await source.replay('e3', { to, resignRejected: true })).toEqual({
        ok: false,
        reason:
          'cannot re-sign: no secret is stored for subscription 13 (of sandbox) in profile default any more, so delivery e3 cannot be re-signed; untick re-sign to send its original Signature',
      });
      const unwired = new MemorySource({ network: network(), timeoutMs: 1_000 });
      unwired.add(entry(1, { verdict: 'rejected', suggested_subscription_id: 12, suggested_service: 'sandbox' }));
      expect(await unwired.replay('e1', { to, resign: true, resignRejected: true })).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/^cannot re-sign: this listener reads no stored secrets; untick re-sign/),
      });
      await unwired.close();
      expect(target.received).toHaveLength(3);
    } finally {
      await target.close();
      await forwardTarget.close();
      await source.close();
      rmSync(configDir, { recursive: true, force: true });
    }
  });

  it('replays the exact bytes with the original Signature to each target, and reports each answer', async () => {
    const answer = 'x'.repeat(REPLAY_EXCERPT_BYTES + 10);
    const good = await startTarget(() => ({ status: 200, body: answer }));
    const failing = await startTarget(() => ({ status: 500, body: 'boom' }));
    const closed = await startTarget(() => ({ status: 200, body: '' }));
    await closed.close();
    const source = new MemorySource({ network: network(), timeoutMs: 2_000 });
    const body = Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xe2, 0x80, 0xa8, 0x22, 0x7d]);
    const signature = signBody(SECRET, body);
    source.add(
      entry(1, {
        body,
        size: body.length,
        headers: [
          ['host', 'x'],
          ['content-type', 'application/json; charset=utf-8'],
          ['signature', signature],
          ['user-agent', 'Sender/2'],
          ['authorization', 'Bearer not-relayed'],
          ['signature', 'second-one-ignored'],
        ],
        forwarded_to: [good.url, failing.url, closed.url],
      }),
    );
    try {
      const outcome = await source.replay('e1');
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const [ok, error, refused] = outcome.attempts;
      expect(ok).toMatchObject({
        target: good.url,
        status: 200,
        status_text: 'OK',
        body_excerpt: answer.slice(0, REPLAY_EXCERPT_BYTES),
        body_truncated: true,
        content_type: 'text/plain',
        error: null,
      });
      expect(error).toMatchObject({ target: failing.url, status: 500, body_excerpt: 'boom', body_truncated: false });
      expect(refused).toMatchObject({ target: closed.url, status: null, body_excerpt: null });
      expect(refused!.error).toMatch(/refused/i);
      for (const target of [good, failing]) {
        const [got] = target.received;
        expect(got!.body.equals(body)).toBe(true);
        expect(got!.headers.signature).toBe(signature);
        expect(got!.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(got!.headers['user-agent']).toBe('Sender/2');
        expect(got!.headers.authorization).toBeUndefined();
        expect(got!.url).toBe('/hooks');
      }
    } finally {
      await good.close();
      await failing.close();
      await source.close();
    }
  });
});
