// The HTTP side of `webhooks listen`. The accept path does only what the answer depends
// on — bound the body, verify the signature over the raw bytes — and answers at once;
// parsing, printing and forwarding happen later, in batches, off a setImmediate queue.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { KnownSecret, SigningSecrets } from './signing-secrets.js';
import { describeMalformedSignature } from './signature.js';

export interface AcceptedDelivery {
  /** Epoch milliseconds when the body was complete. */
  receivedAt: number;
  /** The request's path and query as received. */
  url: string;
  body: Buffer;
  /** The request's headers as received (name, value, name, value …), for forwarding. */
  rawHeaders: string[];
  signature: string;
  secret: KnownSecret;
}

/** Why a request was refused; the inbox and the summaries of a flood group by it. */
export type RejectionKind =
  | 'wrong-method'
  | 'wrong-path'
  | 'body-too-large'
  | 'no-signature'
  | 'malformed-signature'
  | 'no-match'
  | 'over-budget'
  | 'over-connections'
  | 'incomplete'
  | 'unreadable';

/** A few words per kind, for one line that counts many rejections. */
export const REJECTION_LABELS: Record<RejectionKind, string> = {
  'wrong-method': 'not POST',
  'wrong-path': 'wrong path',
  'body-too-large': 'body over --max-body',
  'no-signature': 'no Signature header',
  'malformed-signature': 'malformed Signature header',
  'no-match': 'signature does not match',
  'over-budget': 'too many bytes of unverified bodies at once',
  'over-connections': 'over --max-connections',
  incomplete: 'not complete within --read-timeout',
  unreadable: 'unreadable request',
};

/** One refused request: every refusal makes one, whether or not it is printed on its own. */
export interface RejectedRequest {
  receivedAt: number;
  /** The status answered, or null when the connection was dropped. */
  status: number | null;
  kind: RejectionKind;
  /** The sentence for the sender and the log, with the specifics (sizes, lengths). */
  reason: string;
  method: string;
  url: string;
  remote: string | undefined;
  /** The request's headers as received (name, value, …); empty when it never got that far. */
  rawHeaders: readonly string[];
  /** The whole body, when it was read before the refusal (a signature that does not verify). */
  body?: Buffer;
  /** Bytes of the body: its length, its declared length, or what had arrived when it was refused. */
  size?: number;
}

/**
 * Limits on what senders that have not proven anything can hold. Each open connection costs
 * a socket, a parser and buffers; each body costs its bytes until it is verified. Without a
 * bound, a few hundred slow senders each holding nearly --max-body grow the process by
 * hundreds of megabytes (RELIABILITY.md).
 */
export const RECEIVER_LIMITS = {
  /** Connections beyond this many open at once are closed as they arrive. */
  maxConnections: 256,
  /** Bodies still arriving hold at most this many times --max-body together … */
  bufferedBodiesPerMaxBody: 4,
  /** … but never less than this, so a small --max-body does not starve a burst of deliveries. */
  minBufferedBodies: 1024 * 1024,
};

/** The budget for bytes of bodies not yet verified, for a given --max-body. */
export function defaultMaxBuffered(maxBody: number): number {
  return Math.max(RECEIVER_LIMITS.bufferedBodiesPerMaxBody * maxBody, RECEIVER_LIMITS.minBufferedBodies);
}

export interface ReceiverOptions {
  host: string;
  port: number;
  /** Only this path is accepted (query ignored); undefined accepts any path. */
  path: string | undefined;
  maxBody: number;
  /** A request must arrive whole (headers and body) within this time. */
  readTimeoutMs: number;
  secrets: SigningSecrets;
  /** Default RECEIVER_LIMITS.maxConnections. */
  maxConnections?: number;
  /** Bytes of bodies not yet verified held at once, all requests together; default defaultMaxBuffered(maxBody). */
  maxBuffered?: number;
  /** Accepted deliveries, in arrival order, handed over after they were answered. */
  onAccepted: (batch: AcceptedDelivery[]) => void;
  onRejected: (rejection: RejectedRequest) => void;
}

export interface Receiver {
  /** http://host:port — what senders should be pointed at (plus the path). */
  origin: string;
  port: number;
  /** Stop accepting; wait for open requests up to `graceMs`, then drop what is left. */
  close(graceMs: number): Promise<void>;
}

const ACCEPTED_STATUS = 204;

