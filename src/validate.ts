// Local checks of user input, each throwing a UsageError (exit 2) that names the flag or
// argument and the accepted form — so a mistake never costs a request.
import { everyChar, isDigit } from './chars.js';
import { UsageError } from './errors.js';
import { didYouMean } from './suggest.js';

/** How an input is named in messages: '--phase', '<id>', 'config key output'. */
export type InputName = string;

function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** A positive integer id, safe to send as a JSON number. */
export function parseId(value: string, name: InputName): number {
  const trimmed = value.trim();
  if (trimmed === '' || !everyChar(trimmed, isDigit)) {
    throw new UsageError(`${name} must be a positive integer id (e.g. 42), got ${shown(value)}`);
  }
  const id = Number(trimmed);
  if (id < 1) throw new UsageError(`${name} must be a positive integer id (e.g. 42), got ${shown(value)}`);
  if (!Number.isSafeInteger(id))
    throw new UsageError(
      `${name} must be a positive integer id of at most ${Number.MAX_SAFE_INTEGER}, got ${shown(value)}`,
    );
  return id;
}

/** A positive integer count such as --limit; `max` when there is a limit worth naming. */
export function parseCount(value: string, name: InputName, max?: number): number {
  const n = Number(value);
  if (!/^[0-9]+$/.test(value.trim()) || n < 1 || n > (max ?? Number.MAX_SAFE_INTEGER)) {
    const range = max === undefined ? 'a whole number of 1 or more' : `a whole number from 1 to ${max}`;
    throw new UsageError(`${name} must be ${range}, got ${shown(value)}`);
  }
  return n;
}

/** A whole number of `unit` from `min` to `max` (environment limits such as PWCTL_MAX_WAIT); `maxInWords` names the maximum for people. */
export function parseWholeNumber(
  value: string,
  name: InputName,
  unit: string,
  min: number,
  max: number,
  maxInWords?: string,
): number {
  const n = Number(value.trim());
  if (!/^[0-9]+$/.test(value.trim()) || n < min || n > max) {
    throw new UsageError(
      `${name} must be a whole number of ${unit} from ${min} to ${max}${maxInWords ? ` (${maxInWords})` : ''}, got ${shown(value)}`,
    );
  }
  return n;
}

const BYTE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** A size in bytes: a whole number, or with K, M or G (KiB, MiB, GiB: 1024-based), of at least `min` (`minInWords`). */
export function parseByteSize(value: string, name: InputName, min: number, minInWords: string): number {
  const m = /^([0-9]+)\s*([kmg]?)(?:i?b)?$/i.exec(value.trim());
  const n = m ? Number(m[1]) * BYTE_UNITS[m[2]!.toLowerCase()]! : Number.NaN;
  if (!(n >= min && Number.isSafeInteger(n))) {
    throw new UsageError(
      `${name} must be a size of at least ${minInWords}: bytes, or with K, M or G (1024-based: 512M, 2G), got ${shown(value)}`,
    );
  }
  return n;
}

