// pwctl's own rules on arguments the schema has already typed, each naming the API field:
// ids that are safe integers, dates that exist, text that is not blank. They reuse the
// CLI's checks (src/validate.ts), so a rule holds the same wherever input comes from.
import { UsageError } from '../errors.js';
import { parseDate, parseId, requireNonEmpty } from '../validate.js';
import type { Args } from './tool.js';

export function id(args: Args, field: string): number {
  return parseId(String(args[field]), field);
}

export function optionalId(args: Args, field: string): number | undefined {
  return args[field] === undefined ? undefined : id(args, field);
}

export function ids(args: Args, field: string): number[] {
  return (args[field] as number[]).map((value, i) => parseId(String(value), `${field}[${i}]`));
}

export function optionalDate(args: Args, field: string): string | undefined {
  return args[field] === undefined ? undefined : parseDate(args[field] as string, field);
}

export function optionalText(args: Args, field: string): string | undefined {
  return args[field] as string | undefined;
}

export function optionalTitle(args: Args, field = 'title'): string | undefined {
  return args[field] === undefined ? undefined : requireNonEmpty(args[field] as string, field);
}

export function optionalFlag(args: Args, field: string): boolean | undefined {
  return args[field] as boolean | undefined;
}

/** An update must change something: the fields it could have named. */
export function requireSome(body: object, fields: readonly string[]): void {
  if (Object.keys(body).length === 0) throw new UsageError(`nothing to update: give at least one of ${fields.join(', ')}`);
}

/** The defined entries of a body, so that absent arguments are not sent. */
export function defined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as T;
}
