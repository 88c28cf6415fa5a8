// Flags of several values: the words of a variadic positional (`<id...>`, where a lone `-` may
// read them from standard input), a repeatable option (`-H x -H y`), or one comma-separated
// option (`--include content,tags`). Each kind is the parse of one item and the JSON Schema of
// the array; an agent passes the array, each item parsed as a word of the command line would be.
import type { CompletionSpec } from '../../completion/values.js';
import { UsageError } from '../../errors.js';
import { parseEnum, parseId, parseUuid } from '../../validate.js';
import {
  ID_SCHEMA,
  makeFlag,
  STRING,
  type CommonOptions,
  type Flag,
  type JsonSchema,
  type PresentOf,
  type RawValue,
} from './flag.js';
import { formOf } from './form.js';

/** A kind of list: how its items are typed, and how each is read. */
export interface ListKind<T> {
  /**
   * `words`: a variadic positional (`<id...>`), from standard input too with `stdin`;
   * `repeated`: an option given once per value; `comma`: one option, values separated by commas.
   */
  typed: 'words' | 'repeated' | 'comma';
  stdin?: boolean;
  /** The option's placeholder (not for words). */
  placeholder?: string;
  /** One item from its text, or a UsageError naming `name`. */
  parse(value: string, name: string): T;
  /** The array's schema. */
  schema: JsonSchema;
  /** Repeats are dropped (the first of each kept). */
  unique?: boolean;
  /** What a comma list takes, for the message when it is empty: `content, tags`. */
  accepts?: string;
  /** An agent's value, where it is not an array of items as they are typed. */
  fromJson?(value: unknown, field: string): T[];
  /** What completes it, unless the declaration says. */
  complete?: CompletionSpec;
}

/** A flag of several values of `kind`. */
export function listFlag<T, O extends CommonOptions<T[]>>(
  spec: string,
  help: string,
  options: O | undefined,
  kind: ListKind<T>,
): Flag<T[], PresentOf<O>> {
  const { form, field } = formOf(spec, kind.placeholder ?? '', kind.typed === 'repeated');
  if ((kind.typed === 'words') !== (form.type === 'positional' && form.variadic))
    throw new Error(`${spec}: a list of words is a variadic positional (<name...>), other lists are options`);
  const parsed = (items: readonly string[], name: (i: number) => string) => {
    const values = items.map((item, i) => kind.parse(item, name(i)));
    return kind.unique ? unique(values) : values;
  };
  const fromJson =
    kind.fromJson ?? ((value: unknown, f: string) => parsed((value as unknown[]).map(String), (i) => `${f}[${i}]`));
  return makeFlag<T[], PresentOf<O>>(
    form.type === 'positional' && kind.stdin ? { ...form, stdin: true } : form,
    help,
    kind.complete ? { complete: kind.complete, ...options } : options,
    field,
    (raw, input) =>
      typeof raw === 'object' && 'stdin' in raw
        ? parsed(raw.stdin, (i) => `${input.name} (stdin item ${i + 1})`)
        : parsed(itemsOf(raw, kind, input.name), () => input.name),
    { schema: kind.schema, fromJson },
  );
}

/** The items typed: the words or repeated values as they are, or the values of a comma list (none is a usage error). */
function itemsOf(raw: RawValue, kind: ListKind<unknown>, name: string): string[] {
  if (kind.typed !== 'comma') return Array.isArray(raw) ? raw : [String(raw)];
  const items = String(raw)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (items.length === 0) throw new UsageError(`${name} takes a comma-separated list of ${kind.accepts}`);
  return items;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

// ---- the kinds --------------------------------------------------------------------------

/**
 * The builder of a list of record references (`<id...>`): each checked before any request,
 * repeats dropped; a lone `-` reads them from standard input (bare values, or JSON objects
 * with an id, one per line; or a JSON array).
 */
function referencesBuilder<T>(parse: (value: string, name: string) => T, item: JsonSchema) {
  const kind: ListKind<T> = {
    typed: 'words',
    stdin: true,
    unique: true,
    parse,
    schema: { type: 'array', items: item, minItems: 1 },
  };
  return <const O extends CommonOptions<T[]>>(spec: string, help: string, options?: O): Flag<T[], PresentOf<O>> =>
    listFlag(spec, help, options, kind);
}

/** Several ids (`<id...>`), as `referencesBuilder` reads them. */
export const ids = referencesBuilder(parseId, ID_SCHEMA);

/** Several document UUIDs (`<uuid...>`), as `ids` reads ids. */
export const uuids = referencesBuilder(parseUuid, STRING);

/** A repeatable text flag (`-H 'Name: value'` …), every value kept in order; [] when none is given. */
export function texts<const O extends CommonOptions<string[]> & { placeholder?: string }>(
  spec: string,
  help: string,
  options?: O,
): Flag<string[], true> {
  return listFlag<string, CommonOptions<string[]> & { default: string[] }>(
    spec,
    help,
    { ...options, default: options?.default ?? [] },
    {
      typed: 'repeated',
      placeholder: options?.placeholder ?? '<text>',
      parse: (value) => value,
      schema: { type: 'array', items: STRING },
    },
  );
}

/** A comma-separated list of values of a fixed set (`--include content,tags`), each once. */
export function listOf<const V extends string, const O extends CommonOptions<V[]>>(
  spec: string,
  values: readonly V[],
  help: string,
  options?: O,
): Flag<V[], PresentOf<O>> {
  return listFlag(spec, help, options, {
    typed: 'comma',
    placeholder: '<list>',
    unique: true,
    accepts: values.join(', '),
    parse: (value, name) => parseEnum(value, values, name),
    schema: { type: 'array', items: { enum: values } },
    complete: { values, list: true },
  });
}

/** Like `custom`, for a variadic positional (`<tag...>`): every value parsed, in order. */
export function customList<T, const O extends CommonOptions<T[]>>(
  spec: string,
  help: string,
  parse: (value: string, name: string) => T,
  api: { schema: JsonSchema; fromJson: (value: unknown, field: string) => T[] },
  options?: O,
): Flag<T[], PresentOf<O>> {
  return listFlag(spec, help, options, { typed: 'words', parse, ...api });
}
