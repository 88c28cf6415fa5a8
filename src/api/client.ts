// The thin HTTP client: base URL, auth, timeouts, retries, redacted trace, dry-run. It knows
// nothing of resources or formatting; src/api/<resource>.ts build on it. One exchange is
// exchange.ts; the attempts of a request (retry, renewal, "already gone") are request-loop.ts.
import { normaliseBaseUrl } from './base-url.js';
import { ApiError, displayPath } from './errors.js';
import { exchange } from './exchange.js';
import { notTheService } from './foreign-service.js';
import { RequestNotSent } from './not-sent.js';
import { Network } from './network.js';
import { CommandWaits } from './command-waits.js';
import { choosePerPage, paginate, type Limit, type PageBody, type PaginateResult } from './pagination.js';
import { sendWithRetries, type ApiResponse } from './request-loop.js';
import { DEFAULT_MAX_RESPONSE_BYTES, formatBytes } from './response-limit.js';
import { isIdempotentMethod, RETRY_DEFAULTS } from './retry-policy.js';
import { abortableSleep } from './sleep.js';
import { createRedactor } from './trace.js';
import { requestDetail, responseDetail } from './trace-detail.js';
import type { ClientOptions, QueryValue, RateLimitState, RequestOptions } from './client-options.js';

export type { ApiResponse } from './request-loop.js';
import { unwrapData } from './response-body.js';

