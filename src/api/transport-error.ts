// The failures of an exchange that Node's own errors do not name: its codes are what
// src/api/network-errors.ts classifies, beside Node's (ECONNREFUSED, ECONNRESET, TLS codes).

export type TransportErrorCode =
  /** No connection (TCP, TLS, proxy tunnel) before the deadline (--timeout): nothing was sent. */
  | 'CONNECT_TIMEOUT'
  /** The connection failed before it was established, for a reason without a code (a proxy that hung up mid-CONNECT). */
  | 'CONNECT_FAILED'
  /** Connected and sent, then no whole answer before the deadline (--timeout). */
  | 'RESPONSE_TIMEOUT'
  /** The answer is larger than the limit (PWCTL_MAX_RESPONSE_BYTES): declared so, or it kept coming. */
  | 'RESPONSE_TOO_LARGE'
  /** The proxy answered a CONNECT with something other than 200: the tunnel was never opened. */
  | 'PROXY_REFUSED';

/** What the message about a failure needs to say beyond its code. */
export interface TransportErrorDetail {
  /** PROXY_REFUSED: the proxy's status. */
  proxyStatus?: number;
  /** Timeouts: the deadline. */
  timeoutMs?: number;
  /** RESPONSE_TIMEOUT: the answer had begun (status and headers) but was not complete. */
  partial?: boolean;
  /** RESPONSE_TOO_LARGE: the answer's status, the limit, and the size its Content-Length declared (if that was the reason). */
  status?: number;
  limitBytes?: number;
  declaredBytes?: number;
}

export class TransportError extends Error {
  override name = 'TransportError';

  constructor(
    readonly code: TransportErrorCode,
    message: string,
    readonly detail: TransportErrorDetail = {},
  ) {
    super(message);
  }

  /** The proxy's status, for PROXY_REFUSED. */
  get proxyStatus(): number | undefined {
    return this.detail.proxyStatus;
  }
}
