import { describe, expect, it } from 'vitest';
import { CommandWaits } from '../../src/api/command-waits.js';
import {
  decideRetry,
  formatWait,
  isIdempotentMethod,
  parseRetryAfter,
  RETRY_DEFAULTS,
  waitBounds,
} from '../../src/api/retry-policy.js';

const half = () => 0.5;

describe('decideRetry', () => {
  it('retries 429 for every method, waiting exactly Retry-After', () => {
    for (const idempotent of [true, false]) {
      const d = decideRetry({ kind: 'status', status: 429, retryAfterMs: 3000 }, 1, idempotent, RETRY_DEFAULTS, half);
      expect(d).toEqual({ retry: true, delayMs: 3000, reason: 'rate limited; waiting Retry-After' });
    }
  });

  it('gives up on 429 after the rate-limit budget and on an absurd Retry-After', () => {
    expect(
      decideRetry({ kind: 'status', status: 429, retryAfterMs: 10 }, RETRY_DEFAULTS.maxRateLimitAttempts, true).retry,
    ).toBe(false);
    expect(decideRetry({ kind: 'status', status: 429, retryAfterMs: 3_600_000 }, 1, true).retry).toBe(false);
  });

  it('waits out a single Retry-After of up to 5 minutes, not one second more, and says how long was asked', () => {
    expect(RETRY_DEFAULTS.maxRetryAfterMs).toBe(300_000);
    expect(
      decideRetry({ kind: 'status', status: 429, retryAfterMs: 300_000 }, 1, true, RETRY_DEFAULTS, half),
    ).toMatchObject({ retry: true, delayMs: 300_000 });
    expect(decideRetry({ kind: 'status', status: 429, retryAfterMs: 301_000 }, 1, true, RETRY_DEFAULTS, half)).toEqual({
      retry: false,
      reason: 'Retry-After is too long to wait',
      explain: 'the service asked to wait 5 min 1 s (Retry-After), longer than the 5 min pwctl waits (PWCTL_MAX_WAIT)',
    });
    const huge = decideRetry({ kind: 'status', status: 429, retryAfterMs: 100_000_000 }, 1, true, RETRY_DEFAULTS, half);
    expect(huge.retry === false && huge.explain).toMatch(/^the service asked to wait 27 h 46 min 40 s \(Retry-After\)/);
  });

  it('stops when the waits of one request would add up to more than 10 minutes', () => {
    expect(RETRY_DEFAULTS.maxTotalWaitMs).toBe(600_000);
    const wait = (waitedMs: number, retryAfterMs: number) =>
      decideRetry({ kind: 'status', status: 429, retryAfterMs }, 3, false, RETRY_DEFAULTS, half, waitedMs);
    expect(wait(300_000, 300_000)).toMatchObject({ retry: true, delayMs: 300_000 });
    expect(wait(599_000, 1_000)).toMatchObject({ retry: true });
    expect(wait(599_000, 2_000)).toEqual({
      retry: false,
      reason: 'the waits of this request would add up to too long',
      explain:
        'the service asked to wait 2 s (Retry-After) after 9 min 59 s of waits already, more than the 10 min pwctl waits for one request (PWCTL_MAX_WAIT)',
    });
    // Retry-After: 100 for ever: six waits (10 min), then the seventh 429 is reported.
    let waited = 0;
    let requests = 1;
    for (;;) {
      const decision = wait(waited, 100_000);
      if (!decision.retry) break;
      waited += decision.delayMs;
      requests++;
    }
    expect({ waited, requests }).toEqual({ waited: 600_000, requests: 7 });
  });

  it('PWCTL_MAX_WAIT sets the bounds, higher or lower', () => {
    const longer = waitBounds(3600);
    expect(longer).toMatchObject({
      ...RETRY_DEFAULTS,
      maxRetryAfterMs: 3_600_000,
      maxTotalWaitMs: 3_600_000,
      waitPerAnswerMs: 36_000,
    });
    expect(
      decideRetry({ kind: 'status', status: 429, retryAfterMs: 1_800_000 }, 1, true, longer, half, 1_800_000),
    ).toMatchObject({ retry: true, delayMs: 1_800_000 });
    expect(
      decideRetry({ kind: 'status', status: 429, retryAfterMs: 1_800_000 }, 1, true, longer, half, 1_800_001).retry,
    ).toBe(false);
    const shorter = decideRetry({ kind: 'status', status: 429, retryAfterMs: 2_000 }, 1, true, waitBounds(1), half);
    expect(shorter.retry === false && shorter.explain).toBe(
      'the service asked to wait 2 s (Retry-After), longer than the 1 s pwctl waits (PWCTL_MAX_WAIT)',
    );
    expect(waitBounds(undefined)).toEqual(RETRY_DEFAULTS);
  });

  it('bounds the waits of a whole command: 10 minutes, and 6 s more for each answer it has had', () => {
    let clock = 0;
    const waits = new CommandWaits(() => clock);
    /** One request of the command: 429 with this Retry-After, waited out (or not), then an answer. */
    const request = (retryAfterMs: number) => {
      const decision = decideRetry(
        { kind: 'status', status: 429, retryAfterMs },
        1,
        true,
        RETRY_DEFAULTS,
        half,
        0,
        waits,
      );
      if (!decision.retry) return decision;
      waits.waiting(decision.delayMs);
      clock += decision.delayMs;
      waits.answered();
      return decision;
    };
    // A service that asks for 4 minutes before every answer: the third request is not waited for.
    expect(request(240_000)).toMatchObject({ retry: true });
    expect(request(240_000)).toMatchObject({ retry: true });
    expect(request(240_000)).toEqual({
      retry: false,
      reason: 'the waits of this command would add up to too long',
      explain:
        'the service asked to wait 4 min (Retry-After) after 8 min of waits in this command, more than the 10 min 12 s pwctl waits in all for a command that has had 2 answers (PWCTL_MAX_WAIT)',
    });
    // A rate limit of 60 a minute: a minute's wait for every 60 answers goes on for hours.
    clock = 0;
    const limited = new CommandWaits(() => clock);
    for (let minute = 0; minute < 600; minute++) {
      const decision = decideRetry(
        { kind: 'status', status: 429, retryAfterMs: 60_000 },
        1,
        true,
        RETRY_DEFAULTS,
        half,
        0,
        limited,
      );
      expect(decision.retry).toBe(true);
      limited.waiting(60_000);
      clock += 60_000;
      for (let i = 0; i < 60; i++) limited.answered();
    }
    expect(limited.waitedMs).toBe(600 * 60_000);
  });

  it('counts waits that overlap once: workers waiting out one rate limit side by side', () => {
    let clock = 0;
    const waits = new CommandWaits(() => clock);
    for (let worker = 0; worker < 8; worker++) waits.waiting(60_000);
    expect(waits.waitedMs).toBe(60_000);
    clock = 30_000;
    expect(waits.after(60_000)).toBe(90_000);
    clock = 120_000;
    waits.waiting(1_000);
    expect(waits.waitedMs).toBe(61_000);
  });

  it('retries 5xx, resets and timeouts only for idempotent requests', () => {
    for (const failure of [{ kind: 'status', status: 503 }, { kind: 'network' }, { kind: 'timeout' }] as const) {
      expect(decideRetry(failure, 1, true, RETRY_DEFAULTS, half).retry).toBe(true);
      const post = decideRetry(failure, 1, false, RETRY_DEFAULTS, half);
      expect(post.retry).toBe(false);
      expect(post.reason).toMatch(/not idempotent/);
    }
  });

  it('retries a refused connection for any method: nothing was sent', () => {
    expect(decideRetry({ kind: 'not-sent' }, 1, false, RETRY_DEFAULTS, half).retry).toBe(true);
    expect(decideRetry({ kind: 'not-sent' }, RETRY_DEFAULTS.maxAttempts, false).retry).toBe(false);
  });

  it('never retries other 4xx statuses', () => {
    for (const status of [400, 401, 403, 404, 422])
      expect(decideRetry({ kind: 'status', status }, 1, true).retry).toBe(false);
  });

  it('uses full-jitter exponential backoff capped at maxDelayMs', () => {
    const policy = { ...RETRY_DEFAULTS, baseDelayMs: 100, maxDelayMs: 1000 };
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) => {
      const d = decideRetry({ kind: 'status', status: 500 }, attempt, true, { ...policy, maxAttempts: 10 }, () => 1);
      return d.retry ? d.delayMs : -1;
    });
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000]);
    const zero = decideRetry({ kind: 'status', status: 500 }, 3, true, policy, () => 0);
    expect(zero.retry && zero.delayMs).toBe(0);
  });

  it('stops after maxAttempts', () => {
    expect(decideRetry({ kind: 'status', status: 500 }, RETRY_DEFAULTS.maxAttempts - 1, true).retry).toBe(true);
    expect(decideRetry({ kind: 'status', status: 500 }, RETRY_DEFAULTS.maxAttempts, true).retry).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('formatWait', () => {
  it('names a wait in seconds, minutes and hours', () => {
    expect([1_500, 59_000, 60_000, 301_000, 3_600_000, 100_000_000].map(formatWait)).toEqual([
      '1.5 s',
      '59 s',
      '1 min',
      '5 min 1 s',
      '1 h',
      '27 h 46 min 40 s',
    ]);
  });
});

describe('isIdempotentMethod', () => {
  it('follows RFC 9110', () => {
    expect(['GET', 'put', 'DELETE', 'HEAD'].every(isIdempotentMethod)).toBe(true);
    expect(['POST', 'PATCH'].some(isIdempotentMethod)).toBe(false);
  });
});