export { unwrapData };
export type { ClientOptions, DryRunRequest, QueryValue, RateLimitState, RequestOptions } from './client-options.js';

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
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #maxResponseBytes: number;
  /** The Retry-After waits of all this client's requests: a command's, bounded together. */
  readonly #waits = new CommandWaits();

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#token = options.token;
    const base = normaliseBaseUrl(options.baseUrl);
    this.base = base;
    this.apiRoot = `${base}/api/v1`;
    this.origin = new URL(base).origin;
    this.#network = new Network(options.network ?? {});
    this.#redact = this.#redactor(options.token);
    this.#sleep = options.sleep ?? abortableSleep;
    this.#maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  get token(): string | undefined {
    return this.#token;
  }

  async close(): Promise<void> {
    await this.#network.close();
  }

  resolveUrl(path: string, query?: Record<string, QueryValue>): string {
    let url: URL;
    const scheme = path.slice(0, 8).toLowerCase();
    if (scheme.startsWith('http://') || scheme.startsWith('https://')) url = new URL(path);
    else {
      const withSlash = path.startsWith('/') ? path : `/${path}`;
      url = new URL(withSlash.startsWith('/api/') ? `${this.base}${withSlash}` : `${this.apiRoot}${withSlash}`);
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
      await this.#options.dryRun({
        method,
        url,
        path,
        body: options.body ?? (options.rawBody === undefined ? undefined : String(options.rawBody)),
      });
      throw new RequestNotSent(method, path);
    }

    await this.#prepareNetwork();
    const proxy = this.#network.proxyFor(url);
    const { renewToken, onWait, signal } = this.#options;
    return sendWithRetries(
      {
        method,
        url,
        path,
        idempotent: options.idempotent ?? isIdempotentMethod(method),
        outcomeHint: options.outcomeHint,
        goneIsDone: options.goneIsDone,
        listing: options.listing,
        proxy,
      },
      {
        send: async () =>
          exchange({
            method,
            url,
            body,
            headers: options.headers,
            userAgent: this.#options.userAgent,
            token: this.#token,
            origin: this.origin,
            connection: await this.#network.connectionFor(url),
            timeoutMs: this.#options.timeoutMs,
            maxBodyBytes: this.#maxResponseBytes,
            onSend:
              this.#options.trace &&
              ((headers, sent) =>
                this.#traceLines(requestDetail(headers, sent, { bodies: this.#options.traceBodies === true }))),
          }),
        renewToken:
          renewToken &&
          (async () => {
            const token = await renewToken();
            if (!token) return false;
            this.#token = token;
            this.#redact = this.#redactor(token);
            return true;
          }),
        onAnswer: (headers) => this.#recordRateLimit(headers),
        redact: (error) => this.#redactError(error),
        trace: (line) => this.#options.trace?.(this.#redact(line)),
        traceAnswer:
          this.#options.trace &&
          ((answer) =>
            this.#traceLines(
              responseDetail(answer.headers, answer.text, { bodies: this.#options.traceBodies === true }),
            )),
        unauthorizedHint: this.#options.unauthorizedHint,
        wrongServiceHint: this.#options.wrongServiceHint,
        onWait: onWait && ((info) => onWait({ method, path, ...info })),
        policy: this.#options.policy ?? RETRY_DEFAULTS,
        waits: this.#waits,
        sleep: this.#sleep,
        get signal() {
          return signal instanceof Function ? signal() : signal;
        },
        random: this.#options.random,
      },
    );
  }

  /** GET a single record and unwrap its data envelope. */
  async getData<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
    const response = await this.request({ method: 'GET', path, query });
    return unwrapData<T>(response, 'GET', path);
  }

  /** Stream the records of a list endpoint, choosing page sizes for the fewest requests. */
  list<T>(
    path: string,
    query: Record<string, QueryValue>,
    limit: Limit,
    result?: PaginateResult,
  ): AsyncGenerator<T, PaginateResult> {
    return this.#pages<T>(path, query, limit, result);
  }

  /**
   * Every record of a list, held in memory (`api --paginate --jq` filters them as one array):
   * its pages together may not exceed the limit of one answer, so a service whose next links
   * never run out cannot make the process grow without bound.
   */
  async listAll<T>(path: string, query: Record<string, QueryValue>): Promise<T[]> {
    const records: T[] = [];
    let held = 0;
    let pages = 0;
    const hold = (response: ApiResponse, firstUrl: string) => {
      held += Buffer.byteLength(response.text);
      pages++;
      if (held <= this.#maxResponseBytes) return;
      const message = `GET ${displayPath(firstUrl)}: its pages add up to more than ${formatBytes(this.#maxResponseBytes)}, the most pwctl holds of one answer (PWCTL_MAX_RESPONSE_BYTES); stopped after ${pages} pages`;
      throw new ApiError({ kind: 'bad_response', status: null, method: 'GET', url: firstUrl, message });
    };
    for await (const record of this.#pages<T>(path, query, 'all', undefined, hold)) records.push(record);
    return records;
  }

  /** The pages of a list; `onPage` sees each answer before its records are read. */
  #pages<T>(
    path: string,
    query: Record<string, QueryValue>,
    limit: Limit,
    result?: PaginateResult,
    onPage?: (response: ApiResponse, firstUrl: string) => void,
  ): AsyncGenerator<T, PaginateResult> {
    const firstQuery = { ...query, per_page: choosePerPage(limit) };
    const firstUrl = this.resolveUrl(path, firstQuery);
    return paginate<T>(
      async (next) => {
        const response = next
          ? await this.request({ method: 'GET', path: next })
          : await this.request({ method: 'GET', path, query: firstQuery, listing: true });
        onPage?.(response, firstUrl);
        const body = response.json as PageBody<T> | undefined;
        if (!body || !Array.isArray(body.data)) {
          const url = next ?? firstUrl;
          const problem = `GET ${displayPath(url)}: the response is not a list (no data array)`;
          const message = next
            ? problem
            : `${problem}; ${notTheService(url, 'its answer is not a list', this.#options.wrongServiceHint)}`;
          throw new ApiError({ kind: 'bad_response', status: response.status, method: 'GET', url, message });
        }
        return body;
      },
      limit,
      { result, firstUrl, maxPages: this.#options.maxPages },
    );
  }

  #traceLines(lines: string[]): void {
    for (const line of lines) this.#options.trace?.(this.#redact(line));
  }

  #recordRateLimit(headers: Record<string, string>): void {
    const limit = Number(headers['x-ratelimit-limit']);
    const remaining = Number(headers['x-ratelimit-remaining']);
    if (Number.isFinite(limit)) this.rateLimit.limit = limit;
    if (Number.isFinite(remaining)) this.rateLimit.remaining = remaining;
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

  /** A server that echoes the token or a secret back in its error message must not make us print it. */
  #redactError(error: ApiError): ApiError {
    const errors =
      error.errors &&
      Object.fromEntries(
        Object.entries(error.errors).map(([field, messages]) => [this.#redact(field), messages.map(this.#redact)]),
      );
    const response = error.response && {
      ...error.response,
      text: this.#redact(error.response.text),
      headers: this.redactHeaders(error.response.headers),
    };
    return error.with({ errors, message: this.#redact(error.message), response });
  }

  /** Header values with the token and every known secret removed (`api -i`, error responses). */
  redactHeaders(headers: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, this.#redact(value)]));
  }
}
