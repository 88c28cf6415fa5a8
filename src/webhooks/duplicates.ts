// Duplicate detection for deliveries. The reference says an event may be delivered more
// than once and that receivers tell repeats by resource id and timestamps; the memory of
// what was seen is a bounded LRU so a long-running listener stays flat.

export const DEFAULT_DUPLICATE_MEMORY = 10_000;

export class DuplicateTracker {
  readonly #seen = new Map<string, true>();

  constructor(readonly capacity = DEFAULT_DUPLICATE_MEMORY) {}

  /** Record `key`; true when it was already seen (and still remembered). */
  check(key: string): boolean {
    if (this.#seen.has(key)) {
      // Refresh its place so an often-repeated delivery is not forgotten first.
      this.#seen.delete(key);
      this.#seen.set(key, true);
      return true;
    }
    this.#seen.set(key, true);
    if (this.#seen.size > this.capacity) this.#seen.delete(this.#seen.keys().next().value as string);
    return false;
  }

  get size(): number {
    return this.#seen.size;
  }
}

/**
 * What makes two deliveries the same: event, resource id, every top-level timestamp
 * (`*_at`), and for tag changes the delta itself. A body without an id (not a known
 * payload) falls back to `fallback` (the signature: a digest of the exact bytes).
 */
export function deliveryKey(event: string, payload: unknown, fallback: string): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return `${event}|raw|${fallback}`;
  const record = payload as Record<string, unknown>;
  if (typeof record.id !== 'number' && typeof record.id !== 'string') return `${event}|raw|${fallback}`;
  const stamps: string[] = [];
  for (const key in record) {
    if (key.endsWith('_at') && typeof record[key] === 'string') stamps.push(`${key}=${record[key] as string}`);
  }
  // Sorted, so a re-serialised copy with its keys in another order is still the same delivery.
  const parts = [event, String(record.id), ...stamps.sort()];
  for (const key of ['added_tags', 'removed_tags']) {
    const tags = record[key];
    if (Array.isArray(tags)) parts.push(`${key}=${tags.map((t) => (t && typeof t === 'object' ? String((t as { id?: unknown }).id) : String(t))).join(',')}`);
  }
  return parts.join('|');
}
