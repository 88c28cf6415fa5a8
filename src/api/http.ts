// One HTTP request over Node's own `http`/`https` modules, the one HTTP stack of the whole
// product (the webhook receiver, forwarder and sandbox use them too): the request as given,
// the whole answer. The agent decides how the connection is made (direct, or through a
// proxy: src/api/network.ts); this module bounds how long it may take and how large the
// answer may be.
//
// The timeout is a deadline for the whole exchange (connection, status and headers, body),
// not an idle timer: a service that drips a byte a second would keep an idle timer from ever
// firing. When the deadline passes, what it cut short decides what the retry policy may do:
// a connection not established (TCP, TLS, a proxy's tunnel) sent nothing, so any method may
// be tried again; a request sent and then not answered in time may have been applied.
//
// An answer over `maxBodyBytes` is refused as it streams in: its Content-Length is checked
// before the body is read, and the bytes are counted as they come; either way the socket is
// destroyed, so no more of it is read.
import { request as plainRequest, type Agent, type IncomingMessage, type RequestOptions } from 'node:http';
import type { SecureContext } from 'node:tls';
import { DEFAULT_MAX_RESPONSE_BYTES } from './response-limit.js';
import { TransportError } from './transport-error.js';

/** How a request reaches its URL (src/api/network.ts decides). */
export interface Connection {
  agent: Agent;
  /** https only: the certificate authorities to verify the service with; undefined for Node's defaults. */
  secureContext?: SecureContext;
}

export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  connection: Connection;
  /** The deadline for the whole exchange, from the call to the answer's last byte. */
  timeoutMs: number;
  /** The largest answer body accepted; DEFAULT_MAX_RESPONSE_BYTES when not given. */
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  /** Names in lower case; a repeated header's values joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
}

// node:https (and with it node:tls) is loaded by the first https request only.
let https: Promise<typeof import('node:https')> | undefined;

export async function httpRequest(url: string, options: HttpRequest): Promise<HttpAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? (await (https ??= import('node:https'))).request : plainRequest;
  const { connection, timeoutMs, signal } = options;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    let connected = false;
    /** The status and headers arrived; the body had begun. */
    let answering = false;
    /** The proxy's answer to CONNECT when it was not 200; the proxy agent then replays that answer as the response. */
    let refusedBy: number | undefined;

    // secureContext reaches tls.connect through the agent (https.Agent, and the proxy agent's tunnel).
    const requestOptions: RequestOptions & Pick<Connection, 'secureContext'> = {
      method: options.method,
      headers: options.headers,
      agent: connection.agent,
      secureContext: connection.secureContext,
    };
    const req = send(target, requestOptions);
    const deadline = setTimeout(() => {
      if (!connected)
        return fail(new TransportError('CONNECT_TIMEOUT', `no connection within ${timeoutMs} ms`, { timeoutMs }));
      const what = answering ? 'the answer was incomplete' : 'no answer';
      fail(new TransportError('RESPONSE_TIMEOUT', `${what} within ${timeoutMs} ms`, { timeoutMs, partial: answering }));
    }, timeoutMs);
    const onAbort = () => fail(signal!.reason);

    function settle(): boolean {
      if (settled) return false;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      return true;
    }

    function fail(error: unknown): void {
      if (!settle()) return;
      req.destroy();
      reject(
        refusedBy === undefined
          ? error
          : new TransportError('PROXY_REFUSED', `the proxy answered CONNECT with ${refusedBy}`, {
              proxyStatus: refusedBy,
            }),
      );
    }

    function established(): void {
      connected = true;
    }

    function tooLarge(status: number, declaredBytes?: number): TransportError {
      const size = declaredBytes === undefined ? 'more than' : `${declaredBytes} bytes (Content-Length), more than`;
      return new TransportError('RESPONSE_TOO_LARGE', `the answer is ${size} ${maxBodyBytes} bytes`, {
        status,
        limitBytes: maxBodyBytes,
        declaredBytes,
      });
    }

    req.on('error', (error: Error & { code?: unknown }) => {
      // A proxy that hangs up mid-CONNECT fails without a code; it still sent nothing.
      fail(connected || typeof error.code === 'string' ? error : new TransportError('CONNECT_FAILED', error.message));
    });
    req.on('proxyConnect', (answer: { statusCode?: number }) => {
      if (answer.statusCode !== undefined && answer.statusCode !== 200) refusedBy = answer.statusCode;
    });
    req.on('socket', (socket) => {
      if (req.reusedSocket) return established();
      if ('encrypted' in socket) socket.once('secureConnect', established);
      else if (socket.connecting) socket.once('connect', established);
      else established();
    });
    req.on('response', (res: IncomingMessage) => {
      if (refusedBy !== undefined) return fail(undefined);
      answering = true;
      const status = res.statusCode ?? 0;
      const declared = Number(res.headers['content-length']);
      if (declared > maxBodyBytes) return fail(tooLarge(status, declared));
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        if (received > maxBodyBytes) return fail(tooLarge(status));
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete)
          fail(
            Object.assign(new Error('the connection closed before the whole answer arrived'), { code: 'ECONNRESET' }),
          );
      });
      res.on('end', () => {
        if (settle()) resolve({ status, headers: joinRepeated(res.headersDistinct), body: Buffer.concat(chunks) });
      });
    });

    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    req.end(options.body);
  });
}

function joinRepeated(headers: NodeJS.Dict<string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, values = []]) => [name, values.join(', ')]));
}
