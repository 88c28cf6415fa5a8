// How refusals reach the terminal: a developer sending one bad signature sees its line at
// once, but a flood of forged requests must not bury the output (and the terminal) under a
// line each. The first few refusals of a second are shown one by one; past that the flood
// is counted, and summarised in one line per second until a second brings no more than a
// few (which are summarised too; the next one is shown at once again).
import type { RejectedRequest, RejectionKind } from './rejections.js';

export interface RejectionGroup {
  status: number | null;
  kind: RejectionKind;
  count: number;
}

export interface RejectionThrottleSinks {
  /** One refusal, on its own line. */
  show(rejection: RejectedRequest): void;
  /** The refusals of the last second that were not shown, by status and kind, most frequent first. */
  summarise(total: number, groups: RejectionGroup[]): void;
}

export const REJECTION_THROTTLE_DEFAULTS = {
  /** Refusals shown one by one in a second before the rest are only counted. */
  shownPerSecond: 5,
  windowMs: 1_000,
};

export class RejectionThrottle {
  readonly #groups = new Map<string, RejectionGroup>();
  #counted = 0;
  #windowStart = -Infinity;
  #shownInWindow = 0;
  /** Set while a flood lasts: every refusal is counted and a summary is due each window. */
  #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly sinks: RejectionThrottleSinks,
    readonly options = REJECTION_THROTTLE_DEFAULTS,
  ) {}

  add(rejection: RejectedRequest): void {
    if (this.#timer === undefined) {
      const now = Date.now();
      if (now - this.#windowStart >= this.options.windowMs) {
        this.#windowStart = now;
        this.#shownInWindow = 0;
      }
      if (this.#shownInWindow < this.options.shownPerSecond) {
        this.#shownInWindow++;
        this.sinks.show(rejection);
        return;
      }
      // The flood starts: summarise at the end of this window, and each one after while it lasts.
      this.#timer = setTimeout(() => this.#tick(), this.#windowStart + this.options.windowMs - now);
      this.#timer.unref();
    }
    this.#count(rejection);
  }

  /** Print what is counted now (at shutdown) and stop summarising. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#summarise();
  }

  #tick(): void {
    if (this.#summarise() <= this.options.shownPerSecond) {
      // No more than would have been shown one by one: the flood is over.
      this.#timer = undefined;
      this.#windowStart = -Infinity;
      return;
    }
    this.#windowStart = Date.now();
    this.#timer = setTimeout(() => this.#tick(), this.options.windowMs);
    this.#timer.unref();
  }

  #count(rejection: RejectedRequest): void {
    const key = `${rejection.status} ${rejection.kind}`;
    const group = this.#groups.get(key);
    if (group) group.count++;
    else this.#groups.set(key, { status: rejection.status, kind: rejection.kind, count: 1 });
    this.#counted++;
  }

  /** How many refusals the summary counted (none: nothing printed). */
  #summarise(): number {
    if (this.#counted === 0) return 0;
    const groups = [...this.#groups.values()].sort((a, b) => b.count - a.count);
    const total = this.#counted;
    this.#groups.clear();
    this.#counted = 0;
    this.sinks.summarise(total, groups);
    return total;
  }
}
