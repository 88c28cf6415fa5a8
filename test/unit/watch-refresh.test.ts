// The pieces of --watch that are arithmetic and bookkeeping: the rate limit's floor on the
// interval (with the words that say so), and which records a refresh into a pipe writes.
import { describe, expect, it } from 'vitest';
import { RecordChanges } from '../../src/output/watch/changes.js';
import { rateFloorMs, refreshInterval } from '../../src/output/watch/rate-floor.js';

describe('the rate limit floor', () => {
  it('is requests × a minute / the limit, the reference’s 60 until the service says its own', () => {
    expect(rateFloorMs(1)).toBe(1_000);
    expect(rateFloorMs(20)).toBe(20_000);
    expect(rateFloorMs(3, 600)).toBe(300);
    expect(rateFloorMs(0, 60)).toBe(0);
  });

  it('raises an interval below it, and says why', () => {
    expect(refreshInterval(2_000, 1, 60)).toEqual({ intervalMs: 2_000 });
    expect(refreshInterval(2_000, 5, undefined)).toEqual({
      intervalMs: 5_000,
      raised: 'refreshing every 5s, not 2s: the service allows 60 requests a minute and each refresh takes 5 requests',
    });
    expect(refreshInterval(500, 0, 60)).toEqual({ intervalMs: 500 });
  });
});

describe('changes into a pipe', () => {
  it('every record first, then the new and the changed, and the keys of those gone', () => {
    const changes = new RecordChanges<{ id: number; title: string }>((r) => r.id);
    const a = { id: 1, title: 'a' };
    const b = { id: 2, title: 'b' };
    expect(changes.next([a, b])).toEqual({ changed: [a, b], gone: [] });
    expect(changes.next([a, b])).toEqual({ changed: [], gone: [] });
    const b2 = { id: 2, title: 'b, renamed' };
    const c = { id: 3, title: 'c' };
    expect(changes.next([b2, c])).toEqual({ changed: [b2, c], gone: [1] });
    // One that comes back is new again.
    expect(changes.next([a, b2, c])).toEqual({ changed: [a], gone: [] });
  });
});