/** A body still arriving: its bytes count against the budget until it ends or is dropped. */
interface HeldBody {
  size: number;
  /** Answer 503, forget the bytes, read no more. */
  drop(): void;
}

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const { secrets, maxBody, path } = options;
  const maxConnections = options.maxConnections ?? RECEIVER_LIMITS.maxConnections;
  const maxBuffered = Math.max(options.maxBuffered ?? defaultMaxBuffered(maxBody), maxBody);
  let pending: AcceptedDelivery[] = [];
  let scheduled = false;
  // Bodies still arriving, oldest first (a Set iterates in insertion order), and their bytes.
  const held = new Set<HeldBody>();
  let buffered = 0;

  const hand = (): void => {
    scheduled = false;
    const batch = pending;
    pending = [];
    options.onAccepted(batch);
  };

  const release = (body: HeldBody): void => {
    if (held.delete(body)) buffered -= body.size;
  };

  // Over budget, the senders that have been sending longest make room: slow senders hold
  // their bytes longest, and a genuine delivery, sent whole, is the newest.
  const makeRoom = (bytes: number): void => {
    for (const body of held) {
      if (buffered + bytes <= maxBuffered) return;
      body.drop();
    }
  };

  const reject = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    kind: RejectionKind,
    reason: string,
    close = false,
    body?: Buffer,
    size = body?.length,
  ): void => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/plain; charset=utf-8' };
    if (status === 405) headers.allow = 'POST';
    if (close) headers.connection = 'close';
    res.writeHead(status, headers);
    res.end(`${reason}\n`);
    options.onRejected({
      receivedAt: Date.now(),
      status,
      kind,
      reason,
      method: req.method ?? '',
      url: req.url ?? '',
      remote: req.socket.remoteAddress,
      rawHeaders: req.rawHeaders,
      body,
      size,
    });
  };

  const server = http.createServer(
    {
      requestTimeout: options.readTimeoutMs,
      headersTimeout: options.readTimeoutMs,
      // How often Node looks for requests past their time; its default (30 s) is too coarse.
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(options.readTimeoutMs / 2))),
      keepAliveTimeout: 5_000,
    },
    (req, res) => {
      if (req.method !== 'POST')
        return reject(req, res, 405, 'wrong-method', `method ${req.method ?? ''} not allowed; deliveries are POST`);
      if (path !== undefined && pathOf(req.url) !== path)
        return reject(req, res, 404, 'wrong-path', `wrong path; deliveries go to ${path}`);
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > maxBody) {
        return reject(
          req,
          res,
          413,
          'body-too-large',
          `body of ${declared} bytes is over --max-body ${maxBody}`,
          true,
          undefined,
          Number(declared),
        );
      }
      const chunks: Buffer[] = [];
      // Answered before the body ended (413, 503): the rest is not read.
      let answered = false;
      const stop = (): void => {
        answered = true;
        release(body);
        chunks.length = 0;
        req.pause();
      };
      const body: HeldBody = {
        size: 0,
        drop() {
          stop();
          reject(
            req,
            res,
            503,
            'over-budget',
            `bodies not yet verified hold over ${maxBuffered} bytes; this sender had been sending longest`,
            true,
          );
        },
      };
      // A sender that hangs up mid-body is simply gone; nothing to answer.
      req.on('error', ignore);
      req.on('data', (chunk: Buffer) => {
        if (answered) return;
        if (body.size + chunk.length > maxBody) {
          const arrived = body.size + chunk.length;
          stop();
          reject(req, res, 413, 'body-too-large', `body over --max-body ${maxBody} bytes`, true, undefined, arrived);
          return;
        }
        if (buffered + chunk.length > maxBuffered) {
          makeRoom(chunk.length);
          if (answered) return;
        }
        if (body.size === 0) {
          held.add(body);
          // A sender that hangs up or times out mid-body never reaches 'end'.
          req.on('close', () => release(body));
        }
        body.size += chunk.length;
        buffered += chunk.length;
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (answered) return;
        release(body);
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, body.size);
        const signature = req.headers.signature as string | undefined;
        const secret = secrets.match(bytes, signature);
        if (!secret) {
          const malformed = describeMalformedSignature(signature);
          if (malformed !== undefined)
            return reject(
              req,
              res,
              401,
              signature === undefined ? 'no-signature' : 'malformed-signature',
              malformed,
              false,
              bytes,
            );
          const count = secrets.entries.length;
          return reject(
            req,
            res,
            401,
            'no-match',
            `signature does not match any of ${count} known secret${count === 1 ? '' : 's'}`,
            false,
            bytes,
          );
        }
        res.writeHead(ACCEPTED_STATUS);
        res.end();
        pending.push({
          receivedAt: Date.now(),
          url: req.url ?? '/',
          body: bytes,
          rawHeaders: req.rawHeaders,
          signature: signature!,
          secret,
        });
        if (!scheduled) {
          scheduled = true;
          setImmediate(hand);
        }
      });
    },
  );
  server.maxConnections = maxConnections;
  // Node closes a connection over maxConnections as it arrives; say so, as for any refusal.
  server.on('drop', (data?: { remoteAddress?: string }) => {
    options.onRejected({
      receivedAt: Date.now(),
      status: null,
      kind: 'over-connections',
      reason: `over --max-connections ${maxConnections} open connections; connection closed`,
      method: '',
      url: '',
      remote: data?.remoteAddress,
      rawHeaders: [],
    });
  });

  server.on('clientError', (error: NodeJS.ErrnoException, duplex) => {
    const socket = duplex as Socket;
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') {
      options.onRejected({
        receivedAt: Date.now(),
        status: socket.writable ? (timedOut ? 408 : 400) : null,
        kind: timedOut ? 'incomplete' : 'unreadable',
        reason: timedOut
          ? `request not complete within ${options.readTimeoutMs} ms; connection dropped`
          : `unreadable request (${error.code ?? error.message})`,
        method: '',
        url: '',
        remote: socket.remoteAddress,
        rawHeaders: [],
      });
    }
    if (socket.writable)
      socket.end(
        `HTTP/1.1 ${timedOut ? '408 Request Timeout' : '400 Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
    socket.destroySoon();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    origin: `http://${host}:${address.port}`,
    port: address.port,
    async close(graceMs) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(timer);
      // Deliveries answered just before closing are still in the queue.
      if (pending.length > 0) hand();
    },
  };
}

function ignore(): void {}

function pathOf(url: string | undefined): string {
  if (!url) return '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
