// A fetch for oauth4webapi (its customFetch option) made of the client's own request over a
// Network (src/api/http.ts), so the OAuth token and renewal requests take the same proxy,
// trust the same certificate authorities and fail with the same messages as API requests,
// instead of going through Node's bundled fetch, a second HTTP stack that knows none of it.
import { httpRequest } from './http.js';
import type { Network } from './network.js';

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/** Thrown when the exchange itself failed; `cause` is the transport's error, for src/api/network-errors.ts. */
export class ExchangeError extends Error {
  override name = 'ExchangeError';
  constructor(
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

// Statuses whose response has no body by definition (the Response constructor insists).
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function fetchOver(network: Network, timeoutMs: number): (url: string, init: FetchInit) => Promise<Response> {
  return async (url, init) => {
    let answer: Awaited<ReturnType<typeof httpRequest>>;
    try {
      answer = await httpRequest(url, {
        method: init.method.toUpperCase(),
        headers: init.headers,
        body: requestBody(init.body),
        connection: await network.connectionFor(url),
        timeoutMs,
        signal: init.signal,
      });
    } catch (error) {
      throw new ExchangeError(url, error);
    }
    const { status, headers, body } = answer;
    return new Response(NULL_BODY_STATUSES.has(status) ? null : body, { status, headers });
  };
}

function requestBody(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  // oauth4webapi sends the token endpoint's form as URLSearchParams, with its content type set.
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('fetchOver sends string, Buffer or URLSearchParams bodies only');
}
