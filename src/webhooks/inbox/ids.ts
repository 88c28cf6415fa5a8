// Delivery ids: short enough to type (`deliveries show k3x9q2m1a07`), sorted by arrival when
// sorted as text, and unique across every listener of a profile at once.
//
// An id is 11 lower-case letters and digits: 9 of time, 2 naming the writer. The time part is
// a clock in 1/36 ms that never goes back or repeats within one writer (36 ids a millisecond
// before it runs ahead of real time), in base 36, fixed width (enough until 2059). The writer
// part is a tag each listener claims in the inbox directory for as long as it runs (./writer.ts),
// so two listeners never make the same id even in the same 1/36 ms.

export const DELIVERY_ID_LENGTH = 11;
const TIME_DIGITS = 9;
const SLOTS_PER_MS = 36;
export const TAG_DIGITS = 2;
/** How many writer tags there are (36²). */
export const TAG_COUNT = 36 ** TAG_DIGITS;

const ID_SHAPE = /^[0-9a-z]{11}$/;
/** The fewest characters of an id that name it (as git asks for at least 4 of a hash). */
export const MIN_ID_PREFIX = 4;
const PREFIX_SHAPE = new RegExp(`^[0-9a-z]{${MIN_ID_PREFIX},${DELIVERY_ID_LENGTH}}$`);

/** Whether `text` has the shape of a delivery id. */
export function isDeliveryId(text: string): boolean {
  return ID_SHAPE.test(text);
}

/** Whether `text` has the shape of a delivery id or of its first MIN_ID_PREFIX or more characters. */
export function isDeliveryIdPrefix(text: string): boolean {
  return PREFIX_SHAPE.test(text);
}

export function tagText(tag: number): string {
  return tag.toString(36).padStart(TAG_DIGITS, '0');
}

export class DeliveryIds {
  #last = 0;
  readonly #tag: string;

  constructor(tag: number) {
    this.#tag = tagText(tag);
  }

  /** The id of a delivery that arrived at `ms` (epoch milliseconds). */
  next(ms: number): string {
    const slot = Math.max(ms * SLOTS_PER_MS, this.#last + 1);
    this.#last = slot;
    return slot.toString(36).padStart(TIME_DIGITS, '0') + this.#tag;
  }
}

/** When the delivery with this id arrived, to the millisecond (the time part of the id). */
export function idTime(id: string): number {
  return Math.floor(parseInt(id.slice(0, TIME_DIGITS), 36) / SLOTS_PER_MS);
}
