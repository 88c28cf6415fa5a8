// The attempts of one request: send, read the answer, and decide — retry after a wait (the
// policy in retry-policy.ts), renew the token once after a 401, accept a 404 from a retried
// DELETE whose earlier attempt's answer was lost, or give up with the server's own error.
import { ApiError, errorFromResponse, statusText } from './errors.js';
import type { Exchange } from './exchange.js';
import { foreignTrait, notTheService } from './foreign-service.js';
import { errorCode, networkError, proxyAnswerError } from './network-errors.js';
import type { ProxyRoute } from './proxy-config.js';
import { parseJsonBody } from './response-body.js';
import type { CommandWaits } from './command-waits.js';
import { decideRetry, parseRetryAfter, type Failure, type RetryPolicy } from './retry-policy.js';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed JSON body; undefined for an empty body. */
  json: unknown;
  /** A retried DELETE found the record gone: an earlier attempt of this request deleted it (goneIsDone). */
  alreadyGone?: boolean;
}

export interface LoopRequest {
  method: string;
  url: string;
  /** The path and query, as messages show it. */
  path: string;
  idempotent: boolean;
  /** How the user can check whether a request with an unknown outcome was applied. */
  outcomeHint?: string;
  /** The proxy the request goes through, for messages and the trace. */
  proxy?: ProxyRoute;
  /** A DELETE of one record whose 404 after an attempt with an unknown outcome means done. */
  goneIsDone?: boolean;
  /** The first page of a list: the service has every list, so a 404 means another server. */
  listing?: boolean;
}

/** Told before each wait for a retry: which attempt comes next, of how many at most, and why. */
export interface RetryWait {
  delayMs: number;
  reason: string;
  status: number | null;
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
  /** The most attempts this kind of failure gets. */
  maxAttempts: number;
  /** What went wrong, as words after "after": "a 503 answer", "the connection broke". */
  after: string;
}

export interface LoopHooks {
  /** One attempt (with the current token). */
  send(): Promise<Exchange>;
  /** Renews an expired access token once, on a 401; true when there is a new one to retry with. */
  renewToken?: () => Promise<boolean>;
  /** Every answer's headers (rate-limit bookkeeping). */
  onAnswer(headers: Record<string, string>): void;
  /** The error the user will see, with anything secret removed. */
  redact(error: ApiError): ApiError;
  trace(line: string): void;
  /** The answer's headers (and body) for --debug, after its status line. */
  traceAnswer?: (answer: Exchange) => void;
  /** What to do about a 401 that renewal could not cure (sign in again, check PWCTL_TOKEN). */
  unauthorizedHint?: string;
  onWait?: (wait: RetryWait) => void;
  /** Appended when an answer is not the service's (a login page, a redirect): what the user can check. */
  wrongServiceHint?: string;
  policy: RetryPolicy;
  /** The Retry-After waits of the whole command (every request of the client), bounded together. */
  waits?: CommandWaits;
  /** Resolves after `ms`, or rejects at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Aborted when the user interrupts the run: a wait for a retry ends, and nothing is re-sent. */
  signal?: AbortSignal;
  random?: () => number;
}

