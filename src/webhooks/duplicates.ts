// Duplicate detection for deliveries. The reference says an event may be delivered more
// than once and that receivers tell repeats by resource id and timestamps; the memory of
// what was seen is a bounded LRU so a long-running listener stays flat.

export const DEFAULT_DUPLICATE_MEMORY = 10_000;

export class DuplicateTracker {
  /** Each remembered key and the number of its latest sighting. */
  readonly #seen = new Map<string, number>();
  // The sightings in order, oldest first: a ring of keys and their sighting numbers. A
  // sighting whose number is no longer its key's latest is stale and skipped. (Map order
  // alone would do, but finding a Map's first key after many deletes from its front takes
  // time in proportion to the deletes: microseconds per delivery.) The ring is allocated
  // once, so a long-running listener's memory stays flat.
  readonly #keys: Array<string | undefined>;
  readonly #numbers: Float64Array;
  #head = 0;
  #count = 0;
  #next = 0;

  constructor(readonly capacity = DEFAULT_DUPLICATE_MEMORY) {
    // Room for every remembered key plus as many stale sightings; full, it is compacted.
    const size = 2 * capacity + 16;
    this.#keys = new Array<string | undefined>(size).fill(undefined);
    this.#numbers = new Float64Array(size);
  }

  /** Record `key`; true when it was already seen (and still remembered). */
  check(key: string): boolean {
    const seen = this.#seen.has(key);
    // A repeat is refreshed, so an often-repeated delivery is not forgotten first.
    const number = this.#next++;
    this.#seen.set(key, number);
    if (this.#count === this.#keys.length) this.#compact();
    const at = (this.#head + this.#count) % this.#keys.length;
    this.#keys[at] = key;
    this.#numbers[at] = number;
    this.#count++;
    if (!seen && this.#seen.size > this.capacity) this.#forgetOldest();
    return seen;
  }

  get size(): number {
    return this.#seen.size;
  }

  /** Sightings held, remembered and stale: at most about twice the capacity. */
  get logLength(): number {
    return this.#count;
  }

  #forgetOldest(): void {
    for (;;) {
      const key = this.#keys[this.#head]!;
      const number = this.#numbers[this.#head];
      this.#keys[this.#head] = undefined;
      this.#head = (this.#head + 1) % this.#keys.length;
      this.#count--;
      if (this.#seen.get(key) === number) {
        this.#seen.delete(key);
        return;
      }
    }
  }

  /** Drop stale sightings, keeping the order of the others. */
  #compact(): void {
    const size = this.#keys.length;
    let kept = 0;
    for (let i = 0; i < this.#count; i++) {
      const from = (this.#head + i) % size;
      const key = this.#keys[from]!;
      const number = this.#numbers[from]!;
      this.#keys[from] = undefined;
      if (this.#seen.get(key) !== number) continue;
      const to = (this.#head + kept++) % size;
      this.#keys[to] = key;
      this.#numbers[to] = number;
    }
    this.#count = kept;
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
