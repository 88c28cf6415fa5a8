// A watch into a pipe writes records, not screens, as `kubectl get --watch` does: every record
// of the first refresh, then only what is new or has changed since, one record each (a line of
// NDJSON with -o json or ndjson, a tab-separated row with table). A record is known by its key
// (its id); one that no longer comes is named once on stderr.

export class RecordChanges<T> {
  readonly #last = new Map<string | number, string>();

  constructor(private readonly keyOf: (record: T) => string | number) {}

  /** The records of this refresh that are new or differ from their last look, and the keys of those gone. */
  next(records: readonly T[]): { changed: T[]; gone: Array<string | number> } {
    const changed: T[] = [];
    const present = new Set<string | number>();
    for (const record of records) {
      const key = this.keyOf(record);
      present.add(key);
      const text = JSON.stringify(record);
      if (this.#last.get(key) === text) continue;
      this.#last.set(key, text);
      changed.push(record);
    }
    const gone = [...this.#last.keys()].filter((key) => !present.has(key));
    for (const key of gone) this.#last.delete(key);
    return { changed, gone };
  }
}
