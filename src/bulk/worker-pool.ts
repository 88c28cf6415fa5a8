// Runs one piece of work per item, a bounded number at once, each started only when the
// rate gate allows; stops starting new items once told to stop (Ctrl-C). Items already
// in flight finish: a request that was sent is never abandoned without its answer.
import type { RateGate } from './rate-gate.js';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface PoolOptions {
  concurrency: number;
  gate: RateGate;
  stopped: () => boolean;
}

/** Calls `done` for each item as it finishes, in completion order. Resolves when no work is left. */
export async function runPool<I, T>(
  items: readonly I[],
  work: (item: I) => Promise<T>,
  done: (index: number, outcome: Outcome<T>) => void,
  options: PoolOptions,
): Promise<void> {
  let next = 0;
  async function worker(): Promise<void> {
    while (!options.stopped() && next < items.length) {
      await options.gate.acquire();
      if (options.stopped() || next >= items.length) {
        options.gate.release();
        return;
      }
      const index = next++;
      let outcome: Outcome<T>;
      try {
        outcome = { ok: true, value: await work(items[index]!) };
      } catch (error) {
        outcome = { ok: false, error };
      } finally {
        options.gate.release();
      }
      done(index, outcome);
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, items.length) }, worker));
}
