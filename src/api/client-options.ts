// What a client is made with and what one request asks for (src/api/client.ts).
import type { NetworkSettings } from './network.js';
import type { RetryWait } from './request-loop.js';
import type { RetryPolicy } from './retry-policy.js';
import type { TraceSink } from './trace.js';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method: string;
  /** '/steps/1' (relative to /api/v1), '/api/v1/steps/1', or an absolute URL such as a next link. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with Content-Type application/json unless headers say otherwise). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Override the method's idempotency (the API's reorder and tag POSTs are idempotent). */
  idempotent?: boolean;
  /** How the user can check whether a request with an unknown outcome was applied. */
  outcomeHint?: string;
  /**
   * A DELETE of one record: when an earlier attempt's outcome is unknown (its answer was
   * lost, or a 5xx) and the retry answers 404, that attempt deleted it — done, not "not found".
   */
  goneIsDone?: boolean;
  /** The first page of a list (see LoopRequest.listing). */
  listing?: boolean;
}

export interface DryRunRequest {
  method: string;
  url: string;
  path: string;
  body: unknown;
}

export interface ClientOptions {
  baseUrl: string;
  token: string | undefined;
  /** The deadline for each exchange, connection to the answer's last byte (--timeout). */
  timeoutMs: number;
  /** The largest answer accepted, and the most `listAll` holds (PWCTL_MAX_RESPONSE_BYTES); DEFAULT_MAX_RESPONSE_BYTES when not given. */
  maxResponseBytes?: number;
  /** The most pages one list reads (--max-pages); DEFAULT_MAX_PAGES when not given. */
  maxPages?: number;
  userAgent: string;
  trace?: TraceSink;
  /** With a trace: also print request and response bodies (--debug=api), secrets redacted. */
  traceBodies?: boolean;
  /** Extra strings the trace must never show (webhook secrets, refresh tokens). */
  secrets?: string[];
  /** --dry-run: requests that change data are handed to it, and refused (RequestNotSent) instead of sent. */
  dryRun?: (request: DryRunRequest) => void | Promise<void>;
  /** Told about each wait before a retry. */
  onWait?: (wait: RetryWait & { method: string; path: string }) => void;
  /** Appended when an answer is not the service's (a login page, a redirect): what the user can check. */
  wrongServiceHint?: string;
  /** Renews an expired access token once, on a 401. Returns the new token or undefined. */
  renewToken?: () => Promise<string | undefined>;
  /** Appended to a 401's message: what the user can do about it. */
  unauthorizedHint?: string;
  policy?: RetryPolicy;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Aborted when the user interrupts the run: waits for retries end, nothing is re-sent. A
   * function is asked only when a retry waits (an AbortController is no small cost to a run).
   */
  signal?: AbortSignal | (() => AbortSignal);
  random?: () => number;
  /** The CA file and proxy variables (src/api/network.ts); without them: direct, Node's CAs and the system's. */
  network?: NetworkSettings;
}

export interface RateLimitState {
  limit: number | undefined;
  remaining: number | undefined;
}
