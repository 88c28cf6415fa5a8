// The receiver in-process on port 0: what it answers, what it hands over, and that bad or
// slow senders never take it down.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigningSecrets } from '../../src/webhooks/signing-secrets.js';
import { startReceiver, type AcceptedDelivery, type Receiver } from '../../src/webhooks/receiver.js';
import type { RejectedRequest } from '../../src/webhooks/rejections.js';
import { signBody } from '../../src/webhooks/signature.js';

const SECRET = 'unit-secret';
const accepted: AcceptedDelivery[] = [];
const rejected: RejectedRequest[] = [];
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    port: 0,
    path: '/hook',
    maxBody: 1_000,
    readTimeoutMs: 400,
    secrets: new SigningSecrets([{ secret: SECRET, subscriptionId: 7, event: 'task.created', source: '--secret' }]),
    onAccepted: (batch) => accepted.push(...batch),
    onRejected: (r) => rejected.push(r),
  });
});

afterAll(() => receiver.close(1_000));

function post(
  body: Buffer,
  headers: http.OutgoingHttpHeaders,
  path = '/hook',
  agent?: http.Agent,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: receiver.port, path, method: 'POST', headers, agent: agent ?? false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('receiver', () => {
  it('answers 204 to a correctly signed delivery and hands over the exact bytes and headers', async () => {
    const body = Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xe2, 0x80, 0xa8, 0x22, 0x7d]);
    const before = accepted.length;
    const res = await post(body, {
      'Content-Type': 'application/json',
      Signature: signBody(SECRET, body),
      'X-Custom': 'kept',
    });
    expect(res.status).toBe(204);
    await nextTick();
    const got = accepted[before]!;
    expect(got.body.equals(body)).toBe(true);
    expect(got.secret.subscriptionId).toBe(7);
    expect(got.rawHeaders).toContain('X-Custom');
  });

  it('answers 401 to a wrong, missing or malformed signature, and says why', async () => {
    const body = Buffer.from('{"id":1}');
    expect((await post(body, { Signature: signBody('other', body) })).status).toBe(401);
    expect((await post(body, {})).status).toBe(401);
    const malformed = await post(body, { Signature: 'é'.repeat(32) });
    expect(malformed.status).toBe(401);
    expect(malformed.text).toMatch(/malformed Signature header/);
    expect(rejected.slice(-3).map((r) => r.status)).toEqual([401, 401, 401]);
    expect(rejected.at(-2)!.reason).toBe('no Signature header');
    // Structured for the inbox: why, and what was received.
    expect(rejected.slice(-3).map((r) => r.kind)).toEqual(['no-match', 'no-signature', 'malformed-signature']);
    expect(rejected.at(-1)!.body?.equals(body)).toBe(true);
    expect(rejected.at(-1)!.rawHeaders).toContain('Signature');
  });

  it('keeps serving a keep-alive connection after a rejection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.from('{"id":2}');
    expect((await post(body, { Signature: '0'.repeat(64) }, '/hook', agent)).status).toBe(401);
    expect((await post(body, { Signature: signBody(SECRET, body) }, '/hook', agent)).status).toBe(204);
    agent.destroy();
  });

  it('answers 413 from Content-Length alone, without waiting for the body', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port: receiver.port,
        path: '/hook',
        method: 'POST',
        agent: false,
        headers: { 'Content-Length': '50000', Signature: '0'.repeat(64) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('{"partial":'); // the rest never comes
    });
    expect(status).toBe(413);
  });

  it('answers 413 when a chunked body grows past the limit, and the sender, still writing, reads it', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await post(Buffer.alloc(256 * 1024, 0x61), {
        'Transfer-Encoding': 'chunked',
        Signature: '0'.repeat(64),
      });
      expect(res.status).toBe(413);
    }
    expect(rejected.at(-1)!.status).toBe(413);
  });

  it('closes a lingering connection while its sender is still writing, having answered it first', async () => {
    const before = rejected.length;
    const socket = net.connect(receiver.port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (c) => (answer += c.toString()));
    socket.write(`POST /hook HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\nSignature: ${'0'.repeat(64)}\r\n\r\n`);
    const piece = Buffer.alloc(16 * 1024, 0x61);
    const drip = setInterval(() => socket.write(piece), 20);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n[\s\S]*[Cc]onnection: close/);
    // The read timeout that ends its linger here (400 ms) is not another refusal.
    expect(rejected.slice(before).map((r) => r.status)).toEqual([413]);
  });

  it('drops a request pipelined behind one answered `Connection: close`, unanswered and not accepted', async () => {
    const before = accepted.length;
    const genuine = Buffer.from('{"id":"pipelined"}');
    const socket = net.connect(receiver.port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.end(
      `POST /hook HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nSignature: ${'0'.repeat(64)}\r\n\r\n${'a'.repeat(5000)}` +
        `POST /hook HTTP/1.1\r\nHost: x\r\nContent-Length: ${genuine.length}\r\nSignature: ${signBody(SECRET, genuine)}\r\n\r\n${genuine}`,
    );
    const text = await answer;
    expect(text.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(['HTTP/1.1 413']);
    await nextTick();
    expect(accepted.slice(before).map((d) => d.body.toString())).toEqual([]);
  });

  it('rejects other paths (404) and methods (405)', async () => {
    const body = Buffer.from('{}');
    expect((await post(body, { Signature: signBody(SECRET, body) }, '/elsewhere')).status).toBe(404);
    expect((await post(body, { Signature: signBody(SECRET, body) }, '/hook?query=ignored')).status).toBe(204);
    const get = await new Promise<number>((resolve) =>
      http.get(
        { host: '127.0.0.1', port: receiver.port, path: '/hook', agent: false },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      ),
    );
    expect(get).toBe(405);
  });

  it('drops a stalled sender while serving others', async () => {
    const socket = net.connect(receiver.port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write('POST /hook HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nSignature: ');
    const body = Buffer.from('{"id":3}');
    expect((await post(body, { Signature: signBody(SECRET, body) })).status).toBe(204);
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1.1 408 Request Timeout/);
    expect(rejected.some((r) => /not complete within 400 ms/.test(r.reason))).toBe(true);
  });
});

