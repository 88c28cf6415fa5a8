// The thin HTTP client: base URL, auth, timeouts, retries, redacted trace, dry-run.
// It knows nothing of resources or formatting; src/api/<resource>.ts build on it.
import type { Dispatcher } from 'undici';
import { normaliseBaseUrl } from './base-url.js';
import { httpRequest } from './http.js';
import { ApiError, displayPath, errorFromResponse } from './errors.js';
import { Network, type NetworkSettings } from './network.js';
import { errorCode, networkError, proxyAnswerError } from './network-errors.js';
import { choosePerPage, paginate, type Limit, type PageBody, type PaginateResult } from './pagination.js';
import { decideRetry, isIdempotentMethod, parseRetryAfter, RETRY_DEFAULTS, type Failure, type RetryPolicy } from './retry-policy.js';
import { createRedactor, type TraceSink } from './trace.js';

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
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed JSON body; undefined for an empty body. */
  json: unknown;
  /** True when --dry-run reported the request instead of sending it. */
  dryRun?: boolean;
  /** A retried DELETE found the record gone: an earlier attempt of this request deleted it (goneIsDone). */
  alreadyGone?: boolean;
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
  timeoutMs: number;
  userAgent: string;
  trace?: TraceSink;
  /** Extra strings the trace must never show (webhook secrets, refresh tokens). */
  secrets?: string[];
  /** When set, requests that change data are handed to it and not sent. */
  dryRun?: (request: DryRunRequest) => void;
  /** Told about each wait before a retry (shown on stderr on a TTY for 429). */
  onWait?: (info: { method: string; path: string; delayMs: number; reason: string; status: number | null }) => void;
  /** Renews an expired access token once, on a 401. Returns the new token or undefined. */
  renewToken?: () => Promise<string | undefined>;
  policy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The CA file and proxy variables (src/api/network.ts); without them: direct, Node's CAs and the system's. */
  network?: NetworkSettings;
  dispatcher?: Dispatcher;
}

export interface RateLimitState {
  limit: number | undefined;
  remaining: number | undefined;
}

export class ApiClient {
  readonly base: string;
  readonly apiRoot: string;
  readonly origin: string;
  readonly rateLimit: RateLimitState = { limit: undefined, remaining: undefined };
  #token: string | undefined;
  readonly #options: ClientOptions;
  readonly #network: Network;
  #networkReady: Promise<void> | undefined;
  #redact: (text: string) => string;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#token = options.token;
    const base = normaliseBaseUrl(options.baseUrl);
    this.base = base;
    this.apiRoot = `${base}/api/v1`;
    this.origin = new URL(base).origin;
    this.#network = new Network({ timeoutMs: options.timeoutMs, ...options.network, dispatcher: options.dispatcher });
    this.#redact = this.#redactor(options.token);
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get token(): string | undefined {
    return this.#token;
  }

  async close(): Promise<void> {
    await this.#network.close();
  }

