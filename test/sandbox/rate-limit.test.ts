// Rate limiting per user (per client IP without a valid token), with a small limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { api } from './http.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ rateLimit: 3, rateWindowSec: 3600 });
});
afterAll(() => sb.close());

describe('rate limiting', () => {
  it('counts down X-RateLimit-Remaining, then answers 429 with an integer Retry-After', async () => {
    const seen: Array<[number, string | null, string | null]> = [];
    for (let i = 0; i < 4; i++) {
      const r = await api.get(sb, '/milestones', { as: 'manager' });
      seen.push([r.status, r.headers.get('x-ratelimit-limit'), r.headers.get('x-ratelimit-remaining')]);
    }
    expect(seen).toEqual([
      [200, '3', '2'],
      [200, '3', '1'],
      [200, '3', '0'],
      [429, '3', '0'],
    ]);
    const limited = await api.get(sb, '/milestones', { as: 'manager' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBeTypeOf('string');
    const retryAfter = limited.headers.get('retry-after') ?? '';
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(3600);
  });

  it('keeps a separate budget per user', async () => {
    const r = await api.get(sb, '/milestones', { as: 'member' });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('limits unauthenticated requests per IP, with the headers on the 401 too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await api.get(sb, '/steps', { as: { token: 'nope' } });
      statuses.push(r.status);
      expect(r.headers.get('x-ratelimit-limit')).toBe('3');
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('applies the limit to errors and writes alike', async () => {
    const limited = await startTestSandbox({ rateLimit: 1, rateWindowSec: 3600 });
    try {
      expect((await api.post(limited, '/steps', {})).status).toBe(422);
      expect((await api.post(limited, '/steps', { title: 'x', phase_id: 41 })).status).toBe(429);
      expect(Object.values(limited.state.steps).some((s) => s.title === 'x')).toBe(false);
    } finally {
      await limited.close();
    }
  });
});
