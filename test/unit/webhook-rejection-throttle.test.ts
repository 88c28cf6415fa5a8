// How `listen` prints refusals: one line each at first, then one summary a second while a
// flood lasts, and one line each again once it is over.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RejectedRequest, RejectionKind } from '../../src/webhooks/rejections.js';
import { RejectionThrottle, type RejectionGroup } from '../../src/webhooks/rejection-throttle.js';

function rejection(status: number | null, kind: RejectionKind, url = '/'): RejectedRequest {
  return {
    receivedAt: Date.now(),
    status,
    kind,
    reason: kind,
    method: 'POST',
    url,
    remote: '127.0.0.1',
    rawHeaders: [],
  };
}

let shown: string[];
let summaries: Array<{ total: number; groups: RejectionGroup[] }>;
let throttle: RejectionThrottle;

beforeEach(() => {
  vi.useFakeTimers();
  shown = [];
  summaries = [];
  throttle = new RejectionThrottle({
    show: (r) => shown.push(r.url),
    summarise: (total, groups) => summaries.push({ total, groups }),
  });
});
afterEach(() => vi.useRealTimers());

describe('RejectionThrottle', () => {
  it('shows isolated refusals at once, each on its own', () => {
    throttle.add(rejection(401, 'no-match', '/a'));
    expect(shown).toEqual(['/a']);
    vi.advanceTimersByTime(5_000);
    throttle.add(rejection(405, 'wrong-method', '/b'));
    expect(shown).toEqual(['/a', '/b']);
    vi.advanceTimersByTime(5_000);
    expect(summaries).toEqual([]);
  });

  it('shows the first five of a burst, then sums up the rest at the end of the second, grouped by status and kind, most frequent first', () => {
    for (let i = 0; i < 1_000; i++)
      throttle.add(i % 10 === 9 ? rejection(405, 'wrong-method', `/${i}`) : rejection(401, 'no-match', `/${i}`));
    expect(shown).toEqual(['/0', '/1', '/2', '/3', '/4']);
    expect(summaries).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(summaries).toEqual([
      {
        total: 995,
        groups: [
          { status: 401, kind: 'no-match', count: 895 },
          { status: 405, kind: 'wrong-method', count: 100 },
        ],
      },
    ]);
  });

  it('while a flood lasts prints one summary a second and no single lines; after it, single lines again', () => {
    for (let second = 0; second < 3; second++) {
      for (let i = 0; i < 100; i++) throttle.add(rejection(401, 'no-match'));
      vi.advanceTimersByTime(1_000);
    }
    expect(shown).toHaveLength(5);
    expect(summaries.map((s) => s.total)).toEqual([95, 100, 100]);
    // A second with no more than a few: summarised, and the flood is over.
    throttle.add(rejection(401, 'no-match', '/trickle'));
    vi.advanceTimersByTime(1_000);
    expect(summaries.map((s) => s.total)).toEqual([95, 100, 100, 1]);
    throttle.add(rejection(401, 'no-match', '/lone'));
    expect(shown.at(-1)).toBe('/lone');
  });

  it('flush prints what is counted so far (at shutdown) and nothing when nothing is', () => {
    throttle.flush();
    expect(summaries).toEqual([]);
    for (let i = 0; i < 8; i++) throttle.add(rejection(null, 'over-connections'));
    throttle.flush();
    expect(summaries).toEqual([{ total: 3, groups: [{ status: null, kind: 'over-connections', count: 3 }] }]);
    vi.advanceTimersByTime(5_000);
    expect(summaries).toHaveLength(1);
  });
});
