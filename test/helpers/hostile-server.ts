// A node:http server that misbehaves on purpose, for tests of what a broken or hostile
// service can make pwctl do: answers that drip in a byte a second or never end, absurd
// Retry-After waits, next links that never run out, bodies larger than any answer should be.
// It counts the requests it received and the bytes it wrote, so a test can say what a case
// cost (requests, bytes) as well as how it ended. The sandbox and test/helpers/stub-server.ts
// play well-behaved services; this one plays the rest.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { runCli, type CliResult } from './cli.js';

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

/** How long a run may take before it is killed (HOSTILE_CAP_S, default 25), for measuring code that does not stop by itself. */
export const CAP_MS = Number(process.env.HOSTILE_CAP_S ?? 25) * 1000;
/** A test's own time limit: the cap, and room to start and stop. */
export const WITHIN_CAP = CAP_MS + 10_000;

/** A run of pwctl against a hostile server, and what it cost. */
export interface Run extends CliResult {
  requests: string[];
  bytes: number;
  seconds: number;
}

/**
 * Runs the built pwctl against a fresh hostile server and notes what the case cost (requests,
 * bytes the server wrote, seconds until pwctl stopped); RELIABILITY_REPORT=1 prints them.
 */
export async function against(
  name: string,
  handler: Handler,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  // One server per case: the cases run concurrently.
  const server = await startHostileServer(handler);
  let run: Run;
  try {
    const started = performance.now();
    const result = await runCli(args, {
      env: { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: 'x-token-for-a-hostile-server', ...env },
      timeoutMs: CAP_MS,
    });
    run = {
      ...result,
      requests: [...server.requests],
      bytes: server.bytesSent(),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await server.close();
  }
  if (process.env.RELIABILITY_REPORT) {
    console.log(
      JSON.stringify({
        case: name,
        code: run.code ?? run.signal,
        requests: run.requests.length,
        bytes: run.bytes,
        seconds: Number(run.seconds.toFixed(1)),
        stderr: run.stderr.slice(0, 300),
      }),
    );
  }
  return run;
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

/** A record shaped like a task (phases and projects are read from tasks), numbered `n`. */
function taskRecord(n: number): unknown {
  return {
    id: n,
    title: `Task ${n}`,
    completed: false,
    phase: { id: 40 + (n % 3), title: `Phase ${40 + (n % 3)}`, is_internal: false },
    project: { id: 31, title: 'Project 31' },
    client: { id: 21, title: 'Client 21' },
    company: { id: 1, title: 'Company 1' },
  };
}

/**
 * A list that never repeats and never ends: every page brings `perPage` new records and a next
 * link to the page after it, with meta that names no last page. Other lists are empty.
 */
export function endlessList(path: string, perPage = 2): Handler {
  return listPages(path, ({ page, url }) => ({
    data: Array.from({ length: perPage }, (_, i) => taskRecord((page - 1) * perPage + i + 1)),
    links: { next: `${url.origin}${path}?page=${page + 1}` },
    meta: { current_page: page, per_page: perPage },
  }));
}