export async function sendWithRetries(request: LoopRequest, hooks: LoopHooks): Promise<ApiResponse> {
  const { method, url, path, idempotent } = request;
  let renewed = false;
  /** An earlier attempt may have been applied by the server without us seeing the answer. */
  let mayHaveApplied = false;
  /** The waits before this request's retries so far (the policy bounds their sum). */
  let waitedMs = 0;

  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    const took = () => `${Math.round(Date.now() - started)}ms`;
    hooks.trace(
      `→ ${method} ${url}${attempt > 1 ? ` (attempt ${attempt})` : ''}${request.proxy ? ` via proxy ${request.proxy.label}` : ''}`,
    );
    let failure: Failure;
    let lastError: ApiError;
    let status: number | null = null;

    // Only the exchange itself is guarded: anything else that throws (a token renewal hook,
    // a parse) must reach the caller as it is, not be mistaken for a network fault.
    let answer: Exchange | undefined;
    try {
      answer = await hooks.send();
    } catch (error) {
      const code = errorCode(error);
      hooks.trace(`✗ ${method} ${path} ${code} ${took()}`);
      ({ failure, error: lastError } = networkError(error, {
        ...request,
        proxy: request.proxy,
        hint: outcomeHint(request),
      }));
      if (failure.kind !== 'not-sent' && !idempotent) throw lastError;
      if (failure.kind !== 'not-sent') mayHaveApplied = true;
    }

    if (answer) {
      status = answer.status;
      if (status !== 429 && status < 500) hooks.waits?.answered();
      hooks.trace(`← ${status} ${method} ${path} ${took()}`);
      hooks.traceAnswer?.(answer);
      hooks.onAnswer(answer.headers);
      const contentType = answer.headers['content-type'] ?? '';

      const trait = foreignTrait({
        status,
        contentType,
        text: answer.text,
        headers: answer.headers,
        listing: request.listing,
      });
      if (status >= 200 && status < 300) {
        const parsed = parseJsonBody(answer.text, contentType);
        if (parsed.ok) return { ...answer, json: parsed.value };
        if (trait) {
          throw new ApiError({
            kind: 'bad_response',
            status,
            method,
            url,
            message: `${method} ${path}: ${status}: ${notTheService(url, trait, hooks.wrongServiceHint)}`,
          });
        }
        const problem = `${method} ${path}: ${status} but the response body is not valid JSON (${parsed.reason})`;
        lastError = idempotent
          ? new ApiError({ kind: 'bad_response', status, method, url, message: problem })
          : new ApiError({
              kind: 'outcome_unknown',
              status,
              method,
              url,
              message: `${problem}; the request was probably applied and was not re-sent${outcomeHint(request)}`,
            });
        if (!idempotent) throw lastError;
        failure = { kind: 'network' };
        mayHaveApplied = true;
      } else {
        if (status === 401 && !renewed && hooks.renewToken) {
          renewed = true;
          if (await hooks.renewToken()) {
            hooks.trace('token renewed after 401; retrying once');
            attempt--;
            continue;
          }
        }
        if (status === 404 && mayHaveApplied && request.goneIsDone && method === 'DELETE') {
          hooks.trace('  404 after an attempt whose answer was lost: that attempt deleted it');
          return { ...answer, json: undefined, alreadyGone: true };
        }
        if (status >= 500) mayHaveApplied = true;
        lastError = hooks.redact(errorFromResponse(method, url, status, contentType, answer.text, answer.headers));
        if (status === 401 && hooks.unauthorizedHint)
          lastError = lastError.with({ message: `${lastError.message.replace(/\.$/, '')}; ${hooks.unauthorizedHint}` });
        // An error page from the proxy itself is told as the proxy's, without the service's remedies.
        const serviceError = lastError;
        lastError = proxyAnswerError(lastError, request.proxy, contentType);
        if (trait && lastError === serviceError) {
          lastError = lastError.with({
            message: `${method} ${path}: ${`${status} ${statusText(status)}`.trim()}: ${notTheService(url, trait, hooks.wrongServiceHint)}`,
          });
        }
        failure = { kind: 'status', status, retryAfterMs: parseRetryAfter(answer.headers['retry-after']) };
        if (status >= 500 && !idempotent) {
          throw lastError.with({
            message: `${lastError.message}; the request was not re-sent because it may have been applied${outcomeHint(request)}`,
          });
        }
      }
    }

    const decision = decideRetry(failure!, attempt, idempotent, hooks.policy, hooks.random, waitedMs, hooks.waits);
    if (!decision.retry) {
      hooks.trace(`  no retry: ${decision.reason}`);
      if (decision.explain)
        throw lastError!.with({ message: `${lastError!.message.replace(/\.$/, '')}; ${decision.explain}` });
      throw lastError!;
    }
    hooks.trace(`  retry in ${decision.delayMs}ms: ${decision.reason}`);
    const maxAttempts = status === 429 ? hooks.policy.maxRateLimitAttempts : hooks.policy.maxAttempts;
    hooks.onWait?.({
      delayMs: decision.delayMs,
      reason: decision.reason,
      status,
      attempt: attempt + 1,
      maxAttempts,
      after: failureInWords(failure!),
    });
    waitedMs += decision.delayMs;
    if (status === 429) hooks.waits?.waiting(decision.delayMs);
    if (hooks.signal?.aborted) throw interruptedWait(lastError!);
    try {
      await hooks.sleep(decision.delayMs, hooks.signal);
    } catch (error) {
      if (hooks.signal?.aborted) throw interruptedWait(lastError!);
      throw error;
    }
  }
}

/** The failure that was waiting to be retried when the run was interrupted: told as it was, and that it was not retried. */
function interruptedWait(error: ApiError): ApiError {
  return error.with({ message: `${error.message.replace(/\.$/, '')}; not retried: interrupted` });
}

function failureInWords(failure: Failure): string {
  switch (failure.kind) {
    case 'status':
      return failure.status === 429 ? 'a 429 (rate limited)' : `a ${failure.status} answer`;
    case 'not-sent':
      return 'the connection failed';
    case 'network':
      return 'the connection broke';
    case 'timeout':
      return 'no answer in time';
    case 'final':
      return 'a failure';
  }
}

/** The sentence that ends a message about a request that may have been applied. */
function outcomeHint(request: Pick<LoopRequest, 'outcomeHint'>): string {
  return request.outcomeHint
    ? `. Check with \`${request.outcomeHint}\` before trying again`
    : '. Check whether it was applied before trying again';
}
