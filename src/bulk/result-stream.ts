// Results of a bulk run on their way to the output writer: a stream the writer reads while
// workers add to it (ndjson and tables show each result as it lands), closed at the end.
// Results that need no request (a restore's unchanged records) land by the thousand at once:
// the queue is read from a moving head, not with shift(), which copies what is left each time.
export class ResultStream<R> implements AsyncIterable<R> {
  #queue: R[] = [];
  #head = 0;
  #closed = false;
  #wake: (() => void) | undefined;

  push(result: R): void {
    this.#queue.push(result);
    this.#wake?.();
  }

  close(): void {
    this.#closed = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<R> {
    for (;;) {
      while (this.#head < this.#queue.length) {
        const result = this.#queue[this.#head]!;
        this.#queue[this.#head++] = undefined as R;
        yield result;
      }
      this.#queue = [];
      this.#head = 0;
      if (this.#closed) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}
