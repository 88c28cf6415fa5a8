// The HTTP side of `webhooks listen`. The accept path does only what the answer depends
// on — bound the body (./body-budget.ts), verify the signature over the raw bytes
// (./verify-delivery.ts) — and answers at once; parsing, printing and forwarding happen
// later, in batches, off a setImmediate queue. Every refusal is one RejectedRequest
// (./rejections.ts).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { BodyBudget, defaultMaxBuffered, RECEIVER_LIMITS, type HeldBody } from './body-budget.js';
import { lingeringCloses } from './lingering-close.js';
import type { RejectedRequest, RejectionKind } from './rejections.js';
import type { KnownSecret, SigningSecrets } from './signing-secrets.js';
import { verifyDelivery } from './verify-delivery.js';

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

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const { secrets, maxBody, path } = options;
  const maxConnections = options.maxConnections ?? RECEIVER_LIMITS.maxConnections;
  const budget = new BodyBudget(Math.max(options.maxBuffered ?? defaultMaxBuffered(maxBody), maxBody));
  // A sender answered before its body ended may go on writing it: the connection lingers, unread.
  const closes = lingeringCloses();
  let pending: AcceptedDelivery[] = [];
  let scheduled = false;

  const hand = (): void => {
    scheduled = false;
    const batch = pending;
    pending = [];
    options.onAccepted(batch);
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
    if (close) {
      headers.connection = 'close';
      closes.linger(req.socket);
    }
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

  /**
   * Leaves the rest of a request answered early unread: paused, and consumed (read(0) starts
   * that at once), or Node's server would read all of it to drop it once the answer is out.
   */
  const leaveUnread = (req: http.IncomingMessage): void => {
    req.on('error', ignore);
    req.on('data', ignore);
    req.pause();
    req.read(0);
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
      // A request behind one answered `Connection: close` (pipelined) is dropped unanswered, as the connection closes.
      if (closes.closing(req.socket)) return leaveUnread(req);
      if (req.method !== 'POST')
        return reject(req, res, 405, 'wrong-method', `method ${req.method ?? ''} not allowed; deliveries are POST`);
      if (path !== undefined && pathOf(req.url) !== path)
        return reject(req, res, 404, 'wrong-path', `wrong path; deliveries go to ${path}`);
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > maxBody) {
        leaveUnread(req);
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
      // Answered before the body ended (413, 503): the rest is left unread while the connection lingers.
      let answered = false;
      const stop = (): void => {
        answered = true;
        budget.release(body);
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
            `bodies not yet verified hold over ${budget.max} bytes; this sender had been sending longest`,
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
        if (!budget.fits(chunk.length)) {
          budget.makeRoom(chunk.length);
          if (answered) return;
        }
        // A sender that hangs up or times out mid-body never reaches 'end'.
        if (body.size === 0) req.on('close', () => budget.release(body));
        budget.add(body, chunk.length);
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (answered) return;
        budget.release(body);
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, body.size);
        const signature = req.headers.signature as string | undefined;
        const verdict = verifyDelivery(secrets, bytes, signature);
        if (!verdict.ok) return reject(req, res, 401, verdict.kind, verdict.reason, false, bytes);
        res.writeHead(ACCEPTED_STATUS);
        res.end();
        pending.push({
          receivedAt: Date.now(),
          url: req.url ?? '/',
          body: bytes,
          rawHeaders: req.rawHeaders,
          signature: signature!,
          secret: verdict.secret,
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
    // Answered and closing already: its linger is over, with nothing more to report.
    if (closes.closing(socket)) return socket.destroy();
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
