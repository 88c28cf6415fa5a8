// What senders that have not proven anything may hold. Each open connection costs a socket, a
// parser and buffers; each body costs its bytes until it is verified. Without a bound, a few
// hundred slow senders each holding nearly --max-body grow the process by hundreds of
// megabytes (RELIABILITY.md).

export const RECEIVER_LIMITS = {
  /** Connections beyond this many open at once are closed as they arrive. */
  maxConnections: 256,
  /** Bodies still arriving hold at most this many times --max-body together … */
  bufferedBodiesPerMaxBody: 4,
  /** … but never less than this, so a small --max-body does not starve a burst of deliveries. */
  minBufferedBodies: 1024 * 1024,
};

/** The budget for bytes of bodies not yet verified, for a given --max-body. */
export function defaultMaxBuffered(maxBody: number): number {
  return Math.max(RECEIVER_LIMITS.bufferedBodiesPerMaxBody * maxBody, RECEIVER_LIMITS.minBufferedBodies);
}

/** A body still arriving: its bytes count against the budget until it ends or is dropped. */
export interface HeldBody {
  size: number;
  /** Answer 503, forget the bytes, read no more. */
  drop(): void;
}

/** The bytes of every body still arriving, all requests together, within `max`. */
export class BodyBudget {
  // Oldest first: a Set iterates in insertion order.
  readonly #held = new Set<HeldBody>();
  #buffered = 0;

  constructor(readonly max: number) {}

  /** Whether `bytes` more fit without making room. */
  fits(bytes: number): boolean {
    return this.#buffered + bytes <= this.max;
  }

  /** Count `bytes` more of `body` (held from its first chunk on). */
  add(body: HeldBody, bytes: number): void {
    this.#held.add(body);
    body.size += bytes;
    this.#buffered += bytes;
  }

  /** The body ended or was dropped: its bytes no longer count. */
  release(body: HeldBody): void {
    if (this.#held.delete(body)) this.#buffered -= body.size;
  }

  /**
   * Over budget, the senders that have been sending longest make room: slow senders hold
   * their bytes longest, and a genuine delivery, sent whole, is the newest.
   */
  makeRoom(bytes: number): void {
    for (const body of this.#held) {
      if (this.fits(bytes)) return;
      body.drop();
    }
  }
}