describe('receiver with a budget for bodies not yet verified', () => {
  const MAX_BODY = 1_000;
  const BUDGET = 2_000;
  const seen: RejectedRequest[] = [];
  let small: Receiver;

  beforeAll(async () => {
    small = await startReceiver({
      host: '127.0.0.1',
      port: 0,
      path: undefined,
      maxBody: MAX_BODY,
      maxBuffered: BUDGET,
      readTimeoutMs: 10_000,
      secrets: new SigningSecrets([{ secret: SECRET, source: '--secret' }]),
      onAccepted: () => {},
      onRejected: (r) => seen.push(r),
    });
  });
  afterAll(() => small.close(0));

  /** Declares MAX_BODY bytes, sends 900 of them, and waits. */
  function holder(): { socket: net.Socket; answer: Promise<string> } {
    const socket = net.connect(small.port, '127.0.0.1');
    socket.on('error', () => {});
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `POST / HTTP/1.1\r\nHost: x\r\nSignature: ${'0'.repeat(64)}\r\nContent-Length: ${MAX_BODY}\r\n\r\n${'a'.repeat(900)}`,
    );
    return { socket, answer };
  }

  it('makes room by dropping the sender that has been sending longest (503), so a genuine delivery still gets 204', async () => {
    const first = holder();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = holder();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // 900 + 900 held; 500 more is over the 2,000-byte budget.
    const body = Buffer.from(JSON.stringify({ id: 9, pad: 'x'.repeat(480) }));
    const genuine = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: small.port,
          method: 'POST',
          agent: false,
          headers: { Signature: signBody(SECRET, body) },
        },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(genuine).toBe(204);
    // The oldest was answered and its connection closed by the receiver; the other still holds.
    expect(await first.answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n[\s\S]*[Cc]onnection: close/);
    expect(second.socket.destroyed).toBe(false);
    expect(seen.map((r) => [r.status, r.kind])).toEqual([[503, 'over-budget']]);
    expect(seen[0]!.reason).toBe('bodies not yet verified hold over 2000 bytes; this sender had been sending longest');
    second.socket.destroy();
  });
  // A refused body is left unread while its connection lingers: what the sender still writes
  // waits in the kernel's buffers and its own. Read and dropped, it cost memory and time under
  // a flood of such senders.
  it('leaves the rest of a refused body unread, declared too large or grown past the limit', async () => {
    const accepted: net.Socket[] = [];
    const emit = http.Server.prototype.emit;
    http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
      if (event === 'connection') accepted.push(args[0] as net.Socket);
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    } as typeof emit;
    try {
      for (const head of [`Content-Length: ${64 * 1024 * 1024}`, 'Transfer-Encoding: chunked']) {
        const seenBefore = accepted.length;
        const socket = net.connect(small.port, '127.0.0.1');
        socket.on('error', () => {});
        const answered = new Promise<string>((resolve) => socket.once('data', (c) => resolve(c.toString())));
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\nSignature: ${'0'.repeat(64)}\r\n${head}\r\n\r\n`);
        const body = Buffer.alloc(64 * 1024 * 1024, 0x61);
        socket.write(
          head.startsWith('Transfer') ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body]) : body,
        );
        expect(await answered).toMatch(/^HTTP\/1\.1 413 /);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(accepted).toHaveLength(seenBefore + 1);
        // Read on, the server takes in the whole 64 MB within this time at loopback speed.
        expect(accepted[seenBefore]!.bytesRead, head).toBeLessThan(2 * 1024 * 1024);
        socket.destroy();
      }
    } finally {
      http.Server.prototype.emit = emit;
    }
  });
});
