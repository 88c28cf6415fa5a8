// Local checks of user input, each throwing a UsageError (exit 2) that names the flag or
// argument and the accepted form — so a mistake never costs a request.
import { UsageError } from './errors.js';

/** How an input is named in messages: '--phase', '<id>', 'config key output'. */
export type InputName = string;

function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** A positive integer id, safe to send as a JSON number. */
export function parseId(value: string, name: InputName): number {
  const trimmed = value.trim();
  if (!/^[0-9]+$/.test(trimmed)) {
    throw new UsageError(`${name} must be a positive integer id (e.g. 42), got ${shown(value)}`);
  }
  const id = Number(trimmed);
  if (id < 1 || !Number.isSafeInteger(id)) {
    throw new UsageError(`${name} must be a positive integer id between 1 and ${Number.MAX_SAFE_INTEGER}, got ${shown(value)}`);
  }
  return id;
}

/** A positive integer count such as --limit. */
export function parseCount(value: string, name: InputName, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^[0-9]+$/.test(value.trim()) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`${name} must be a whole number from 1 to ${max}, got ${shown(value)}`);
  }
  return Number(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseUuid(value: string, name: InputName): string {
  if (!UUID.test(value.trim())) {
    throw new UsageError(`${name} must be a document UUID (e.g. 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21), got ${shown(value)}`);
  }
  return value.trim().toLowerCase();
}

/** A real calendar date written YYYY-MM-DD; returned exactly as given. */
export function parseDate(value: string, name: InputName): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1) {
      return value;
    }
    throw new UsageError(`${name} must be a real calendar date in the form YYYY-MM-DD, got ${shown(value)} (no such day)`);
  }
  throw new UsageError(`${name} must be a date in the form YYYY-MM-DD (e.g. 2026-12-31), got ${shown(value)}`);
}

export function parseEnum<T extends string>(value: string, allowed: readonly T[], name: InputName): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${name} must be one of ${allowed.join(', ')}; got ${shown(value)}`);
}

export function parseBoolean(value: string, name: InputName): boolean {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(v)) return true;
  if (['false', 'no', 'off', '0'].includes(v)) return false;
  throw new UsageError(`${name} must be true or false, got ${shown(value)}`);
}

export function parseHttpUrl(value: string, name: InputName): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${name} must be an absolute http(s) URL (e.g. https://example.com/hooks), got ${shown(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${name} must be an http or https URL, got ${shown(value)}`);
  }
  if (url.username || url.password) {
    throw new UsageError(`${name} must not contain credentials (user:password@)`);
  }
  return value;
}

export function parseHexColor(value: string, name: InputName): string {
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return value;
  throw new UsageError(`${name} must be a hex colour like #1e90ff or #fff, got ${shown(value)}`);
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
