// The client on its Network, over real loopback HTTP: a stub server plays the service, or
// an absolute-form HTTP proxy in front of a host that does not exist; raw sockets play a
// proxy that refuses CONNECT and a server that never finishes the TLS handshake.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { ApiError } from '../../src/api/errors.js';
import { UsageError } from '../../src/errors.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const PASSWORD = 'pr0xy-secret-77';
let server: StubServer;
let trace: string[];

beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  trace = [];
});

function client(baseUrl: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 2000) {
  return new ApiClient({
    baseUrl,
    token: 'tok-secret-1234',
    timeoutMs,
    userAgent: 'pwctl/test',
    trace: (line) => trace.push(line),
    network: { env },
    sleep: async () => {},
  });
}

/** A TCP server that hands each connection to `onConnection`; records what each one sent first. */
async function rawServer(
  onConnection: (socket: Socket, firstData: Promise<string>) => void,
): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => {});
    onConnection(
      socket,
      new Promise((resolve) =>
        socket.once('data', (data) => {
          received.push(data.toString('latin1'));
          resolve(data.toString('latin1'));
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, received };
}

const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

/** A proxy that answers every CONNECT with `status` and never opens a tunnel. */
const refusingProxy = (status: number, reason: string) =>
  rawServer(
    (socket, first) => void first.then(() => socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-length: 0\r\n\r\n`)),
  );

describe('ApiClient on a Network', () => {
  it('sends concurrent requests in the order they were made, the first one included', async () => {
    server.on('GET /api/v1/things', { status: 200, body: { data: [] } });
    const api = client(server.url);
    await Promise.all([1, 2, 3, 4, 5].map((n) => api.request({ method: 'GET', path: '/things', query: { n } })));
    expect(trace.filter((l) => l.startsWith('→')).map((l) => new URL(l.split(' ')[2]!).searchParams.get('n'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    await api.close();
  });

  it('an unusable proxy variable is a usage error before any request', async () => {
    const api = client(server.url, { HTTPS_PROXY: 'ftp://proxy:21', HTTP_PROXY: 'ftp://proxy:21' });
    await expect(api.request({ method: 'GET', path: '/things' })).rejects.toThrow(UsageError);
    expect(server.requests).toEqual([]);
    await api.close();
  });

  it('sends http requests to the proxy in absolute form with Basic credentials from the URL, and never traces them', async () => {
    // The stub plays the proxy: the service's host does not exist, only the proxy can answer.
    server.on('GET http://api.pwctl.invalid/api/v1/things/7', { status: 200, body: { data: { id: 7 } } });
    const api = client('http://api.pwctl.invalid', {
      HTTP_PROXY: `http://carol:${PASSWORD}@${new URL(server.url).host}`,
    });
    expect(await api.getData('/things/7')).toEqual({ id: 7 });
    const [sent] = server.requests;
    expect(sent).toMatchObject({ method: 'GET', url: 'http://api.pwctl.invalid/api/v1/things/7' });
    expect(sent!.headers['proxy-authorization']).toBe(`Basic ${Buffer.from(`carol:${PASSWORD}`).toString('base64')}`);
    expect(sent!.headers.authorization).toBe('Bearer tok-secret-1234');
    expect(trace[0]).toBe(
      `→ GET http://api.pwctl.invalid/api/v1/things/7 via proxy http://[REDACTED]@${new URL(server.url).host}`,
    );
    expect(trace.join('\n')).not.toContain(PASSWORD);
    await api.close();
  });

  it('reads the whole answer: status, header names in lower case, repeated headers joined with ", "', async () => {
    const body = JSON.stringify({ data: { id: 9, title: 'ünïcödé' } });
    const service = await rawServer(
      (socket, first) =>
        void first.then(() =>
          socket.end(
            `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Many: a\r\nx-many: b\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          ),
        ),
    );
    const answer = await client(`http://127.0.0.1:${service.port}`).request({ method: 'GET', path: '/things/9' });
    expect(answer).toMatchObject({ status: 200, text: body, json: { data: { id: 9, title: 'ünïcödé' } } });
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json', 'x-many': 'a, b' });
    await closeServer(service.server);
  });

  it('a CONNECT answered 407: the proxy named, exit-4 kind, not retried; credentials from the URL went as Basic and are never shown', async () => {
    const proxy = await refusingProxy(407, 'Proxy Authentication Required');
    const proxyUrl = `http://127.0.0.1:${proxy.port}`;
    const bare = (await client('https://api.pwctl.invalid', { HTTPS_PROXY: proxyUrl })
      .request({ method: 'GET', path: '/things' })
      .catch((e: unknown) => e)) as ApiError;
    expect(bare).toMatchObject({ kind: 'unauthorized', status: 407 });
    expect(bare.message).toBe(
      `GET /api/v1/things: the proxy ${proxyUrl} requires a user name and password (407): give them in HTTPS_PROXY as http://user:password@host:port`,
    );
    expect(proxy.received).toHaveLength(1);
    expect(proxy.received[0]).toMatch(/^CONNECT api\.pwctl\.invalid:443 HTTP\/1\.1\r\n/);

    const api = client('https://api.pwctl.invalid', {
      HTTPS_PROXY: `http://carol:${PASSWORD}@127.0.0.1:${proxy.port}`,
    });
    const rejected = (await api
      .request({ method: 'POST', path: '/things', body: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(rejected.message).toBe(
      `POST /api/v1/things: the proxy http://[REDACTED]@127.0.0.1:${proxy.port} rejected the user name and password in HTTPS_PROXY (407)`,
    );
    expect(proxy.received).toHaveLength(2);
    expect(proxy.received[1]).toContain(
      `Proxy-Authorization: Basic ${Buffer.from(`carol:${PASSWORD}`).toString('base64')}\r\n`,
    );
    expect(`${trace.join('\n')}\n${rejected.message}`).not.toContain(PASSWORD);
    await closeServer(proxy.server);
  });

  it('a CONNECT answered 502 sent nothing to the service: even a POST is tried again, then fails naming the proxy', async () => {
    const proxy = await refusingProxy(502, 'Bad Gateway');
    const error = (await client('https://api.pwctl.invalid', { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` })
      .request({ method: 'POST', path: '/things', body: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      kind: 'network',
      status: 502,
      message: `POST /api/v1/things: the proxy http://127.0.0.1:${proxy.port} could not reach api.pwctl.invalid (502)`,
    });
    expect(proxy.received).toHaveLength(4);
    expect(proxy.received.every((request) => request.startsWith('CONNECT api.pwctl.invalid:443 '))).toBe(true);
    await closeServer(proxy.server);
  });

  it('a connection whose TLS handshake never finishes sent nothing: even a POST is tried again, then fails as a connect timeout', async () => {
    const silent = await rawServer(() => {});
    const error = (await client(`https://127.0.0.1:${silent.port}`, {}, 200)
      .request({ method: 'POST', path: '/things', body: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      kind: 'network',
      message: `POST /api/v1/things: cannot connect to 127.0.0.1:${silent.port} (CONNECT_TIMEOUT)`,
    });
    // Each attempt began a handshake (its ClientHello) and got no further.
    expect(silent.received).toHaveLength(4);
    expect(silent.received.every((hello) => hello.charCodeAt(0) === 0x16)).toBe(true);
    await closeServer(silent.server);
  });
});