  resolveUrl(path: string, query?: Record<string, QueryValue>): string {
    let url: URL;
    if (/^https?:\/\//i.test(path)) url = new URL(path);
    else {
      const withSlash = path.startsWith('/') ? path : `/${path}`;
      url = new URL(/^\/api\//.test(withSlash) ? `${this.base}${withSlash}` : `${this.apiRoot}${withSlash}`);
    }
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async request(options: RequestOptions): Promise<ApiResponse> {
    const method = options.method.toUpperCase();
    const url = this.resolveUrl(options.path, options.query);
    const path = displayPath(url);
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));

    if (this.#options.dryRun && method !== 'GET' && method !== 'HEAD') {
      this.#options.dryRun({ method, url, path, body: options.body ?? (options.rawBody === undefined ? undefined : String(options.rawBody)) });
      return { status: 0, headers: {}, text: '', json: undefined, dryRun: true };
    }

    await this.#prepareNetwork();
    const idempotent = options.idempotent ?? isIdempotentMethod(method);
    const policy = this.#options.policy ?? RETRY_DEFAULTS;
    let renewed = false;
    /** An earlier attempt may have been applied by the server without us seeing the answer. */
    let mayHaveApplied = false;

    const proxy = this.#network.proxyFor(url);
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      this.#trace(`→ ${method} ${url}${attempt > 1 ? ` (attempt ${attempt})` : ''}${proxy ? ` via proxy ${proxy.label}` : ''}`);
      let failure: Failure;
      let lastError: ApiError;
      let status: number | null = null;

      // Only the exchange itself is guarded: anything else that throws (a token renewal
      // hook, a parse) must reach the caller as it is, not be mistaken for a network fault.
      let response: Awaited<ReturnType<ApiClient['send']>> | undefined;
      try {
        response = await this.send(method, url, body, options.headers);
      } catch (error) {
        const code = errorCode(error);
        this.#trace(`✗ ${method} ${path} ${code} ${Math.round(performance.now() - started)}ms`);
        ({ failure, error: lastError } = networkError(error, { method, url, path, idempotent, hint: hint(options), proxy }));
        if (failure.kind !== 'not-sent' && !idempotent) throw lastError;
        if (failure.kind !== 'not-sent') mayHaveApplied = true;
      }

      if (response) {
        status = response.status;
        this.#trace(`← ${status} ${method} ${path} ${Math.round(performance.now() - started)}ms`);
        this.#recordRateLimit(response.headers);

        if (status >= 200 && status < 300) {
          const parsed = parseJsonBody(response.text, response.headers['content-type'] ?? '');
          if (parsed.ok) return { ...response, json: parsed.value };
          lastError = new ApiError({
            kind: idempotent ? 'bad_response' : 'outcome_unknown',
            status,
            method,
            url,
            message: idempotent
              ? `${method} ${path}: ${status} but the response body is not valid JSON (${parsed.reason})`
              : `${method} ${path}: ${status} but the response body is not valid JSON (${parsed.reason}); the request was probably applied and was not re-sent${hint(options)}`,
          });
          if (!idempotent) throw lastError;
          failure = { kind: 'network' };
          mayHaveApplied = true;
        } else {
          if (status === 401 && !renewed && this.#options.renewToken) {
            renewed = true;
            const token = await this.#options.renewToken();
            if (token) {
              this.#token = token;
              this.#redact = this.#redactor(token);
              this.#trace('token renewed after 401; retrying once');
              attempt--;
              continue;
            }
          }
          if (status === 404 && mayHaveApplied && options.goneIsDone && method === 'DELETE') {
            this.#trace('  404 after an attempt whose answer was lost: that attempt deleted it');
            return { ...response, json: undefined, alreadyGone: true };
          }
          if (status >= 500) mayHaveApplied = true;
          const contentType = response.headers['content-type'] ?? '';
          lastError = proxyAnswerError(this.#redactError(errorFromResponse(method, url, status, contentType, response.text)), proxy, contentType);
          failure = { kind: 'status', status, retryAfterMs: parseRetryAfter(response.headers['retry-after']) };
          if (status >= 500 && !idempotent) {
            throw new ApiError({
              kind: 'server',
              status,
              method,
              url,
              errors: lastError.errors,
              message: `${lastError.message}; the request was not re-sent because it may have been applied${hint(options)}`,
            });
          }
        }
      }

      const decision = decideRetry(failure!, attempt, idempotent, policy, this.#options.random);
      if (!decision.retry) {
        this.#trace(`  no retry: ${decision.reason}`);
        throw lastError!;
      }
      this.#trace(`  retry in ${decision.delayMs}ms: ${decision.reason}`);
      this.#options.onWait?.({ method, path, delayMs: decision.delayMs, reason: decision.reason, status });
      await this.#sleep(decision.delayMs);
    }
  }

  /** GET a single record and unwrap its data envelope. */
  async getData<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
    const response = await this.request({ method: 'GET', path, query });
    return unwrapData<T>(response, 'GET', path);
  }

  /** Stream the records of a list endpoint, choosing page sizes for the fewest requests. */
  list<T>(path: string, query: Record<string, QueryValue>, limit: Limit, result?: PaginateResult): AsyncGenerator<T, PaginateResult> {
    const perPage = choosePerPage(limit);
    return paginate<T>(async (next) => {
      const response = next
        ? await this.request({ method: 'GET', path: next })
        : await this.request({ method: 'GET', path, query: { ...query, per_page: perPage } });
      const body = response.json as PageBody<T> | undefined;
      if (!body || !Array.isArray(body.data)) {
        throw new ApiError({ kind: 'bad_response', status: response.status, method: 'GET', url: path, message: `GET ${path}: the response is not a list (no data array)` });
      }
      return body;
    }, limit, result);
  }

  private async send(method: string, url: string, body: string | Buffer | undefined, extra: Record<string, string> | undefined) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;
    // The token goes only to the configured origin, whatever a next link or -H says.
    if (new URL(url).origin === this.origin) {
      if (this.#token && headers.authorization === undefined) headers.authorization = `Bearer ${this.#token}`;
    } else {
      delete headers.authorization;
    }
    const response = await httpRequest(url, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body,
      dispatcher: this.#network.dispatcher,
      headersTimeout: this.#options.timeoutMs,
      bodyTimeout: this.#options.timeoutMs,
    });
    const text = await response.body.text();
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: response.statusCode, headers: flat, text };
  }

  #recordRateLimit(headers: Record<string, string>): void {
    const limit = Number(headers['x-ratelimit-limit']);
    const remaining = Number(headers['x-ratelimit-remaining']);
    if (Number.isFinite(limit)) this.rateLimit.limit = limit;
    if (Number.isFinite(remaining)) this.rateLimit.remaining = remaining;
  }

  /** A server that echoes the token or a secret back in its error message must not make us print it. */
  #redactError(error: ApiError): ApiError {
    const errors = error.errors && Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [this.#redact(field), messages.map(this.#redact)]));
    return error.with({ errors, message: this.#redact(error.message) });
  }

  /**
   * Proxy variables and the CA file are read on the first request (a mistake there is a
   * usage error); their secrets join the redactor. Every request awaits the same promise,
   * so concurrent requests still go out in the order they were made.
   */
  #prepareNetwork(): Promise<void> {
    return (this.#networkReady ??= this.#network.prepare().then(() => {
      this.#redact = this.#redactor(this.#token);
    }));
  }

  #redactor(token: string | undefined): (text: string) => string {
    return createRedactor([token, ...(this.#options.secrets ?? []), ...this.#network.secrets]);
  }

  #trace(line: string): void {
    if (this.#options.trace) this.#options.trace(this.#redact(line));
  }
}

export function unwrapData<T>(response: ApiResponse, method: string, path: string): T {
  if (response.dryRun) return undefined as T;
  const json = response.json as { data?: unknown } | undefined;
  if (!json || typeof json !== 'object' || !('data' in json)) {
    throw new ApiError({ kind: 'bad_response', status: response.status, method, url: path, message: `${method} ${path}: the response has no data envelope` });
  }
  return json.data as T;
}

function parseJsonBody(text: string, contentType: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  if (/html/i.test(contentType)) return { ok: false, reason: 'an HTML page' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'truncated or malformed' };
  }
}

function hint(options: RequestOptions): string {
  return options.outcomeHint ? `. Check with \`${options.outcomeHint}\` before trying again` : '. Check whether it was applied before trying again';
}
