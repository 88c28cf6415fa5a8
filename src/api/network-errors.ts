// What a failed exchange means, in words, and whether trying again can help. One place for
// the API client and the OAuth token requests: a refused connection, a timeout, a broken
// connection, a certificate this machine does not trust (or that expired, or names another
// host), and a proxy that refused (407, a refused tunnel, nothing listening). A failure that
// happened at the proxy names the proxy, not the service; proxy credentials never appear.
import { ApiError, displayPath, type ApiErrorKind } from './errors.js';
import type { ProxyRoute } from './proxy-config.js';
import { formatBytes } from './response-limit.js';
import type { Failure } from './retry-policy.js';
import { TransportError } from './transport-error.js';

export interface TransportFailure {
  failure: Failure;
  kind: ApiErrorKind;
  /** The proxy's status (407, a refused tunnel); null when nothing answered. */
  status: number | null;
  /** The cause in words, without the request line. */
  what: string;
}

/** Failures before a connection was made (Node's, and src/api/transport-error.ts's): nothing was sent. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECT_FAILED',
]);
const TIMEOUT_CODES = new Set(['RESPONSE_TIMEOUT', 'ETIMEDOUT']);

/** OpenSSL's verification results for a chain that does not end in a trusted authority. */
const UNTRUSTED_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in an authority this machine does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it was issued by an authority this machine does not trust',
  UNABLE_TO_GET_ISSUER_CERT: 'it was issued by an authority this machine does not trust',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it was issued by an authority this machine does not trust',
  CERT_UNTRUSTED: 'its authority is not trusted for this purpose',
};

export const CA_REMEDY =
  'if your organisation uses its own certificate authority, set PWCTL_CA_FILE or NODE_EXTRA_CA_CERTS to its PEM file';

/** The error's code (Node's, OpenSSL's or src/api/transport-error.ts's), or its name when it has none. */
export function errorCode(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return error instanceof Error ? error.name : 'error';
}

/** The TLS verification failure of a connection to `host`, in words with its remedy; undefined for other errors. */
export function describeTlsFailure(code: string, host: string, altNames?: string): string | undefined {
  const untrusted = UNTRUSTED_CODES[code];
  if (untrusted) return `the certificate of ${host} is not trusted (${untrusted}): ${CA_REMEDY}`;
  if (code === 'CERT_HAS_EXPIRED')
    return `the certificate of ${host} has expired: the service must renew it (or this machine's clock is wrong)`;
  if (code === 'CERT_NOT_YET_VALID') return `the certificate of ${host} is not valid yet: check this machine's clock`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `the certificate of ${host} is for another host name${altNames ? ` (${altNames})` : ''}: check the service URL (--base-url, PWCTL_BASE_URL)`;
  }
  return undefined;
}

/** Classify a failed exchange with `url`, made directly or through `proxy`. */
export function explainTransportFailure(error: unknown, url: string, proxy: ProxyRoute | undefined): TransportFailure {
  const code = errorCode(error);
  const host = new URL(url).host;
  const tls = describeTlsFailure(code, host, altNamesOf(error));
  // A certificate does not become trusted by asking again.
  if (tls) return { failure: { kind: 'final' }, kind: 'network', status: null, what: tls };

  // Not a fault that passes either: a plain HTTP server answers the TLS greeting in HTTP.
  if (answeredInPlainHttp(error, code, url, proxy))
    return {
      failure: { kind: 'final' },
      kind: 'network',
      status: null,
      what: `the server at ${host} answered in plain HTTP; use ${overPlainHttp(url)}`,
    };

  const name = (error as { name?: string })?.name;
  if (TIMEOUT_CODES.has(code) || name === 'TimeoutError')
    return { failure: { kind: 'timeout' }, kind: 'timeout', status: null, what: describeTimeout(error) };
  // Asking again would only bring the same answer: refused once, not retried.
  if (code === 'RESPONSE_TOO_LARGE')
    return {
      failure: { kind: 'final' },
      kind: 'bad_response',
      status: null,
      what: describeTooLarge(error as TransportError),
    };

  if (proxy) {
    const status = proxyStatus(error);
    if (status === 407 || status === 401)
      return { failure: { kind: 'final' }, kind: 'unauthorized', status, what: proxyAuthFailure(proxy, status) };
    if (status !== undefined) {
      // The proxy answered the tunnel request instead of opening it: nothing reached the service.
      const verb = status >= 500 ? 'could not reach' : 'refused to connect to';
      return {
        failure: { kind: 'not-sent' },
        kind: 'network',
        status,
        what: `the proxy ${proxy.label} ${verb} ${host} (${status})`,
      };
    }
    if (NOT_SENT_CODES.has(code)) {
      return {
        failure: { kind: 'not-sent' },
        kind: 'network',
        status: null,
        what: `cannot connect to the proxy ${proxy.label} (${code}): check ${proxy.variable}`,
      };
    }
  }
  if (NOT_SENT_CODES.has(code))
    return {
      failure: { kind: 'not-sent' },
      kind: 'network',
      status: null,
      what: `cannot connect to ${host} (${code})`,
    };
  return { failure: { kind: 'network' }, kind: 'network', status: null, what: `the connection failed (${code})` };
}

/**
 * The error for a request whose exchange failed. A non-idempotent request that may have
 * reached the server is not re-sent, and the message says its outcome is unknown.
 */
