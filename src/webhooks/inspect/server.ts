// `listen --inspect`: the inspector page and its API on 127.0.0.1. The page is static (no
// server text in it); everything about deliveries comes from the API, behind the per-run
// key (./guard.ts): a stream of Server-Sent Events (the newest deliveries on connecting,
// then each as it arrives), a delivery's detail, its raw body, and replay (to the URL and
// with the re-signing the page asks for: ./replay-body.ts).
//
// Server-Sent Events rather than a WebSocket: the page only listens, SSE is plain HTTP that
// node:http serves as it is (no upgrade, no framing, no library), and the page reads it with
// fetch(), which can send the key in a header (EventSource cannot).
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { InboxEntry } from '../inbox/entry.js';
import { checkApiCaller, checkSite, type Refusal } from './guard.js';
import { detail, summarize } from './messages.js';
import { PAGE_ASSETS } from './page.js';
import { readReplayBody } from './replay-body.js';
import type { InspectorSource } from './source.js';

export const INSPECTOR_LIMITS = {
  /** Pages streaming at once; one more is answered 503. */
  streams: 8,
  /** Deliveries a page gets when it connects, newest first. */
  firstPaint: 200,
  /** Deliveries sent in one batch; in a flood the page gets the newest and a count of the rest. */
  perBatch: 200,
  /** Body bytes in a delivery's detail; the page fetches the whole body when asked. */
  bodyInView: 128 * 1024,
  /** Bytes waiting for a page that reads too slowly; past this it is disconnected, and catches up when it reconnects. */
  streamBacklog: 4 * 1024 * 1024,
  /** A comment on idle streams, so proxies and the page can tell a quiet stream from a dead one. */
  keepAliveMs: 15_000,
  /** Open connections at once (pages, their streams, stray requests). */
  connections: 64,
};

export interface InspectorOptions {
  /** 0 picks a free port. */
  port: number;
  source: InspectorSource;
  /** Where deliveries are sent (the listener's address and path): the empty page says so. */
  receiverUrl: string;
  /** The --forward-to targets, as `[event=]url`, for the page's header. */
  forwardTo: readonly string[];
  /** A `webhooks trigger` command that works as printed against this listener, when there is one: the empty page shows it. */
  triggerCommand?: string;
  /** The per-run key; a random one when not given. */
  token?: string;
  limits?: Partial<typeof INSPECTOR_LIMITS>;
}

export interface Inspector {
  /** The page's address with the key in its fragment (never sent to a server): what `listen` prints. */
  url: string;
  origin: string;
  port: number;
  /** End every stream and stop answering. */
  close(): Promise<void>;
}

/** Sent with every answer: the page runs only its own script, shows nothing of anyone else's, and is framed by no one. */
const SECURITY_HEADERS: http.OutgoingHttpHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const DELIVERY_PATH = /^\/api\/deliveries\/([\w-]{1,100})(\/body|\/replay)?$/;

interface Stream {
  res: http.ServerResponse;
  /** Live entries that arrived while its first paint was being read. */
  early: InboxEntry[] | undefined;
}

