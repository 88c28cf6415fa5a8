// Flags of one value (`--phase <id>`, `<id>`, `--due <YYYY-MM-DD>`): each kind is its
// placeholder, its parse and its JSON Schema. The same parse reads the word a person types and
// the value an agent passes (as text), so the two front ends accept the same values; a kind
// says otherwise only where an agent's JSON is not that text (null, a stricter date).
import type { CompletionSpec } from '../../completion/values.js';
import { UsageError } from '../../errors.js';
import {
  DATE_PLACEHOLDER,
  parseByteSize,
  parseCount,
  parseDate,
  parseDay,
  parseEnum,
  parseHexColor,
  parseHttpUrl,
  parseId,
  parseTimeoutSeconds,
  parseUuid,
  requireMaxLength,
  requireNonEmpty,
} from '../../validate.js';
import {
  ID_SCHEMA,
  makeFlag,
  STRING,
  type CommonOptions,
  type Flag,
  type JsonSchema,
  type PresentOf,
  type PromptSpec,
} from './flag.js';
import { formOf } from './form.js';

/** A kind of value: how help shows it, how it is read and checked, and what an agent is told. */
export interface ValueKind<T> {
  /** `<id>`, `<YYYY-MM-DD>`; in brackets (`[port]`) for a value that may be left out (`bare`). */
  placeholder: string;
  /** The value from its text, or a UsageError naming `name` and the accepted form. */
  parse(value: string, name: string): T;
  schema: JsonSchema;
  /** An agent's value, where it is not the text a person types; else `parse` of it as text. */
  fromJson?(value: unknown, field: string): T;
  /** What completes it, unless the declaration says. */
  complete?: CompletionSpec;
  /** How a person is asked for it when it is missing, unless the declaration says. */
  prompt?: PromptSpec;
  /** The value of the option typed without one (`--inspect` alone for `--inspect [port]`). */
  bare?: T;
}

/** A flag of one value of `kind`. */
export function valueFlag<T, O extends CommonOptions<T>>(
  spec: string,
  help: string,
  options: O | undefined,
  kind: ValueKind<T>,
): Flag<T, PresentOf<O>> {
  const { form, field } = formOf(spec, kind.placeholder);
  const { bare } = kind;
  if (bare !== undefined && form.type !== 'value')
    throw new Error(`${spec}: a value that may be left out is an option's (--name)`);
  const fromJson = kind.fromJson ?? ((value: unknown, name: string) => kind.parse(String(value), name));
  return makeFlag<T, PresentOf<O>>(
    bare !== undefined && form.type === 'value' ? { ...form, optional: true } : form,
    help,
    kind.complete || kind.prompt
      ? {
          ...(kind.complete ? { complete: kind.complete } : {}),
          ...(kind.prompt ? { prompt: kind.prompt } : {}),
          ...options,
        }
      : options,
    field,
    (raw, input) => (bare !== undefined && raw === true ? bare : kind.parse(String(raw), input.name)),
    { schema: kind.schema, fromJson },
  );
}

/** A builder of flags of one kind of value: `id('--phase', 'the phase', { required: true })`. */
export type ValueBuilder<T, Extra = unknown> = <const O extends CommonOptions<T> & Extra>(
  spec: string,
  help: string,
  options?: O,
) => Flag<T, PresentOf<O>>;

/** The builder of a kind, which may depend on the builder's own options (`max`, `placeholder`). */
function valueBuilder<T, Extra = unknown>(
  kindOf: (options: (CommonOptions<T> & Extra) | undefined) => ValueKind<T>,
): ValueBuilder<T, Extra> {
  return (spec, help, options) => valueFlag(spec, help, options, kindOf(options));
}

const DATE_SCHEMA: JsonSchema = { type: 'string', description: 'YYYY-MM-DD' };

// ---- the kinds --------------------------------------------------------------------------

/** A positive integer id (`--phase <id>`, `<id>`), sent as a JSON number. */
export const id = valueBuilder<number>(() => ({ placeholder: '<id>', parse: parseId, schema: ID_SCHEMA }));

/** A document UUID, in lower case. */
export const uuid = valueBuilder<string>(() => ({ placeholder: '<uuid>', parse: parseUuid, schema: STRING }));

