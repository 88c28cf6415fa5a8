// The Retry-After waits of a whole command: every request of one client, together. Each
// request's own waits are bounded by the retry policy; without a bound on their sum, a service
// that asks for minutes before every answer would hold a list of many pages, or a bulk run of
// many items, for days. The policy (decideRetry) sets the bound; this keeps the count.
//
// Waits that overlap (a bulk run's requests waiting out one rate limit side by side) count
// once: what is bounded is how long the command spent waiting, not a sum over its workers.

export class CommandWaits {
  /** How long the waits so far cover, overlaps counted once. */
  #waitedMs = 0;
  /** When the latest wait begun so far ends. */
  #until = 0;
  #answers = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Answers the service gave that were not a request to wait (each one is progress). */
  get answers(): number {
    return this.#answers;
  }

  /** How long the command has waited so far. */
  get waitedMs(): number {
    return this.#waitedMs;
  }

  answered(): void {
    this.#answers++;
  }

  /** What the command will have waited in all once a wait of `ms` that begins now is over. */
  after(ms: number): number {
    const now = this.now();
    return this.#waitedMs + Math.max(0, now + ms - Math.max(now, this.#until));
  }

  /** A wait of `ms` begins now. */
  waiting(ms: number): void {
    this.#waitedMs = this.after(ms);
    this.#until = Math.max(this.#until, this.now() + ms);
  }
}
