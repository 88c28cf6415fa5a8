// Groups of the records of a stream, each what had arrived without waiting: a page of a
// list, or one bulk result. For work that costs per call rather than per record (a jq run).

/** A bound on one group (memory), above a page of the API. */
const MAX_BATCH = 1000;

const WAITING = Symbol('waiting');

export async function* batchesOf<T>(records: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T[]> {
  const iterator =
    Symbol.asyncIterator in records ? records[Symbol.asyncIterator]() : fromSync(records)[Symbol.asyncIterator]();
  let batch: T[] = [];
  let next = iterator.next();
  for (;;) {
    // A record that is already there resolves within microtasks, before setImmediate fires.
    const step =
      batch.length === 0
        ? await next
        : await Promise.race([next, new Promise<typeof WAITING>((resolve) => setImmediate(resolve, WAITING))]);
    if (step === WAITING) {
      yield batch;
      batch = [];
      continue;
    }
    if (step.done) break;
    batch.push(step.value);
    next = iterator.next();
    if (batch.length >= MAX_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function* fromSync<T>(records: Iterable<T>): AsyncGenerator<T> {
  yield* records;
}
