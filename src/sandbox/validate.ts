// Request validation with Laravel-style messages. JSON types are strict: "5" is not an
// integer and "true" is not a boolean, because the reference distinguishes them on the wire.
import { isCalendarDate } from './clock.js';
import { HttpError, validationFailed, type FieldErrors } from './http-error.js';

const HEX_COLOR_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function label(field: string): string {
  return field.replace(/_/g, ' ');
}

interface Presence {
  required?: boolean;
  nullable?: boolean;
}

/** Collects every field error of one body, then throws them together with `check()`. */
export class BodyValidator {
  readonly errors: FieldErrors = {};

  constructor(private readonly input: Record<string, unknown>) {}

  has(field: string): boolean {
    return Object.hasOwn(this.input, field);
  }

  fail(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  hasErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  check(): void {
    if (this.hasErrors()) throw validationFailed(this.errors);
  }

  /** undefined when absent (recording "required" if it is), null only when nullable; any
   * other value, null included, is returned for the caller's type check. */
  private raw(field: string, opts: Presence): unknown {
    const value = this.input[field];
    if (value === undefined || (value === null && opts.required)) {
      if (opts.required) this.fail(field, `The ${label(field)} field is required.`);
      return undefined;
    }
    return value;
  }

  string(field: string, opts: Presence & { max?: number; filled?: boolean } = {}): string | null | undefined {
    const value = this.raw(field, opts);
    if (value === undefined || (value === null && opts.nullable)) return value as null | undefined;
    if (typeof value !== 'string') {
      this.fail(field, `The ${label(field)} field must be a string.`);
      return undefined;
    }
    if ((opts.filled || opts.required) && value.trim() === '') {
      this.fail(field, `The ${label(field)} field is required.`);
      return undefined;
    }
    if (opts.max !== undefined && [...value].length > opts.max) {
      this.fail(field, `The ${label(field)} field must not be greater than ${opts.max} characters.`);
      return undefined;
    }
    return value;
  }

  integer(field: string, opts: Presence = {}): number | null | undefined {
    const value = this.raw(field, opts);
    if (value === undefined || (value === null && opts.nullable)) return value as null | undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      this.fail(field, `The ${label(field)} field must be an integer.`);
      return undefined;
    }
    return value;
  }

  boolean(field: string, opts: Presence = {}): boolean | undefined {
    const value = this.raw(field, opts);
    if (value === undefined || (value === null && opts.nullable)) return undefined;
    if (typeof value !== 'boolean') {
      this.fail(field, `The ${label(field)} field must be true or false.`);
      return undefined;
    }
    return value;
  }

  /** A YYYY-MM-DD calendar date; null only when nullable (it then means "clear"). */
  date(field: string, opts: Presence = {}): string | null | undefined {
    const value = this.raw(field, opts);
    if (value === undefined || (value === null && opts.nullable)) return value as null | undefined;
    if (typeof value !== 'string' || !isCalendarDate(value)) {
      this.fail(field, `The ${label(field)} field must be a valid date in the format YYYY-MM-DD.`);
      return undefined;
    }
    return value;
  }

  oneOf<T extends string>(field: string, values: readonly T[], opts: Presence = {}): T | undefined {
    const value = this.raw(field, opts);
    if (value === undefined || (value === null && opts.nullable)) return undefined;
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      this.fail(field, `The selected ${label(field)} is invalid. Allowed: ${values.join(', ')}.`);
      return undefined;
    }
    return value as T;
  }

  hexColor(field: string, opts: Presence = {}): string | null | undefined {
    const value = this.raw(field, opts);
    if (value === undefined || (value === null && opts.nullable)) return value as null | undefined;
    if (typeof value !== 'string' || !HEX_COLOR_RE.test(value)) {
      this.fail(field, `The ${label(field)} field must be a hex colour such as #3B82F6.`);
      return undefined;
    }
    return value;
  }

  url(field: string, opts: Presence = {}): string | undefined {
    const value = this.string(field, opts);
    if (value === undefined || value === null) return undefined;
    if (!isHttpUrl(value)) {
      this.fail(field, `The ${label(field)} field must be a valid http or https URL.`);
      return undefined;
    }
    return value;
  }

  /** Fields that exist on the resource but may not change through this endpoint. */
  prohibit(fields: readonly string[], why: string): void {
    for (const field of fields) {
      if (this.has(field)) this.fail(field, `The ${label(field)} field ${why}.`);
    }
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The request body as an object; an absent body counts as {}. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(422, 'The request body must be a JSON object.', {
      body: ['The request body must be a JSON object.'],
    });
  }
  return body as Record<string, unknown>;
}

// ---- Query strings ---------------------------------------------------------------------

export type Query = Record<string, string>;

/** Boolean query parameters accept true/false/1/0. */
export function queryBoolean(query: Query, name: string, errors: FieldErrors): boolean | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  (errors[name] ??= []).push(`The ${label(name)} field must be true or false (true, false, 1 or 0).`);
  return undefined;
}

export function queryInteger(
  query: Query,
  name: string,
  errors: FieldErrors,
  bounds: { min?: number; max?: number } = {},
): number | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) {
    (errors[name] ??= []).push(`The ${label(name)} field must be an integer.`);
    return undefined;
  }
  const n = Number(value);
  if (bounds.min !== undefined && n < bounds.min) {
    (errors[name] ??= []).push(`The ${label(name)} field must be at least ${bounds.min}.`);
    return undefined;
  }
  if (bounds.max !== undefined && n > bounds.max) {
    (errors[name] ??= []).push(`The ${label(name)} field must not be greater than ${bounds.max}.`);
    return undefined;
  }
  return n;
}

/** include=content,tags → the set of named includes (unknown names are ignored). */
export function queryIncludes(query: Query): Set<string> {
  return new Set(
    (query.include ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}