/** A size as parseByteSize reads it back: `512M`, `2G`, `1536K`, or bytes. */
export function byteSizeText(bytes: number): string {
  for (const unit of ['G', 'M', 'K'] as const) {
    const size = BYTE_UNITS[unit.toLowerCase()]!;
    if (bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return String(bytes);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseUuid(value: string, name: InputName): string {
  if (!UUID.test(value.trim())) {
    throw new UsageError(
      `${name} must be a document UUID (e.g. 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21), got ${shown(value)}`,
    );
  }
  return value.trim().toLowerCase();
}

/** What a date prompt shows before anything is typed: relative dates work too. */
export const DATE_PLACEHOLDER = 'YYYY-MM-DD, today, +3d, +2w';

/**
 * A day for a flag: YYYY-MM-DD, or today, tomorrow, yesterday, +3d, -2w — days of the local
 * calendar (`now`'s), returned as YYYY-MM-DD, the form the API takes.
 */
export function parseDay(value: string, name: InputName, now: Date = new Date()): string {
  const word = value.trim().toLowerCase();
  const offset = word === 'today' ? 0 : word === 'tomorrow' ? 1 : word === 'yesterday' ? -1 : relativeDays(word);
  if (offset === undefined) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return parseDate(value, name);
    throw new UsageError(
      `${name} must be a date: YYYY-MM-DD (e.g. 2026-12-31), today, tomorrow, +3d or +2w; got ${shown(value)}${paddedDay(value) || didYouMean(word, ['today', 'tomorrow', 'yesterday'])}`,
    );
  }
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
}

/**
 * A moment (epoch milliseconds) for filters such as `--since`: how long ago (`30m`, `2h`,
 * `3d`, `1w`), a day as parseDay reads it (YYYY-MM-DD, today, yesterday, -3d: its local
 * midnight), a local time today (`14:30`), or a date and time (`2026-11-24T14:30`, seconds and
 * a zone optional: local time without one).
 */
export function parseMoment(value: string, name: InputName, now: Date = new Date()): number {
  const word = value.trim();
  const ago = /^(\d{1,6})([smhdw])$/i.exec(word);
  if (ago) return now.getTime() - Number(ago[1]) * AGO_UNIT_MS[ago[2]!.toLowerCase()]!;
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(word);
  if (clock) return localTime(now.getFullYear(), now.getMonth() + 1, now.getDate(), clock.slice(1), value, name);
  const stamp = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(word);
  if (stamp) {
    const [year, month, day] = parseDate(stamp[1]!, name).split('-').map(Number) as [number, number, number];
    const local = localTime(year, month, day, stamp.slice(2, 5), value, name);
    const zone = stamp[5]?.toUpperCase();
    if (zone === undefined) return local;
    const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    return Date.parse(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4] ?? '00'}${offset}`);
  }
  try {
    const [year, month, day] = parseDay(word, name, now).split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, day).getTime();
  } catch {
    throw new UsageError(
      `${name} must be a time: how long ago (30m, 2h, 3d), YYYY-MM-DD, today, yesterday, -3d, HH:MM, or YYYY-MM-DDTHH:MM[:SS]; got ${shown(value)}${paddedDay(word)}`,
    );
  }
}

const AGO_UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

function localTime(
  year: number,
  month: number,
  day: number,
  [h, m, s]: (string | undefined)[],
  value: string,
  name: InputName,
): number {
  const [hours, minutes, seconds] = [Number(h), Number(m), Number(s ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59)
    throw new UsageError(`${name} must be a time of day from 00:00 to 23:59:59, got ${shown(value)}`);
  return new Date(year, month - 1, day, hours, minutes, seconds).getTime();
}

/** `+3d` → 3, `-2w` → -14, anything else undefined. */
function relativeDays(word: string): number | undefined {
  const m = /^([+-])(\d{1,4})([dw])$/.exec(word);
  if (!m) return undefined;
  return (m[1] === '-' ? -1 : 1) * Number(m[2]) * (m[3] === 'w' ? 7 : 1);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** A real calendar date written YYYY-MM-DD; returned exactly as given. */
export function parseDate(value: string, name: InputName): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) {
    if (isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) return value;
    throw new UsageError(
      `${name} must be a real calendar date in the form YYYY-MM-DD, got ${shown(value)} (no such day)`,
    );
  }
  throw new UsageError(
    `${name} must be a date in the form YYYY-MM-DD (e.g. 2026-12-31), got ${shown(value)}${paddedDay(value)}`,
  );
}

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1;
}

/**
 * ` (did you mean 2026-01-05?)` for a day written year first with one-digit month or day, or
 * with slashes or dots (2026-1-5, 2026/01/05): read one way only, so it is safe to offer.
 * Nothing when that is no real day.
 */
function paddedDay(value: string): string {
  const m = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/.exec(value.trim());
  if (!m) return '';
  const [year, month, day] = [Number(m[1]), Number(m[3]), Number(m[4])];
  return isRealDay(year, month, day) ? ` (did you mean ${m[1]}-${pad2(month)}-${pad2(day)}?)` : '';
}

export function parseEnum<T extends string>(value: string, allowed: readonly T[], name: InputName): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(
    `${name} must be one of ${allowed.join(', ')}; got ${shown(value)}${didYouMean(value, allowed)}`,
  );
}

export function parseBoolean(value: string, name: InputName): boolean {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(v)) return true;
  if (['false', 'no', 'off', '0'].includes(v)) return false;
  throw new UsageError(`${name} must be true or false, got ${shown(value)}`);
}

/** Strict `true` or `false`, for flags whose documented values are exactly those (`--active`). */
export function parseTrueFalse(value: string, name: InputName): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`${name} must be true or false, got ${shown(value)}`);
}

export function parseHttpUrl(value: string, name: InputName): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(
      `${name} must be a URL starting with http:// or https://, got ${shown(value)}${schemeHint(value)}`,
    );
  }
  if (url.username || url.password) {
    throw new UsageError(`${name} must not contain credentials (user:password@)`);
  }
  return value;
}

/** `127.0.0.1:9` or `example.com/x` typed without a scheme: the URL that was probably meant. */
function schemeHint(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !/^[\w.-]+(:\d+)?(\/.*)?$/.test(value)) return '';
  const local = /^(localhost|127\.|\[?::1)/i.test(value);
  return ` (did you mean ${shown(`${local ? 'http' : 'https'}://${value}`)}?)`;
}

export function parseHexColor(value: string, name: InputName): string {
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return value;
  // `--color #1e90ff` unquoted: the shell reads `#…` as a comment, or the user left the # out.
  const meant = /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)
    ? ` (did you mean "#${value}"? quote it: a # starts a comment in the shell)`
    : '';
  throw new UsageError(`${name} must be a hex colour like #1e90ff or #fff, got ${shown(value)}${meant}`);
}

export function parseTimeoutSeconds(value: string, name: InputName): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new UsageError(`${name} must be a number of seconds greater than 0 and at most 3600, got ${shown(value)}`);
  }
  return seconds;
}

export function requireNonEmpty(value: string, name: InputName): string {
  if (value.trim() === '') throw new UsageError(`${name} must not be empty`);
  return value;
}

export function requireMaxLength(value: string, max: number, name: InputName): string {
  const length = [...value].length;
  if (length > max) throw new UsageError(`${name} must be at most ${max} characters, got ${length}`);
  return value;
}