export interface TextOptions extends CommonOptions<string> {
  /** Blank text is refused. */
  nonEmpty?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/** Free text (`--title <text>`), optionally non-empty and bounded in length (in characters). */
export const text = valueBuilder<string, TextOptions>((options) => ({
  placeholder: options?.placeholder ?? '<text>',
  parse: (value, name) => {
    if (options?.nonEmpty) requireNonEmpty(value, name);
    if (options?.maxLength !== undefined) requireMaxLength(value, options.maxLength, name);
    return value;
  },
  schema: options?.maxLength === undefined ? STRING : { type: 'string', maxLength: options.maxLength },
}));

/**
 * A day: YYYY-MM-DD, or today, tomorrow, +3d, +2w (the local calendar), sent as YYYY-MM-DD.
 * An agent gives the date itself: its schema promises YYYY-MM-DD.
 */
export const date = valueBuilder<string>(() => ({
  placeholder: '<YYYY-MM-DD>',
  prompt: { kind: 'text', placeholder: DATE_PLACEHOLDER },
  parse: (value, name) => parseDay(value, name),
  schema: DATE_SCHEMA,
  fromJson: (value, field) => parseDate(String(value), field),
}));

/** A day as `date` reads it, or `none` to clear it (JSON null). */
export const dateOrNone = valueBuilder<string | null>(() => ({
  placeholder: '<YYYY-MM-DD|none>',
  prompt: { kind: 'text', placeholder: `${DATE_PLACEHOLDER}, none` },
  parse: (value, name) => {
    if (value.trim().toLowerCase() === 'none') return null;
    try {
      return parseDay(value, name);
    } catch (error) {
      throw new UsageError(`${(error as Error).message}; or none to clear it`);
    }
  },
  schema: { type: ['string', 'null'], description: 'YYYY-MM-DD; null clears it' },
  fromJson: (value, field) => (value === null ? null : parseDate(String(value), field)),
}));

/** One of a fixed set of values (`--edit-access private|team|collaborative`); completes them. */
export function oneOf<const V extends string, const O extends CommonOptions<V> & { placeholder?: string }>(
  spec: string,
  values: readonly V[],
  help: string,
  options?: O,
): Flag<V, PresentOf<O>> {
  return valueFlag(spec, help, options, {
    placeholder: options?.placeholder ?? `<${values.join('|')}>`,
    parse: (value, name) => parseEnum(value, values, name),
    schema: { enum: values },
    complete: { values },
  });
}

/** A whole number of 1 or more, at most `max` (`--limit`, `--concurrency`). */
export const count = valueBuilder<number, { max?: number; placeholder?: string }>((options) => {
  const max = options?.max;
  return {
    placeholder: options?.placeholder ?? '<n>',
    parse: (value, name) => parseCount(value, name, max),
    schema: max === undefined ? { type: 'integer', minimum: 1 } : { type: 'integer', minimum: 1, maximum: max },
  };
});

/**
 * A TCP port, 0 to 65535 (0 picks a free one). With `bare`, the port may be left out
 * (`--inspect [port]`): the flag alone stands for that port.
 */
export const port = valueBuilder<number, { bare?: number }>((options) => ({
  placeholder: options?.bare === undefined ? '<n>' : '[port]',
  parse: (value, name) => {
    if (!/^[0-9]+$/.test(value.trim()) || Number(value) > 65_535)
      throw new UsageError(
        `${name} must be a port number from 0 to 65535 (0 picks a free one), got ${JSON.stringify(value)}`,
      );
    return Number(value);
  },
  schema: { type: 'integer', minimum: 0, maximum: 65_535 },
  ...(options?.bare === undefined ? {} : { bare: options.bare }),
}));

/** A size in bytes, at least `min`: `1048576`, `512M`, `2GiB` (src/validate.ts, parseByteSize). */
export function byteSize<const O extends CommonOptions<number> & { min: number; minInWords: string }>(
  spec: string,
  help: string,
  options: O,
): Flag<number, PresentOf<O>> {
  return valueFlag(spec, help, options, {
    placeholder: '<size>',
    parse: (value, name) => parseByteSize(value, name, options.min, options.minInWords),
    schema: { type: 'integer', minimum: options.min },
  });
}

/** A number of seconds, more than 0 and at most an hour. */
export const seconds = valueBuilder<number>(() => ({
  placeholder: '<seconds>',
  parse: parseTimeoutSeconds,
  schema: { type: 'number', exclusiveMinimum: 0 },
}));

/** An http(s) URL without credentials. */
export const url = valueBuilder<string>(() => ({ placeholder: '<url>', parse: parseHttpUrl, schema: STRING }));

/** A hex colour (`#1e90ff`, `#fff`). */
export const color = valueBuilder<string>(() => ({
  placeholder: '<#hex>',
  parse: parseHexColor,
  schema: { type: 'string', description: 'hex, e.g. #1e90ff' },
}));

/** A path on this machine (a file to read or write, a directory); completes file names. */
export const path = valueBuilder<string, { placeholder?: string }>((options) => ({
  placeholder: options?.placeholder ?? '<path>',
  parse: requireNonEmpty,
  schema: STRING,
  complete: { files: true },
}));

/** A value taken as it is typed, checked by the verb itself (a request path, a shell name). */
export const raw = valueBuilder<string, { placeholder?: string }>((options) => ({
  placeholder: options?.placeholder ?? '<value>',
  parse: (value) => value,
  schema: STRING,
}));

/** A flag of any kind with a conversion of its own, for values only one verb takes (tag references). */
export function custom<T, const O extends CommonOptions<T> & { placeholder?: string }>(
  spec: string,
  help: string,
  parse: (value: string, name: string) => T,
  api: { schema: JsonSchema; fromJson: (value: unknown, field: string) => T },
  options?: O,
): Flag<T, PresentOf<O>> {
  return valueFlag(spec, help, options, { placeholder: options?.placeholder ?? '<value>', parse, ...api });
}
