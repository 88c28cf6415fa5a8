// Remembers the ids and titles of the records a command printed, for shell completion of
// ids (`pwctl steps complete <TAB>`), and writes them to the profile's id cache when the
// command ends. The output writer only reports what it printed; this decides what to keep.
import type { ConfigStore } from '../config/store.js';
import type { IdKind } from '../id-kinds.js';
import type { View } from '../output/view.js';
import { cacheDir, LOCAL_IDS, MAX_CACHED_IDS, rememberIds } from './id-cache.js';

export class IdRecorder {
  readonly #seen = new Map<IdKind, Map<string, string>>();
  /** Kinds whose ids are the profile's own, not a service's (View.cache.local). */
  readonly #local = new Set<IdKind>();

  constructor(
    private readonly store: ConfigStore,
    private readonly profileName: string,
    /** Which service the ids belong to (config/service-key.ts); undefined for a verb that connected to none. */
    private readonly serviceKey: string | undefined,
  ) {}

  /** A printed record; the first ones of a long list are enough for the bounded cache. */
  observe(record: unknown, view: View<never>): void {
    const cache = view.cache as View<unknown>['cache'];
    if (!cache) return;
    let seen = this.#seen.get(cache.kind);
    if (!seen) this.#seen.set(cache.kind, (seen = new Map()));
    if (cache.local) this.#local.add(cache.kind);
    if (seen.size >= MAX_CACHED_IDS) return;
    const id = String(cache.id(record) ?? '');
    if (id !== '' && !seen.has(id)) seen.set(id, String(cache.title(record) ?? ''));
  }

  /** Write what was seen, unless the profile turned the cache off. Never fails the command. */
  save(): void {
    if (this.#seen.size === 0) return;
    try {
      if (this.store.profile(this.profileName).completion_cache === false) return;
      const of = (local: boolean) => new Map([...this.#seen].filter(([kind]) => this.#local.has(kind) === local));
      const dir =
        this.serviceKey === undefined ? undefined : cacheDir(this.store.dir, this.profileName, this.serviceKey);
      if (dir) rememberIds(dir, of(false));
      const local = cacheDir(this.store.dir, this.profileName, LOCAL_IDS);
      if (local && this.#local.size > 0) rememberIds(local, of(true));
    } catch {
      // The cache is a convenience: failing to write it never fails the command.
    }
  }
}
