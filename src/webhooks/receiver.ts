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
  body: Buffer;
  /** The request's headers as received (name, value, name, value …), for forwarding. */
  rawHeaders: string[];
  signature: string;
  secret: KnownSecret;
}

export interface RejectedRequest {
  receivedAt: number;
  /** The status answered, or null when the connection was dropped. */
  status: number | null;
  reason: string;
  method: string;
  url: string;
  remote: string | undefined;
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
  let pending: AcceptedDelivery[] = [];
  let scheduled = false;

  const hand = (): void => {
    scheduled = false;
    const batch = pending;
    pending = [];
    options.onAccepted(batch);
  };

  const reject = (req: http.IncomingMessage, res: http.ServerResponse, status: number, reason: string, close = false): void => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/plain; charset=utf-8' };
    if (status === 405) headers.allow = 'POST';
    if (close) headers.connection = 'close';
    res.writeHead(status, headers);
    res.end(`${reason}\n`);
    options.onRejected({ receivedAt: Date.now(), status, reason, method: req.method ?? '', url: req.url ?? '', remote: req.socket.remoteAddress });
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
      if (req.method !== 'POST') return reject(req, res, 405, `method ${req.method ?? ''} not allowed; deliveries are POST`);
      if (path !== undefined && pathOf(req.url) !== path) return reject(req, res, 404, `wrong path; deliveries go to ${path}`);
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > maxBody) {
        return reject(req, res, 413, `body of ${declared} bytes is over --max-body ${maxBody}`, true);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      // A sender that hangs up mid-body is simply gone; nothing to answer.
      req.on('error', ignore);
      req.on('data', (chunk: Buffer) => {
        if (over) return;
        size += chunk.length;
        if (size > maxBody) {
          over = true;
          chunks.length = 0;
          req.pause();
          reject(req, res, 413, `body over --max-body ${maxBody} bytes`, true);
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (over) return;
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
        const signature = req.headers.signature as string | undefined;
        const secret = secrets.match(body, signature);
        if (!secret) {
          const why = describeMalformedSignature(signature) ?? `signature does not match any of ${secrets.entries.length} known secret${secrets.entries.length === 1 ? '' : 's'}`;
          return reject(req, res, 401, why);
        }
        res.writeHead(ACCEPTED_STATUS);
        res.end();
        pending.push({ receivedAt: Date.now(), body, rawHeaders: req.rawHeaders, signature: signature!, secret });
        if (!scheduled) {
          scheduled = true;
          setImmediate(hand);
        }
      });
    },
  );

  server.on('clientError', (error: NodeJS.ErrnoException, duplex) => {
    const socket = duplex as Socket;
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') {
      options.onRejected({
        receivedAt: Date.now(),
        status: socket.writable ? (timedOut ? 408 : 400) : null,
        reason: timedOut ? `request not complete within ${options.readTimeoutMs} ms; connection dropped` : `unreadable request (${error.code ?? error.message})`,
        method: '',
        url: '',
        remote: socket.remoteAddress,
      });
    }
    if (socket.writable) socket.end(`HTTP/1.1 ${timedOut ? '408 Request Timeout' : '400 Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
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
