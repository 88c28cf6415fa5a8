// Duplicate detection for deliveries. The reference says an event may be delivered more
// than once and that receivers tell repeats by resource id and timestamps; the memory of
// what was seen is a bounded LRU so a long-running listener stays flat.

export const DEFAULT_DUPLICATE_MEMORY = 10_000;

export class DuplicateTracker {
  /** Remembered keys, least recently seen first: a Map keeps insertion order. */
  readonly #seen = new Map<string, true>();
  // One iterator over the keys, kept for the tracker's life, finds the oldest key. A fresh
  // `keys().next()` would walk past every entry deleted from the front since the Map last
  // compacted its table (thousands, at the default bound); a live iterator has already
  // passed them, and still sees keys set after it was made, as Map iterators do.
  readonly #oldest = this.#seen.keys();

  constructor(readonly capacity = DEFAULT_DUPLICATE_MEMORY) {}

  /** Record `key`; true when it was already seen (and still remembered). */
  check(key: string): boolean {
    // A repeat moves to the back, so an often-repeated delivery is not forgotten first.
    const seen = this.#seen.delete(key);
    this.#seen.set(key, true);
    if (this.#seen.size > this.capacity) this.#seen.delete(this.#oldest.next().value!);
    return seen;
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
    if (!key.endsWith('_at')) continue;
    const value = record[key];
    if (typeof value === 'string') stamps.push(`${key}=${value}`);
  }
  // Sorted, so a re-serialised copy with its keys in another order is still the same delivery.
  if (stamps.length > 1) stamps.sort();
  const parts = [event, String(record.id), ...stamps];
  if (Array.isArray(record.added_tags)) parts.push(`added_tags=${tagIds(record.added_tags)}`);
  if (Array.isArray(record.removed_tags)) parts.push(`removed_tags=${tagIds(record.removed_tags)}`);
  // join makes one flat string: a key built with + stays a tree of pieces, and ten thousand
  // remembered trees cost the garbage collector several times what flat keys do.
  return parts.join('|');
}

/** A tag list as its ids (an element that is not an object stands for itself), comma-separated. */
function tagIds(tags: readonly unknown[]): string {
  let ids = '';
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i];
    if (i > 0) ids += ',';
    ids += tag && typeof tag === 'object' ? String((tag as { id?: unknown }).id) : String(tag);
  }
  return ids;
}
