// The inspector's server in-process on port 0, over a fake source: who it answers (Host,
// Origin, the per-run key, the method), what it sends (the page with its headers, the stream,
// a delivery's detail and body), and its bounds (pages streaming at once, body in a detail).
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../src/webhooks/inbox/entry.js';
import { startInspector, type Inspector } from '../../src/webhooks/inspect/server.js';
import type {
  ForwardResult,
  InspectorSource,
  ReplayOptions,
  ReplayOutcome,
} from '../../src/webhooks/inspect/source.js';

const TOKEN = 'unit-test-inspector-key-0123456789';
const KEY = { 'x-inspector-token': TOKEN };

function entry(n: number, body = `{"id":${n},"title":"Task ${n}"}`): InboxEntry {
  return {
    id: `e${String(n).padStart(4, '0')}`,
    received_at: new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString(),
    verdict: 'verified',
    reason: null,
    event: 'task.completed',
    subscription_id: 7,
    service: 'sandbox',
    suggested_subscription_id: null,
    suggested_service: null,
    duplicate: false,
    size: Buffer.byteLength(body),
    method: 'POST',
    path: '/hook',
    headers: [
      ['content-type', 'application/json'],
      ['signature', 'ab'.repeat(32)],
    ],
    body: Buffer.from(body),
    body_parses: true,
    forwarded_to: ['http://127.0.0.1:9/hooks'],
  };
}

/** A source that holds what a test gives it and records the replays asked for. */
class FakeSource implements InspectorSource {
  entries: InboxEntry[] = [];
  replayed: string[] = [];
  /** What each replay asked for, in order. */
  replayOptions: Array<ReplayOptions | undefined> = [];
  readonly listeners = new Set<(entry: InboxEntry) => void>();
  readonly relays = new Map<string, ForwardResult[]>();
  readonly relayListeners = new Set<(id: string, result: ForwardResult) => void>();
  forwards(id: string): ForwardResult[] {
    return this.relays.get(id) ?? [];
  }
  subscribeForwards(listener: (id: string, result: ForwardResult) => void): () => void {
    this.relayListeners.add(listener);
    return () => this.relayListeners.delete(listener);
  }
  relay(id: string, result: ForwardResult): void {
    this.relays.set(id, [...this.forwards(id), result]);
    for (const listener of this.relayListeners) listener(id, result);
  }
  recent(limit: number): InboxEntry[] {
    return this.entries.slice(-limit).reverse();
  }
  get(id: string): InboxEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }
  subscribe(listener: (entry: InboxEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async replay(id: string, options?: ReplayOptions): Promise<ReplayOutcome> {
    this.replayed.push(id);
    this.replayOptions.push(options);
    return { ok: false, reason: `fake replay of ${id}` };
  }
  push(e: InboxEntry): void {
    this.entries.push(e);
    for (const listener of this.listeners) listener(e);
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let source: FakeSource;
let inspector: Inspector;
let host: string;

function request(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: inspector.port,
        path,
        method: options.method ?? 'GET',
        headers: { host, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (options.chunked && options.body !== undefined) {
      // No Content-Length: the server finds the size only by reading.
      req.setHeader('transfer-encoding', 'chunked');
      const body = Buffer.from(options.body);
      for (let at = 0; at < body.length; at += 1_000) req.write(body.subarray(at, at + 1_000));
      req.end();
    } else req.end(options.body);
  });
}

/** An open event stream: its events as they come, and a way to hang up. */
function openStream(headers: Record<string, string> = KEY): Promise<{
  status: number;
  events: Array<{ name: string; data: any }>;
  next(name: string): Promise<any>;
  ended: Promise<void>;
  close(): void;
}> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: inspector.port, path: '/api/stream', headers: { host, ...headers }, agent: false },
      (res) => {
        const events: Array<{ name: string; data: any }> = [];
        const waiters: Array<() => void> = [];
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) events.push({ name, data: JSON.parse(data) });
            for (const w of waiters.splice(0)) w();
          }
        });
        const ended = new Promise<void>((done) => res.on('close', () => done()));
        // Each event is taken once, in order.
        const taken = new Set<number>();
        const next = (name: string) =>
          new Promise<any>((done) => {
            const check = () => {
              const index = events.findIndex((e, i) => e.name === name && !taken.has(i));
              if (index < 0) return void waiters.push(check);
              taken.add(index);
              done(events[index]!.data);
            };
            check();
          });
        resolve({ status: res.statusCode ?? 0, events, next, ended, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  source = new FakeSource();
  for (let n = 1; n <= 5; n++) source.entries.push(entry(n));
  source.entries.push(entry(6, JSON.stringify({ id: 6, text: 'x'.repeat(5_000) })));
  inspector = await startInspector({
    port: 0,
    source,
    receiverUrl: 'http://127.0.0.1:8787/hook',
    forwardTo: ['http://127.0.0.1:3000/hooks'],
    token: TOKEN,
    limits: { streams: 2, firstPaint: 4, bodyInView: 1_000 },
  });
  host = `127.0.0.1:${inspector.port}`;
});