export function networkError(
  error: unknown,
  request: {
    method: string;
    url: string;
    path: string;
    idempotent: boolean;
    hint: string;
    proxy: ProxyRoute | undefined;
  },
): { failure: Failure; error: ApiError } {
  const { method, url, path } = request;
  const t = explainTransportFailure(error, url, request.proxy);
  if (t.failure.kind !== 'not-sent' && t.failure.kind !== 'final' && !request.idempotent) {
    const message = `${method} ${path}: ${t.what} after the request was sent; the outcome is unknown and the request was not re-sent${request.hint}`;
    return { failure: t.failure, error: new ApiError({ kind: 'outcome_unknown', status: null, method, url, message }) };
  }
  return {
    failure: t.failure,
    error: new ApiError({ kind: t.kind, status: t.status, method, url, message: `${method} ${path}: ${t.what}` }),
  };
}

/**
 * Answers to a request sent through a proxy (in absolute form) that are the proxy's: a 407,
 * which only a proxy sends, says it wants credentials or refused them; and an error page that
 * is not the API's JSON: a 5xx says it could not reach the service (tinyproxy answers 500,
 * squid 502 or 503), and a 401 to a proxy given credentials says it refused them (tinyproxy
 * 1.11, Debian 12's, answers 401 where it means 407). Name the proxy, not the service.
 */
export function proxyAnswerError(error: ApiError, proxy: ProxyRoute | undefined, contentType: string): ApiError {
  if (!proxy || error.status === null) return error;
  const request = `${error.method} ${displayPath(error.url)}`;
  if (error.status === 407) {
    const { method, url, status, response } = error;
    return new ApiError({
      kind: 'unauthorized',
      status,
      method,
      url,
      response,
      message: `${request}: ${proxyAuthFailure(proxy, 407)}`,
    });
  }
  if (/json/i.test(contentType)) return error;
  if (error.status === 401 && proxy.hasCredentials)
    return error.with({ message: `${request}: ${proxyAuthFailure(proxy, 401)}` });
  if (error.status >= 500)
    return error.with({
      message: `${request}: the proxy ${proxy.label} could not reach ${new URL(error.url).host} (${error.status})`,
    });
  return error;
}

/**
 * An https:// URL whose server spoke plain HTTP: OpenSSL finds an HTTP status line where a TLS
 * record should be ("wrong version number"). Through a proxy reached over TLS, the proxy may be
 * the one that spoke HTTP, so that case is not claimed.
 */
function answeredInPlainHttp(error: unknown, code: string, url: string, proxy: ProxyRoute | undefined): boolean {
  if (new URL(url).protocol !== 'https:' || proxy?.url.startsWith('https:')) return false;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') return true;
  const e = error as { message?: unknown; cause?: { message?: unknown } };
  const message = `${e?.message ?? ''} ${e?.cause?.message ?? ''}`;
  return code === 'EPROTO' && /wrong version number/i.test(message);
}

/**
 * The URL to use instead: http:// on the same port, and for an API request its base URL (what
 * --base-url takes) rather than the endpoint.
 */
function overPlainHttp(url: string): string {
  const u = new URL(url);
  const port = u.port || '443';
  const api = u.pathname.search(/\/api\/v1(\/|$)/);
  const path = (api >= 0 ? u.pathname.slice(0, api) : u.pathname).replace(/\/$/, '');
  return `http://${u.hostname}${port === '80' ? '' : `:${port}`}${path}`;
}

/** A deadline that passed: before the answer began, or with it still incomplete. */
function describeTimeout(error: unknown): string {
  const detail = error instanceof TransportError ? error.detail : {};
  if (detail.timeoutMs === undefined) return 'the service did not answer in time (--timeout)';
  const seconds = `${detail.timeoutMs / 1000} s`;
  return detail.partial
    ? `the service did not answer in time: its answer was still incomplete at the ${seconds} deadline (--timeout)`
    : `the service did not answer within ${seconds} (--timeout)`;
}

function describeTooLarge(error: TransportError): string {
  const { status, limitBytes = 0, declaredBytes } = error.detail;
  const limit = `the ${formatBytes(limitBytes)} limit (PWCTL_MAX_RESPONSE_BYTES)`;
  return declaredBytes === undefined
    ? `the service's answer (${status}) is larger than ${limit}; pwctl stopped reading it`
    : `the service's answer (${status}) is ${formatBytes(declaredBytes)} (Content-Length), more than ${limit}; it was not read`;
}

function proxyAuthFailure(proxy: ProxyRoute, status: number): string {
  return proxy.hasCredentials
    ? `the proxy ${proxy.label} rejected the user name and password in ${proxy.variable} (${status})`
    : `the proxy ${proxy.label} requires a user name and password (${status}): give them in ${proxy.variable} as http://user:password@host:port`;
}

/** The status a proxy answered a CONNECT with, in place of opening the tunnel. */
function proxyStatus(error: unknown): number | undefined {
  return error instanceof TransportError && error.code === 'PROXY_REFUSED' ? error.proxyStatus : undefined;
}

/** The names a certificate was issued for ("DNS:localhost, IP Address:127.0.0.1"), when Node gives them. */
function altNamesOf(error: unknown): string | undefined {
  const e = error as { cert?: { subjectaltname?: string }; cause?: { cert?: { subjectaltname?: string } } };
  const names = e?.cert?.subjectaltname ?? e?.cause?.cert?.subjectaltname;
  return names ? names.replace(/\b(DNS|IP Address):/g, '').slice(0, 200) : undefined;
}
