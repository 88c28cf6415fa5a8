import { describe, expect, it } from 'vitest';
import { decideRetry, isIdempotentMethod, parseRetryAfter, RETRY_DEFAULTS } from '../../src/api/retry-policy.js';

const half = () => 0.5;

describe('decideRetry', () => {
  it('retries 429 for every method, waiting exactly Retry-After', () => {
    for (const idempotent of [true, false]) {
      const d = decideRetry({ kind: 'status', status: 429, retryAfterMs: 3000 }, 1, idempotent, RETRY_DEFAULTS, half);
      expect(d).toEqual({ retry: true, delayMs: 3000, reason: 'rate limited; waiting Retry-After' });
    }
  });

  it('gives up on 429 after the rate-limit budget and on an absurd Retry-After', () => {
    expect(decideRetry({ kind: 'status', status: 429, retryAfterMs: 10 }, RETRY_DEFAULTS.maxRateLimitAttempts, true).retry).toBe(false);
    expect(decideRetry({ kind: 'status', status: 429, retryAfterMs: 3_600_000 }, 1, true).retry).toBe(false);
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
    for (const status of [400, 401, 403, 404, 422]) expect(decideRetry({ kind: 'status', status }, 1, true).retry).toBe(false);
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

describe('isIdempotentMethod', () => {
  it('follows RFC 9110', () => {
    expect(['GET', 'put', 'DELETE', 'HEAD'].every(isIdempotentMethod)).toBe(true);
    expect(['POST', 'PATCH'].some(isIdempotentMethod)).toBe(false);
  });
});
