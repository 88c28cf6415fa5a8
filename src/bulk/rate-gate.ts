/**
 * Starts work only while the rate budget the service last reported (X-RateLimit-Remaining)
 * has room for it. When the budget is spent, a single request goes ahead and waits out the
 * 429's Retry-After inside the client, while the others wait for it, instead of every worker
 * collecting a 429 of its own. Without rate-limit headers it never holds anything back.
 */
export class RateGate {
  #inFlight = 0;
  #waiters: Array<() => void> = [];

  constructor(private readonly remaining: () => number | undefined) {}

  get inFlight(): number {
    return this.#inFlight;
  }

  async acquire(): Promise<void> {
    for (;;) {
      const remaining = this.remaining();
      if (remaining === undefined || remaining > this.#inFlight || this.#inFlight === 0) {
        this.#inFlight++;
        return;
      }
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  release(): void {
    this.#inFlight--;
    for (const wake of this.#waiters.splice(0)) wake();
  }
}