afterAll(() => inspector.close());

describe('inspector server', () => {
  it('listens on 127.0.0.1 only and prints its address with the key in the fragment', () => {
    expect(inspector.origin).toBe(`http://127.0.0.1:${inspector.port}`);
    expect(inspector.url).toBe(`http://127.0.0.1:${inspector.port}/#token=${TOKEN}`);
  });

  it('serves the page with a strict Content-Security-Policy, and no inline script or style in it', async () => {
    const page = await request('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = page.headers['content-security-policy']!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    // The page itself carries no key and no delivery.
    expect(page.body).not.toContain(TOKEN);
    // Every stylesheet it links is served as CSS.
    const sheets = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
    expect(sheets).toEqual(['/app.css', '/list.css', '/delivery.css', '/page-states.css']);
    for (const sheet of sheets) {
      const style = await request(sheet);
      expect([style.status, style.headers['content-type']], sheet).toEqual([200, 'text/css; charset=utf-8']);
    }
    // The script is ES modules: every one the page reaches, from its <script> through their
    // imports, is served as JavaScript and writes no markup.
    const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(page.body)?.[1];
    expect(entry).toBe('/app.js');
    const reached = new Set<string>();
    const pending = [entry!];
    while (pending.length > 0) {
      const path = pending.pop()!;
      if (reached.has(path)) continue;
      reached.add(path);
      const script = await request(path);
      expect(script.status, path).toBe(200);
      expect(script.headers['content-type'], path).toBe('text/javascript; charset=utf-8');
      expect(script.body, path).not.toMatch(
        /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML\(|document\.write|\beval\(|new Function\(/,
      );
      for (const [, imported] of script.body.matchAll(/^import [^;]+ from '\.\/([\w-]+\.js)';$/gm))
        pending.push(`/${imported}`);
    }
    expect([...reached].sort()).toEqual([
      '/app.js',
      '/detail.js',
      '/dom.js',
      '/list.js',
      '/replay.js',
      '/session.js',
      '/stream.js',
      '/tree.js',
    ]);
  });

  it('answers only to its own Host: another name for 127.0.0.1 (DNS rebinding) is refused', async () => {
    expect((await request('/', { headers: { host: `localhost:${inspector.port}` } })).status).toBe(200);
    for (const wrong of [
      `rebind.example:${inspector.port}`,
      `127.0.0.1:${inspector.port + 1}`,
      '127.0.0.1',
      `[::1]:${inspector.port}`,
    ]) {
      const answer = await request('/', { headers: { host: wrong } });
      expect(answer.status, wrong).toBe(403);
      expect(answer.body).toMatch(/^Host must be 127\.0\.0\.1:\d+ or localhost:\d+/);
    }
    expect(
      (await request('/api/stream', { headers: { ...KEY, host: `rebind.example:${inspector.port}` } })).status,
    ).toBe(403);
  });

  it('refuses a request without a Host header', async () => {
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(inspector.port, '127.0.0.1', () => socket.end('GET / HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('refuses another Origin, the key notwithstanding; its own Origin passes', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://localhost:${inspector.port}`,
      `https://127.0.0.1:${inspector.port}`,
    ]) {
      expect((await request(`/api/deliveries/e0001`, { headers: { ...KEY, origin } })).status, origin).toBe(403);
    }
    expect((await request('/', { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect(
      (await request(`/api/deliveries/e0001`, { headers: { ...KEY, origin: `http://127.0.0.1:${inspector.port}` } }))
        .status,
    ).toBe(200);
  });

  it('reads and replays nothing without the per-run key, or for a request the browser says came from another site', async () => {
    for (const path of ['/api/stream', '/api/deliveries/e0001', '/api/deliveries/e0001/body']) {
      expect((await request(path)).status, path).toBe(401);
      expect((await request(path, { headers: { 'x-inspector-token': `${TOKEN.slice(0, -1)}X` } })).status, path).toBe(
        401,
      );
      expect((await request(path, { headers: { 'x-inspector-token': 'short' } })).status, path).toBe(401);
    }
    expect((await request('/api/deliveries/e0001/replay', { method: 'POST' })).status).toBe(401);
    expect(
      (await request('/api/deliveries/e0001/replay', { method: 'POST', headers: { cookie: `token=${TOKEN}` } })).status,
    ).toBe(401);
    expect(
      (await request('/api/deliveries/e0001', { headers: { ...KEY, 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    expect(
      (await request('/api/deliveries/e0001', { headers: { ...KEY, 'sec-fetch-site': 'same-site' } })).status,
    ).toBe(403);
    expect(
      (await request('/api/deliveries/e0001', { headers: { ...KEY, 'sec-fetch-site': 'same-origin' } })).status,
    ).toBe(200);
    expect(source.replayed).toEqual([]);
  });

  it('takes each route by its method only', async () => {
    const post = await request('/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await request('/api/deliveries/e0001/replay', { headers: KEY })).status).toBe(405);
    expect((await request('/api/deliveries/e0001', { method: 'POST', headers: KEY })).status).toBe(405);
    expect((await request('/api/stream', { method: 'DELETE', headers: KEY })).status).toBe(405);
    expect(source.replayed).toEqual([]);
    const replay = await request('/api/deliveries/e0002/replay', { method: 'POST', headers: KEY });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ ok: false, reason: 'fake replay of e0002' });
    expect(source.replayed).toEqual(['e0002']);
  });

  it('replays to the URL and with the re-signing a JSON body asks for, and as before with none', async () => {
    const replay = (body?: string) =>
      request('/api/deliveries/e0003/replay', {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body,
      });
    const before = source.replayOptions.length;
    for (const body of [
      '{"to":"http://localhost:3000/hooks?x=1","resign":true}',
      '{"resign":true,"resign_rejected":true}',
      '{"resign":false}',
      '{"to":"https://example.test/in"}',
      '{}',
      undefined,
    ]) {
      const answer = await replay(body);
      expect(answer.status, body).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ ok: false, reason: 'fake replay of e0003' });
    }
    expect(
      source.replayOptions
        .slice(before)
        .map((o) => (o ? { to: o.to?.href, resign: o.resign, resignRejected: o.resignRejected } : undefined)),
    ).toEqual([
      { to: 'http://localhost:3000/hooks?x=1', resign: true, resignRejected: undefined },
      { to: undefined, resign: true, resignRejected: true },
      { to: undefined, resign: false, resignRejected: undefined },
      { to: 'https://example.test/in', resign: undefined, resignRejected: undefined },
      { to: undefined, resign: undefined, resignRejected: undefined },
      { to: undefined, resign: undefined, resignRejected: undefined },
    ]);
  });

  it('refuses a replay whose body is not small JSON of {to, resign}, with a one-line reason, and replays nothing', async () => {
    const before = source.replayed.length;
    const oversized = JSON.stringify({ to: `http://127.0.0.1:3000/${'a'.repeat(5_000)}`, resign: true });
    const cases: Array<[string, string | Buffer, RegExp, boolean?]> = [
      ['bad JSON', '{"to": "http://127.0.0.1:3000/hooks",', /^the replay request's body is not JSON: send \{"to"/],
      ['not UTF-8 JSON', Buffer.from([0x7b, 0xff, 0x7d]), /^the replay request's body is not JSON/],
      ['an array', '["http://127.0.0.1:3000/hooks"]', /^the replay request's body must be a JSON object/],
      ['null', 'null', /^the replay request's body must be a JSON object/],
      [
        'an unknown key',
        '{"to":"http://127.0.0.1:3000/hooks","headers":{"x":"y"}}',
        /^unknown key "headers" in the replay request: only "to", "resign" and "resign_rejected" are taken$/,
      ],
      ['a misspelt key', '{"resing":true}', /^unknown key "resing"/],
      [
        'a URL that is not http',
        '{"to":"file:///etc/passwd"}',
        /^to must be a URL starting with http:\/\/ or https:\/\/, got "file:\/\/\/etc\/passwd"$/,
      ],
      ['javascript:', '{"to":"javascript:alert(1)"}', /^to must be a URL starting with http:\/\/ or https:\/\//],
      ['a URL without a scheme', '{"to":"localhost:3000/hooks"}', /did you mean "http:\/\/localhost:3000\/hooks"\?/],
      [
        'a URL with credentials',
        '{"to":"http://user:pw@127.0.0.1:3000/"}',
        /^to must not contain credentials \(user:password@\)$/,
      ],
      ['a URL that is not a string', '{"to":["http://127.0.0.1:3000/"]}', /^"to" must be a string/],
      ['resign not a boolean', '{"resign":"yes"}', /^"resign" must be true or false$/],
      [
        'resign_rejected not a boolean',
        '{"resign":true,"resign_rejected":1}',
        /^"resign_rejected" must be true or false$/,
      ],
      ['an oversized body', oversized, /^the replay request's body is over 4096 bytes: send only \{"to"/],
      ['an oversized body sent in chunks', oversized, /^the replay request's body is over 4096 bytes/, true],
    ];
    for (const [what, body, reason, chunked] of cases) {
      const answer = await request('/api/deliveries/e0004/replay', {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body,
        chunked,
      });
      expect(answer.status, what).toBe(400);
      expect(answer.headers['content-type'], what).toBe('text/plain; charset=utf-8');
      expect(answer.body, what).toMatch(/^[^\n]+\n$/);
      expect(answer.body.trim(), what).toMatch(reason);
    }
    expect(source.replayed.length).toBe(before);
  });

  it('sends a delivery’s detail with its body bounded, and the whole body on request', async () => {
    const detail = JSON.parse((await request('/api/deliveries/e0006', { headers: KEY })).body);
    expect(detail).toMatchObject({
      id: 'e0006',
      event: 'task.completed',
      subscription_id: 7,
      size: 5_018,
      body_truncated: true,
      body_utf8: true,
      resource: { id: '6', title: null },
    });
    expect(detail.body).toHaveLength(1_000);
    expect(detail.headers).toEqual([
      ['content-type', 'application/json'],
      ['signature', 'ab'.repeat(32)],
    ]);
    const body = await request('/api/deliveries/e0006/body', { headers: KEY });
    expect(body.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(body.body).toBe(source.entries[5]!.body.toString('utf8'));
    expect((await request('/api/deliveries/nope', { headers: KEY })).status).toBe(404);
  });

  it('streams the newest deliveries first, then each as it arrives', async () => {
    const stream = await openStream();
    expect(stream.status).toBe(200);
    const hello = await stream.next('hello');
    expect(hello.receiver).toBe('http://127.0.0.1:8787/hook');
    expect(hello.forward_to).toEqual(['http://127.0.0.1:3000/hooks']);
    expect(hello.entries.map((e: { id: string }) => e.id)).toEqual(['e0006', 'e0005', 'e0004', 'e0003']);
    expect(hello.entries[1]).not.toHaveProperty('body');
    expect(hello.entries[1].resource).toEqual({ id: '5', title: 'Task 5' });
    source.push(entry(7));
    const live = await stream.next('entries');
    expect(live.entries.map((e: { id: string }) => e.id)).toEqual(['e0007']);
    expect(live.entries[0].forwards).toEqual([]);
    // What the --forward-to target answered, as the relay ends: all of the entry's results so far.
    const answer = { target: 'http://127.0.0.1:9/hooks', status: 500, ms: 3, error: null };
    source.relay('e0007', answer);
    expect(await stream.next('forwards')).toEqual({ updates: [{ id: 'e0007', forwards: [answer] }] });
    const detail = JSON.parse((await request('/api/deliveries/e0007', { headers: KEY })).body);
    expect(detail.forwards).toEqual([answer]);
    stream.close();
    await stream.ended;
  });

  it('streams to at most its limit of pages at once', async () => {
    const first = await openStream();
    const second = await openStream();
    await first.next('hello');
    await second.next('hello');
    const third = await openStream();
    expect(third.status).toBe(503);
    first.close();
    await first.ended;
    // The server sees the hang-up a moment after the client.
    let fourth = await openStream();
    for (let i = 0; i < 50 && fourth.status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fourth = await openStream();
    }
    expect(fourth.status).toBe(200);
    second.close();
    fourth.close();
  });

  it('ends its streams when it closes', async () => {
    const other = await startInspector({
      port: 0,
      source: new FakeSource(),
      receiverUrl: 'http://127.0.0.1:1/',
      forwardTo: [],
      token: TOKEN,
    });
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: other.port,
            path: '/api/stream',
            headers: { host: `127.0.0.1:${other.port}`, ...KEY },
            agent: false,
          },
          resolve,
        )
        .on('error', reject);
    });
    stream.resume();
    const ended = new Promise<void>((resolve) => stream.on('close', () => resolve()));
    await other.close();
    await ended;
    await expect(
      new Promise((resolve, reject) =>
        http.get({ host: '127.0.0.1', port: other.port, path: '/' }, resolve).on('error', reject),
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
