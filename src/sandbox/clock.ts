// Timestamps in the reference's format: YYYY-MM-DDTHH:MM:SS.ffffffZ.

let lastMicros = 0n;

/** The current time with microseconds; strictly increasing within the process, so two
 * changes in the same millisecond still get distinct, ordered updated_at values. */
export function nowTimestamp(): string {
  let micros = BigInt(Math.floor((performance.timeOrigin + performance.now()) * 1000));
  if (micros <= lastMicros) micros = lastMicros + 1n;
  lastMicros = micros;
  return formatMicros(micros);
}

export function formatMicros(micros: bigint): string {
  const iso = new Date(Number(micros / 1000n)).toISOString();
  return `${iso.slice(0, 19)}.${String(micros % 1_000_000n).padStart(6, '0')}Z`;
}

/** Seeds are dated from this instant, so their timestamps never change. */
const SEED_EPOCH = '2025-01-06T09:00:00Z';

/** A fixed timestamp `minutes` after the seed epoch, for deterministic seeds. */
export function seedTimestamp(minutes: number): string {
  return formatMicros(BigInt(Date.parse(SEED_EPOCH) + minutes * 60_000) * 1000n);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A stored YYYY-MM-DD due date as the wire timestamp; "" when there is none. */
export function dueDateTimestamp(date: string | null): string {
  return date ? `${date}T00:00:00.000000Z` : '';
}
