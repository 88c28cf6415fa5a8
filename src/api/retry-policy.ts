// The retry policy, in one place. Why we decide retries ourselves rather than with an HTTP
// library's retry layer (undici's RetryAgent, for one): those retry a method either for
// every listed status or for none, so they cannot say "POST only on 429 and refused
// connections"; they throw away the body of the final failed response (we must show the
// server's status and message); and they have no notion of "this request may already have
// been applied", which decides whether a create is re-sent. The decision is a pure function
// so it is unit-tested with an injected clock and random source.

export const RETRY_DEFAULTS = {
  /** Attempts in all (first try included) for 5xx, resets and timeouts. */
  maxAttempts: 4,
  /** 429 is an instruction to wait, not a fault: allow more rounds of it. */
  maxRateLimitAttempts: 8,
  /** Full-jitter exponential backoff: delay = random() * min(maxDelayMs, baseDelayMs * 2^(attempt-1)). */
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  /**
   * Waiting is bounded even when the service asks for more: a single Retry-After longer than
   * maxRetryAfterMs, or one that would take this request's waits past maxTotalWaitMs, is not
   * waited out; the 429 is reported, naming the wait. A service that answers every request
   * with 429 and a long Retry-After would otherwise hold a run for hours (eight rounds of it).
   * PWCTL_MAX_WAIT sets both, for unattended jobs that would rather wait (waitBounds below).
   */
  maxRetryAfterMs: 5 * 60_000,
  maxTotalWaitMs: 10 * 60_000,
  /**
   * A command's waits, all its requests together (command-waits.ts), are bounded too: to
   * maxTotalWaitMs, plus this much for every answer the service gave it. A service that keeps
   * to a rate limit answers many requests per wait (the reference's 60 a minute cost a long
   * bulk run about 1 s of waiting per answer), so such a run goes on as long as it needs; one
   * that asks for minutes before every answer (each page of a list, each item of a bulk run)
   * ends the command within minutes instead of holding it for days. PWCTL_MAX_WAIT sets it to
   * a hundredth of its bound.
   */
  waitPerAnswerMs: 6_000,
} as const;

export type RetryPolicy = { -readonly [K in keyof typeof RETRY_DEFAULTS]: number };

export type Failure =
  | { kind: 'status'; status: number; retryAfterMs?: number }
  /** The connection was refused or the host not found: nothing was sent, any method may retry. */
  | { kind: 'not-sent' }
  /** The connection broke after the request may have been written. */
  | { kind: 'network' }
  | { kind: 'timeout' }
  /** Asking again cannot help: a certificate this machine does not trust, a proxy that wants credentials. */
  | { kind: 'final' };

export type RetryDecision =
  | { retry: true; delayMs: number; reason: string }
  /** `explain`: the policy, not the service, ended the request; the user is told why (appended to the error). */
  | { retry: false; reason: string; explain?: string };

/** What a command has waited so far, and how many answers it has had (command-waits.ts). */
export interface WaitsSoFar {
  readonly waitedMs: number;
  readonly answers: number;
  /** What the command will have waited once a wait of `ms` that begins now is over. */
  after(ms: number): number;
}

/** The policy with PWCTL_MAX_WAIT's bound on waits (seconds) in place of the defaults' bounds. */
export function waitBounds(maxWaitSeconds: number | undefined, policy: RetryPolicy = RETRY_DEFAULTS): RetryPolicy {
  if (maxWaitSeconds === undefined) return { ...policy };
  const ms = maxWaitSeconds * 1000;
  return { ...policy, maxRetryAfterMs: ms, maxTotalWaitMs: ms, waitPerAnswerMs: ms / 100 };
}

/** Methods the HTTP spec calls idempotent; the API adds some POSTs (reorder, tag changes), flagged per request. */
export function isIdempotentMethod(method: string): boolean {
  return ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'].includes(method.toUpperCase());
}

/**
 * Whether to try `attempt` again after `failure`, and after how long. `waitedMs` is what this
 * request has already waited before its retries, for the bound on all its waits together;
 * `command`, what the whole command has waited, for the bound on a command's waits.
 */
export function decideRetry(
  failure: Failure,
  attempt: number,
  idempotent: boolean,
  policy: RetryPolicy = RETRY_DEFAULTS,
  random: () => number = Math.random,
  waitedMs = 0,
  command?: WaitsSoFar,
): RetryDecision {
  const backoff = () => Math.round(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)));

  if (failure.kind === 'status' && failure.status === 429) {
    if (attempt >= policy.maxRateLimitAttempts) return { retry: false, reason: 'rate limited; retries exhausted' };
    const wait = failure.retryAfterMs ?? backoff();
    const asked = `the service asked to wait ${formatWait(wait)}${failure.retryAfterMs !== undefined ? ' (Retry-After)' : ''}`;
    if (wait > policy.maxRetryAfterMs) {
      return {
        retry: false,
        reason: 'Retry-After is too long to wait',
        explain: `${asked}, longer than the ${formatWait(policy.maxRetryAfterMs)} pwctl waits (PWCTL_MAX_WAIT)`,
      };
    }
    if (waitedMs + wait > policy.maxTotalWaitMs) {
      return {
        retry: false,
        reason: 'the waits of this request would add up to too long',
        explain: `${asked} after ${formatWait(waitedMs)} of waits already, more than the ${formatWait(policy.maxTotalWaitMs)} pwctl waits for one request (PWCTL_MAX_WAIT)`,
      };
    }
    if (command) {
      const allowedMs = policy.maxTotalWaitMs + command.answers * policy.waitPerAnswerMs;
      if (command.after(wait) > allowedMs) {
        const n = command.answers;
        return {
          retry: false,
          reason: 'the waits of this command would add up to too long',
          explain: `${asked} after ${formatWait(command.waitedMs)} of waits in this command, more than the ${formatWait(allowedMs)} pwctl waits in all for a command that has had ${n === 0 ? 'no answer' : `${n} ${n === 1 ? 'answer' : 'answers'}`} (PWCTL_MAX_WAIT)`,
        };
      }
    }
    return {
      retry: true,
      delayMs: wait,
      reason: failure.retryAfterMs !== undefined ? 'rate limited; waiting Retry-After' : 'rate limited',
    };
  }
  if (failure.kind === 'final') return { retry: false, reason: 'not worth retrying' };
  if (failure.kind === 'not-sent') {
    if (attempt >= policy.maxAttempts) return { retry: false, reason: 'connection failed; retries exhausted' };
    return { retry: true, delayMs: backoff(), reason: 'connection failed before sending' };
  }
  const transient = failure.kind !== 'status' || failure.status >= 500;
  if (!transient) return { retry: false, reason: `status ${failure.kind === 'status' ? failure.status : ''} is final` };
  if (!idempotent) return { retry: false, reason: 'not idempotent; never re-sent' };
  if (attempt >= policy.maxAttempts) return { retry: false, reason: 'retries exhausted' };
  return {
    retry: true,
    delayMs: backoff(),
    reason: failure.kind === 'status' ? `server error ${failure.status}` : failure.kind,
  };
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A wait in words: "1.5 s", "5 min", "27 h 46 min 40 s". */
export function formatWait(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const total = Math.round(ms / 1000);
  const parts: Array<[number, string]> = [
    [Math.floor(total / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's'],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}
