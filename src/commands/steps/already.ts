// Tasks found already as a bulk verb would leave them (`steps complete` of a completed task,
// `steps reopen` of an open one): nothing is sent for them, their result says so in a note,
// and the summary counts them apart (`2 completed, 1 already completed`). Only a small batch
// is read first to find them: that is a person naming tasks; a longer one (a script) is not
// read twice over, since the service takes the change and changes nothing.
import type { BulkKey } from '../../bulk/results.js';
import { NOTHING_SENT } from '../../errors.js';

/** Batches up to this long are read first. */
export const READ_FIRST_UP_TO = 10;

export class AlreadyAsked {
  readonly #ids = new Set<number>();

  /** `said`: how the summary and the note name such a task ("already completed"). */
  constructor(readonly said: string) {}

  mark(id: number): void {
    this.#ids.add(id);
  }

  /** The result's key: a task left alone carries the note. */
  key(id: number): BulkKey {
    return this.#ids.has(id) ? { id, more: { note: `${this.said}; ${NOTHING_SENT}` } } : { id };
  }

  /** For the bulk options: the summary counts these apart. */
  get unchanged(): { said: string; of: (id: number) => boolean } {
    return { said: this.said, of: (id) => this.#ids.has(id) };
  }
}
