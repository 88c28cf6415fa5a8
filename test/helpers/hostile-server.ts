// A node:http server that misbehaves on purpose, for tests of what a broken or hostile
// service can make pwctl do: answers that drip in a byte a second or never end, absurd
// Retry-After waits, next links that never run out, bodies larger than any answer should be.
// It counts the requests it received and the bytes it wrote, so a test can say what a case
// cost (requests, bytes) as well as how it ended. The sandbox and test/helpers/stub-server.ts
// play well-behaved services; this one plays the rest.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Answers one request; `url` is the request's URL resolved against the server's origin. */
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export interface HostileServer {
  /** http://127.0.0.1:<port>, a service root for PWCTL_BASE_URL. */
  url: string;
  /** `METHOD /path?query` of every request, in the order they arrived. */
  requests: string[];
  /** Bytes written to every connection so far: status lines, headers and bodies. */
  bytesSent(): number;
  close(): Promise<void>;
}

export async function startHostileServer(handler: Handler): Promise<HostileServer> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let closedBytes = 0;
  let origin = '';
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    // The request body (a create's JSON) is read and ignored; the answer is the handler's.
    req.resume();
    handler(req, res, new URL(req.url ?? '/', origin));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closedBytes += socket.bytesWritten;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    bytesSent: () => closedBytes + [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Calls `tick` every `ms` until the connection closes. */
function everyUntilClosed(res: ServerResponse, ms: number, tick: () => void): void {
  const timer = setInterval(tick, ms);
  res.socket?.once('close', () => clearInterval(timer));
}

/** 200 with a chunked body that sends one byte a second and never ends: an idle timer never fires. */
export function dripBody(): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    everyUntilClosed(res, 1000, () => res.write(' '));
  };
}

/** The status line at once, then the headers one byte a second, never finished. */
export function dripHeaders(): Handler {
  return (req, res) => {
    const socket = req.socket;
    socket.write('HTTP/1.1 200 OK\r\nX-Drip: ');
    everyUntilClosed(res, 1000, () => socket.write('a'));
  };
}

export interface BodyShape {
  /** Body size in bytes; Infinity for a body that never ends. */
  bytes: number;
  /** Say the size in Content-Length (else the body is chunked). */
  declareLength?: boolean;
  /** Wait this long between chunks; 0 (the default) writes as fast as the client reads. */
  intervalMs?: number;
  chunkBytes?: number;
}

/** 200 with a large (or endless) body of JSON-looking filler, written only as fast as the client reads it. */
export function largeBody(shape: BodyShape): Handler {
  const chunkBytes = shape.chunkBytes ?? 64 * 1024;
  const chunk = Buffer.alloc(chunkBytes, 'x');
  return (_req, res) => {
    res.on('error', () => {}); // the client hung up: that is the point
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(shape.declareLength ? { 'content-length': String(shape.bytes) } : {}),
    });
    let left = shape.bytes - 2;
    res.write('["');
    let stopped = false;
    res.socket?.once('close', () => (stopped = true));
    const pump = () => {
      while (!stopped && left > 0) {
        const piece = left >= chunkBytes ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (left === 0) return void res.end(piece);
        if (!res.write(piece)) return void res.once('drain', pump);
        if (shape.intervalMs) return void setTimeout(pump, shape.intervalMs);
      }
    };
    pump();
  };
}

/** 429 with this Retry-After, every time. */
export function rateLimited(retryAfter: string): Handler {
  return (_req, res) => {
    res
      .writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
      .end('{"message":"Too Many Attempts."}');
  };
}

export interface PageRequest {
  /** The page query parameter, 1 when absent. */
  page: number;
  /** How many requests this list path has received, this one included. */
  request: number;
  url: URL;
}

/**
 * Every request to `path` is answered with `page(…)` as JSON; any other list (export reads
 * four) with an empty last page, so only the list under test misbehaves.
 */
export function listPages(path: string, page: (request: PageRequest) => unknown): Handler {
  let count = 0;
  return (_req, res, url) => {
    res.setHeader('content-type', 'application/json');
    if (url.pathname !== path) return void res.end('{"data":[],"links":{"next":null},"meta":{},"next_page_url":null}');
    count++;
    res.end(JSON.stringify(page({ page: Number(url.searchParams.get('page') ?? 1), request: count, url })));
  };
}
