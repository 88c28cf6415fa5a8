import { describe, expect, it } from 'vitest';
import { DuplicateTracker, deliveryKey } from '../../src/webhooks/duplicates.js';

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

  it('stays bounded over many distinct keys', () => {
    const tracker = new DuplicateTracker(100);
    for (let i = 0; i < 10_000; i++) tracker.check(`k${i}`);
    expect(tracker.size).toBe(100);
  });
});

describe('deliveryKey', () => {
  const payload = { id: 103, title: 'A', updated_at: '2025-01-01T00:00:00.000001Z', completed_at: '2025-01-01T00:00:00.000001Z' };

  it('is the same for the same event, id and timestamps whatever the key order or other fields', () => {
    const reordered = { completed_at: payload.completed_at, title: 'A (renamed)', updated_at: payload.updated_at, id: 103 };
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

  it('falls back to the signature for bodies without an id', () => {
    expect(deliveryKey('x', 'not json', 'sigA')).toBe(deliveryKey('x', 'not json', 'sigA'));
    expect(deliveryKey('x', { a: 1 }, 'sigA')).not.toBe(deliveryKey('x', { a: 1 }, 'sigB'));
  });
});
