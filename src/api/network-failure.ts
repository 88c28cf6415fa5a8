// A request that got no HTTP answer: whether it may have reached the server (which decides
// whether it may be re-sent) and how the failure is told to the user.
import { ApiError } from './errors.js';
import type { Failure } from './retry-policy.js';

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

export function errorCode(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code ?? (error instanceof Error ? error.name : 'error');
}

export function classifyNetworkError(code: string): Failure {
  if (NOT_SENT_CODES.has(code)) return { kind: 'not-sent' };
  if (TIMEOUT_CODES.has(code)) return { kind: 'timeout' };
  return { kind: 'network' };
}

export interface FailedRequest {
  method: string;
  url: string;
  /** The path and query, as messages show it. */
  path: string;
  idempotent: boolean;
  /** How the user can check whether a request with an unknown outcome was applied. */
  outcomeHint?: string;
}

export function networkError(request: FailedRequest, failure: Failure, code: string): ApiError {
  const { method, url, path } = request;
  const what =
    failure.kind === 'not-sent'
      ? `cannot connect to ${new URL(url).host} (${code})`
      : failure.kind === 'timeout'
        ? 'no response before the timeout (--timeout)'
        : `the connection failed (${code})`;
  if (failure.kind !== 'not-sent' && !request.idempotent) {
    return new ApiError({
      kind: 'outcome_unknown',
      status: null,
      method,
      url,
      message: `${method} ${path}: ${what} after the request was sent; the outcome is unknown and the request was not re-sent${outcomeHint(request)}`,
    });
  }
  return new ApiError({ kind: failure.kind === 'timeout' ? 'timeout' : 'network', status: null, method, url, message: `${method} ${path}: ${what}` });
}

/** The sentence that ends a message about a request that may have been applied. */
export function outcomeHint(request: Pick<FailedRequest, 'outcomeHint'>): string {
  return request.outcomeHint ? `. Check with \`${request.outcomeHint}\` before trying again` : '. Check whether it was applied before trying again';
}
