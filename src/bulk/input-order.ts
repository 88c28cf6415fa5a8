// Results put back in the order of the items they answer. Items run several at once and
// finish in any order; a table a person reads lists them as they were given (the ids typed,
// the rows of the file), each row shown as soon as every row before it has landed, so a long
// batch still streams. An item that never lands (not started when the run stopped) holds
// back those after it until the end, when everything held is released in order.
export class InputOrder<R> {
  readonly #held = new Map<number, R>();
  #next = 0;

  constructor(private readonly release: (result: R) => void) {}

  landed(index: number, result: R): void {
    this.#held.set(index, result);
    while (this.#held.has(this.#next)) {
      const next = this.#held.get(this.#next)!;
      this.#held.delete(this.#next++);
      this.release(next);
    }
  }

  /** The end of the run: whatever is still held, in order, past the items that never landed. */
  flush(): void {
    for (const index of [...this.#held.keys()].sort((a, b) => a - b)) this.release(this.#held.get(index)!);
    this.#held.clear();
  }
}
