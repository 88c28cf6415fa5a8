// A scripted node:http server for client and CLI tests that need exact responses
// (sequences of statuses, resets, HTML pages). The sandbox covers everything else.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's exact bytes, and the headers as they came (name, value, …): for byte-for-byte checks. */
  bytes: Buffer;
  rawHeaders: string[];
}

export type StubReply =
  | { status: number; body?: unknown; headers?: Record<string, string>; raw?: string }
  | { reset: true };

export interface StubServer {
  url: string;
  requests: StubRequest[];
  /** Queue replies for `METHOD /path` (path without query); the last one repeats. */
  on(route: string, ...replies: StubReply[]): void;
  close(): Promise<void>;
}

export async function startStubServer(): Promise<StubServer> {
  const routes = new Map<string, StubReply[]>();
  const requests: StubRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const body = bytes.toString('utf8');
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        bytes,
        rawHeaders: req.rawHeaders,
      });
      const path = (req.url ?? '').split('?')[0];
      const queue = routes.get(`${req.method} ${path}`);
      const reply = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
      if (!reply) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"No stub for this route."}');
        return;
      }
      if ('reset' in reply) {
        req.socket.destroy();
        return;
      }
      const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(route, ...replies) {
      routes.set(route, replies);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
