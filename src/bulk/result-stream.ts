// Results of a bulk run on their way to the output writer: a stream the writer reads while
// workers add to it (ndjson and tables show each result as it lands), closed at the end.
export class ResultStream<R> implements AsyncIterable<R> {
  #queue: R[] = [];
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
      while (this.#queue.length > 0) yield this.#queue.shift()!;
      if (this.#closed) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}
