// The failures of an exchange that Node's own errors do not name: its codes are what
// src/api/network-errors.ts classifies, beside Node's (ECONNREFUSED, ECONNRESET, TLS codes).

export type TransportErrorCode =
  /** No connection (TCP, TLS, proxy tunnel) within the timeout: nothing was sent. */
  | 'CONNECT_TIMEOUT'
  /** The connection failed before it was established, for a reason without a code (a proxy that hung up mid-CONNECT). */
  | 'CONNECT_FAILED'
  /** Connected and sent, then no answer (or no more of it) within the timeout. */
  | 'RESPONSE_TIMEOUT'
  /** The proxy answered a CONNECT with something other than 200: the tunnel was never opened. */
  | 'PROXY_REFUSED';

export class TransportError extends Error {
  override name = 'TransportError';

  constructor(
    readonly code: TransportErrorCode,
    message: string,
    /** The proxy's status, for PROXY_REFUSED. */
    readonly proxyStatus?: number,
  ) {
    super(message);
  }
}