export async function startInspector(options: InspectorOptions): Promise<Inspector> {
  const limits = { ...INSPECTOR_LIMITS, ...options.limits };
  const token = options.token ?? randomBytes(24).toString('base64url');
  const { source } = options;
  const streams = new Set<Stream>();
  let port = options.port;

  const forwardsOf = (id: string) => (source.forwards ? source.forwards(id) : null);
  const summaryOf = (entry: InboxEntry) => summarize(entry, forwardsOf(entry.id));

  // Live entries, and the relays that ended, go out in batches: one write per page however
  // many arrived at once.
  let queue: InboxEntry[] = [];
  let relayed = new Set<string>();
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    const batch = queue;
    queue = [];
    const skipped = Math.max(0, batch.length - limits.perBatch);
    const sent = skipped > 0 ? batch.slice(skipped) : batch;
    const entries = sent.length > 0 ? event('entries', { entries: sent.map(summaryOf), skipped }) : '';
    // Each update carries all of an entry's results so far: applying one twice changes nothing.
    const ids = [...relayed].slice(-limits.perBatch);
    relayed = new Set();
    const forwards =
      ids.length > 0 ? event('forwards', { updates: ids.map((id) => ({ id, forwards: forwardsOf(id) })) }) : '';
    for (const stream of streams) {
      if (stream.early) stream.early.push(...sent);
      else if (entries + forwards !== '') write(stream, entries + forwards);
    }
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  const unsubscribe = source.subscribe((entry) => {
    if (streams.size === 0) return;
    queue.push(entry);
    schedule();
  });
  const unsubscribeForwards = source.subscribeForwards?.((id) => {
    if (streams.size === 0) return;
    relayed.add(id);
    schedule();
  });

  const write = (stream: Stream, message: string): void => {
    if (stream.res.writableLength > limits.streamBacklog) {
      stream.res.destroy();
      streams.delete(stream);
      return;
    }
    stream.res.write(message);
  };

  const keepAlive = setInterval(() => {
    for (const stream of streams) if (!stream.early) write(stream, ': keep-alive\n\n');
  }, limits.keepAliveMs);
  keepAlive.unref();

  const refuse = (res: http.ServerResponse, refusal: Refusal, extra: http.OutgoingHttpHeaders = {}): void => {
    res.writeHead(refusal.status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...extra });
    res.end(`${refusal.reason}\n`);
  };
  const json = (res: http.ServerResponse, status: number, value: unknown): void => {
    res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(value));
  };
  const wrongMethod = (res: http.ServerResponse, allowed: string): void =>
    refuse(res, { status: 405, reason: `only ${allowed} here` }, { allow: allowed });

  const openStream = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (streams.size >= limits.streams)
      return refuse(res, { status: 503, reason: `at most ${limits.streams} inspector pages at once; close one` });
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'x-accel-buffering': 'no',
    });
    const stream: Stream = { res, early: [] };
    streams.add(stream);
    res.on('close', () => streams.delete(stream));
    req.socket.setNoDelay(true);
    const recent = await source.recent(limits.firstPaint);
    const early = stream.early!;
    stream.early = undefined;
    const shown = new Set(recent.map((entry) => entry.id));
    write(
      stream,
      event('hello', {
        receiver: options.receiverUrl,
        forward_to: options.forwardTo,
        trigger_command: options.triggerCommand ?? null,
        first_paint: limits.firstPaint,
        entries: recent.map(summaryOf),
      }),
    );
    const missed = early.filter((entry) => !shown.has(entry.id));
    if (missed.length > 0) write(stream, event('entries', { entries: missed.map(summaryOf), skipped: 0 }));
  };

  const api = async (req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> => {
    const refusal = checkApiCaller(req.headers as Record<string, string | undefined>, token);
    if (refusal) return refuse(res, refusal);
    if (path === '/api/stream') return req.method === 'GET' ? openStream(req, res) : wrongMethod(res, 'GET');
    const match = DELIVERY_PATH.exec(path);
    if (!match) return refuse(res, { status: 404, reason: 'not found' });
    const [, id, action] = match as unknown as [string, string, string | undefined];
    if (action === '/replay') {
      if (req.method !== 'POST') return wrongMethod(res, 'POST');
      const body = await readReplayBody(req);
      // The rest of a refused body is not read: the connection is closed after the answer.
      if ('refusal' in body) return refuse(res, body.refusal, { connection: 'close' });
      return json(res, 200, await source.replay(id, body.options));
    }
    if (req.method !== 'GET') return wrongMethod(res, 'GET');
    const entry = await source.get(id);
    if (!entry) return refuse(res, { status: 404, reason: `no delivery ${id}` });
    if (action === '/body') {
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-type': 'text/plain; charset=utf-8',
        'content-length': entry.body.length,
      });
      res.end(entry.body);
      return;
    }
    return json(res, 200, detail(entry, forwardsOf(entry.id), limits.bodyInView));
  };

  const server = http.createServer(
    { requestTimeout: 10_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 },
    (req, res) => {
      const refusal = checkSite(req.headers, port);
      if (refusal) return refuse(res, refusal);
      const path = pathOf(req.url);
      const asset = PAGE_ASSETS.get(path);
      if (asset) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return wrongMethod(res, 'GET, HEAD');
        res.writeHead(200, {
          ...SECURITY_HEADERS,
          'content-type': asset.type,
          'content-length': Buffer.byteLength(asset.body),
        });
        res.end(req.method === 'HEAD' ? undefined : asset.body);
        return;
      }
      if (!path.startsWith('/api/')) return refuse(res, { status: 404, reason: 'not found' });
      api(req, res, path).catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        refuse(res, {
          status: 500,
          reason: `the inspector failed: ${error instanceof Error ? error.message : String(error)}`,
        });
      });
    },
  );
  server.maxConnections = limits.connections;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only, whatever --host the receiver has: the page shows every delivery.
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    async close() {
      unsubscribe();
      unsubscribeForwards?.();
      clearInterval(keepAlive);
      for (const stream of streams) stream.res.end();
      streams.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** One Server-Sent Event; JSON holds no raw line breaks, so the data is one line. */
function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

function pathOf(url: string | undefined): string {
  if (!url) return '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
