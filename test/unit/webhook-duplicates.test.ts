import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DuplicateTracker, deliveryKey } from '../../src/webhooks/duplicates.js';

/** deliveryKey as it was first written: the reference for the faster one. */
function referenceKey(event: string, payload: unknown, fallback: string): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return `${event}|raw|${fallback}`;
  const record = payload as Record<string, unknown>;
  if (typeof record.id !== 'number' && typeof record.id !== 'string') return `${event}|raw|${fallback}`;
  const stamps: string[] = [];
  for (const key in record) {
    if (key.endsWith('_at') && typeof record[key] === 'string') stamps.push(`${key}=${record[key] as string}`);
  }
  const parts = [event, String(record.id), ...stamps.sort()];
  for (const key of ['added_tags', 'removed_tags']) {
    const tags = record[key];
    if (Array.isArray(tags))
      parts.push(
        `${key}=${tags.map((t) => (t && typeof t === 'object' ? String((t as { id?: unknown }).id) : String(t))).join(',')}`,
      );
  }
  return parts.join('|');
}

/** A least-recently-seen Map in its plainest form: the reference for the tracker's answers. */
class MapTracker {
  readonly seen = new Map<string, true>();
  constructor(readonly capacity: number) {}
  check(key: string): boolean {
    if (this.seen.has(key)) {
      this.seen.delete(key);
      this.seen.set(key, true);
      return true;
    }
    this.seen.set(key, true);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.keys().next().value as string);
    return false;
  }
}

describe('DuplicateTracker', () => {
  it('marks a key seen before', () => {
    const tracker = new DuplicateTracker(10);
    expect(tracker.check('a')).toBe(false);
    expect(tracker.check('b')).toBe(false);
    expect(tracker.check('a')).toBe(true);
  });

  it('remembers at most `capacity` keys, forgetting the least recently seen', () => {
    const tracker = new DuplicateTracker(3);
    for (const key of ['a', 'b', 'c']) tracker.check(key);
    expect(tracker.check('a')).toBe(true); // refreshes a; b is now the oldest
    expect(tracker.check('d')).toBe(false); // evicts b
    expect(tracker.size).toBe(3);
    expect(tracker.check('b')).toBe(false);
    expect(tracker.check('a')).toBe(true);
  });

  it('answers exactly as a least-recently-seen Map would, for any sequence of keys', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 400 }),
        (capacity, keys) => {
          const tracker = new DuplicateTracker(capacity);
          const reference = new MapTracker(capacity);
          for (const key of keys) {
            expect(tracker.check(`k${key}`)).toBe(reference.check(`k${key}`));
            expect(tracker.size).toBe(reference.seen.size);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps answering right when the same few keys repeat forever', () => {
    const tracker = new DuplicateTracker(4);
    for (let i = 0; i < 100_000; i++) tracker.check(`k${i % 3}`);
    expect(tracker.size).toBe(3);
    expect(tracker.check('k0')).toBe(true);
    expect(tracker.check('k3')).toBe(false);
    expect(tracker.check('k4')).toBe(false);
    // k1 was the least recently seen of the four remembered, so it is gone.
    expect(tracker.check('k1')).toBe(false);
    expect(tracker.check('k4')).toBe(true);
  });

  it('stays bounded over many distinct keys', () => {
    const tracker = new DuplicateTracker(100);
    for (let i = 0; i < 10_000; i++) tracker.check(`k${i}`);
    expect(tracker.size).toBe(100);
  });
});

describe('deliveryKey', () => {
  const payload = {
    id: 103,
    title: 'A',
    updated_at: '2025-01-01T00:00:00.000001Z',
    completed_at: '2025-01-01T00:00:00.000001Z',
  };

  it('is the same for the same event, id and timestamps whatever the key order or other fields', () => {
    const reordered = {
      completed_at: payload.completed_at,
      title: 'A (renamed)',
      updated_at: payload.updated_at,
      id: 103,
    };
    expect(deliveryKey('task.completed', reordered, 'sig1')).toBe(deliveryKey('task.completed', payload, 'sig2'));
  });

  it('differs by event, id or any timestamp', () => {
    const key = deliveryKey('task.completed', payload, 's');
    expect(deliveryKey('task.created', payload, 's')).not.toBe(key);
    expect(deliveryKey('task.completed', { ...payload, id: 104 }, 's')).not.toBe(key);
    expect(deliveryKey('task.completed', { ...payload, updated_at: '2025-01-01T00:00:00.000002Z' }, 's')).not.toBe(key);
  });

  it('tells two tag changes apart by their delta', () => {
    const base = { id: 1, updated_at: 't' };
    expect(deliveryKey('task.tags_updated', { ...base, added_tags: [{ id: 61 }], removed_tags: [] }, 's')).not.toBe(
      deliveryKey('task.tags_updated', { ...base, added_tags: [], removed_tags: [{ id: 61 }] }, 's'),
    );
  });

  it('builds exactly the key it was first written to build, for any JSON value', () => {
    const key = fc.constantFrom(
      'id',
      'id',
      'created_at',
      'updated_at',
      'completed_at',
      '_at',
      'x_at',
      'added_tags',
      'removed_tags',
      'title',
      '0',
      'b',
    );
    const payload = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(key, fc.jsonValue({ maxDepth: 3 })));
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), payload, (event, p) => {
        expect(deliveryKey(event, p, 'sig')).toBe(referenceKey(event, p, 'sig'));
      }),
      { numRuns: 2_000 },
    );
  });

  it('falls back to the signature for bodies without an id', () => {
    expect(deliveryKey('x', 'not json', 'sigA')).toBe(deliveryKey('x', 'not json', 'sigA'));
    expect(deliveryKey('x', { a: 1 }, 'sigA')).not.toBe(deliveryKey('x', { a: 1 }, 'sigB'));
  });
});
