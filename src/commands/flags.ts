// The kinds of flag and positional argument a verb can declare (./declare.ts), each with its
// validation. A flag knows how it is typed on a command line (its form), how it is parsed
// and checked (one `UsageError` naming it and the accepted form, before any request), what
// shell completion offers for it, what a prompt or picker offers when it is missing, and how
// an agent passes it over MCP (the API's field name, a JSON Schema, and the conversion).
// Data and small pure functions only: declarations import this at start-up.
import type { CompletionSpec } from '../completion/values.js';
import type { Ctx } from './context.js';
import { UsageError } from '../errors.js';
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
} from '../validate.js';

/** How a flag appears on a command line. */
export type FlagForm =
  /** `<id>`, `[event]`, `<id...>`; with `stdin`, a lone `-` reads the values from standard input. */
  | { type: 'positional'; name: string; variadic: boolean; optional: boolean; stdin?: boolean }
  /**
   * `--phase <id>`; repeatable ones collect every value. An `optional` one may be typed
   * without its value (`--inspect [port]`: the placeholder is in brackets), which it then reads as `true`.
   */
  | { type: 'value'; long: string; short?: string; placeholder: string; repeatable?: boolean; optional?: boolean }
  /** `--force`: true when given. */
  | { type: 'switch'; long: string; short?: string }
  /** `--no-create`: false when given, true otherwise. */
  | { type: 'negation'; long: string }
  /** Several switches standing for the values of one setting, at most one given (`--approve | --reject`). */
  | { type: 'choice'; options: readonly ChoiceOption[] }
  /** Several ways to give one value, at most one used (`--content <md> | --content-file <path>`). */
  | { type: 'either'; options: readonly EitherOption[] };

export interface ChoiceOption {
  long: string;
  help: string;
  /** The value the switch stands for (a string, or true/false for a toggle). */
  value: string | boolean;
}

export interface EitherOption {
  long: string;
  placeholder: string;
  help: string;
  /** What completes this way of giving the value (a file name for --content-file). */
  complete?: CompletionSpec;
}

/** What a flag's raw value is, as the command line gave it. */
export type RawValue = string | string[] | boolean | { long: string; value: string };

/** What a parser may use: the name to say in messages, and the way to read a file or standard input. */
export interface ParseInput {
  /** '--phase', '<id>': how the flag is named in messages. */
  name: string;
  /** The text of a file, or of standard input for '-'; a UsageError naming `flag` when unreadable. */
  readText(source: string, flag: string): Promise<string>;
}

/** One thing a picker offers: the value as it would be typed, and what a person reads. */
export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

/**
 * What a prompt or picker offers when a required value is missing on a terminal (without one,
 * a flag is asked for as text, validated as the flag would be; a fixed set of values is picked).
 */
export type PromptSpec =
  /** Ask for the value as text, validated as the flag would be; `placeholder` shows the forms it takes. */
  | { kind: 'text'; message?: string; placeholder?: string }
  /**
   * Offer records to choose from, read when the picker opens (several at once for a list of
   * ids); `none` says what to do when there is nothing to choose.
   */
  | { kind: 'pick'; message: string; choices: (ctx: Ctx) => Promise<readonly Choice[]>; none: string };

/** A picker over records: `choices` is loaded (with its API calls) only when the picker opens. */
export function pick(message: string, choices: (ctx: Ctx) => Promise<readonly Choice[]>, none: string): PromptSpec {
  return { kind: 'pick', message, choices, none };
}

/** A JSON Schema fragment, for an MCP tool's inputSchema. */
export type JsonSchema = Record<string, unknown>;

/** How an agent passes a flag over MCP: the API's field name, its schema, and the conversion. */
export interface ApiForm<T> {
  field: string;
  schema: JsonSchema;
  /** The value as a run function takes it, from the (schema-checked) JSON argument. */
  fromJson(value: unknown, field: string): T;
}

export interface Flag<T = unknown, Present extends boolean = boolean> {
  readonly form: FlagForm;
  readonly help: string;
  /** Missing → asked for on a terminal (`prompt`), a usage error otherwise. */
  readonly required: boolean;
  /** The value when the flag is not given. */
  readonly defaultValue?: T;
  /** How help shows the default, when it is not the value itself. */
  readonly defaultText?: string;
  readonly complete?: CompletionSpec;
  readonly prompt?: PromptSpec;
  /** How agents pass it; undefined when a verb's MCP tool does not offer it. */
  readonly api?: ApiForm<T>;
  /** Left out of help (still accepted). */
  readonly hidden?: boolean;
  /** Phantom: whether the run function always receives a value (required, or defaulted). */
  readonly present?: Present;
  parse(raw: RawValue, input: ParseInput): T | Promise<T>;
}

export type FlagMap = Readonly<Record<string, Flag<unknown, boolean>>>;

/** Options every builder takes. */
export interface CommonOptions<T> {
  required?: boolean;
  default?: T;
  defaultText?: string;
  complete?: CompletionSpec;
  prompt?: PromptSpec;
  /** The API field name an agent uses (MCP), or false when agents do not get this flag. */
  field?: string | false;
  hidden?: boolean;
}

/** A flag whose run-time value is always there: required, or with a default. */
type PresentOf<O> = O extends { required: true } ? true : O extends { default: unknown } ? true : false;

// ---- JSON Schema fragments (what an agent pays for in tools/list: keep them short) --------

const ID_SCHEMA: JsonSchema = { type: 'integer', minimum: 1 };
const STRING: JsonSchema = { type: 'string' };
const BOOLEAN: JsonSchema = { type: 'boolean' };
const DATE_SCHEMA: JsonSchema = { type: 'string', description: 'YYYY-MM-DD' };

// ---- how a name is written --------------------------------------------------------------

/**
 * `'--phase'` or `'-o, --output'` with a placeholder, or a positional `'<id>'`, `'[event]'`,
 * `'<id...>'`: the form, and the field name an agent uses by default (`phase`, `id`, `ids`,
 * `step_id` for `<step-id>`).
 */
function formOf(spec: string, placeholder: string, repeatable = false): { form: FlagForm; field: string } {
  const positional = /^([<[])([\w|-]+)(\.\.\.)?[>\]]$/.exec(spec);
  if (positional) {
    const name = positional[2]!;
    const variadic = positional[3] !== undefined;
    // `<file|->` is the file `file`; `<step-id>` the field step_id, `<tag-id...>` tag_ids.
    const base = name.split('|')[0]!.replace(/-/g, '_');
    const field = `${base}${variadic && !base.endsWith('s') ? 's' : ''}`;
    return { form: { type: 'positional', name, variadic, optional: positional[1] === '[' }, field };
  }
  const { long, short } = optionNames(spec);
  return {
    form: { type: 'value', long, ...(short ? { short } : {}), placeholder, ...(repeatable ? { repeatable } : {}) },
    field: long.slice(2).replace(/-/g, '_'),
  };
}

function optionNames(spec: string): { long: string; short?: string } {
  const m = /^(?:(-\w),\s*)?(--[\w-]+)$/.exec(spec);
  if (!m) throw new Error(`flag ${JSON.stringify(spec)}: expected '--name' or '-x, --name'`);
  return m[1] ? { long: m[2]!, short: m[1] } : { long: m[2]! };
}

function build<T, O extends CommonOptions<T>>(
  spec: string,
  placeholder: string,
  help: string,
  options: O | undefined,
  parse: (value: string, name: string) => T | Promise<T>,
  api: { schema: JsonSchema; fromJson: (value: unknown, field: string) => T },
): Flag<T, PresentOf<O>> {
  const { form, field } = formOf(spec, placeholder);
  return finish<T, PresentOf<O>>(form, help, options, field, (raw, input) => parse(String(raw), input.name), api);
}

function finish<T, P extends boolean>(
  form: FlagForm,
  help: string,
  options: CommonOptions<T> | undefined,
  field: string,
  parse: Flag<T>['parse'],
  api: { schema: JsonSchema; fromJson: (value: unknown, field: string) => T } | undefined,
): Flag<T, P> {
  const o = options ?? {};
  const apiField = o.field === false ? undefined : (o.field ?? field);
  return {
    form,
    help,
    required: o.required === true,
    ...(o.default !== undefined ? { defaultValue: o.default } : {}),
    ...(o.defaultText !== undefined ? { defaultText: o.defaultText } : {}),
    ...(o.complete ? { complete: o.complete } : {}),
    ...(o.prompt ? { prompt: o.prompt } : {}),
    ...(api && apiField ? { api: { field: apiField, ...api } } : {}),
    ...(o.hidden ? { hidden: true } : {}),
    parse,
  };
}

// ---- the builders -----------------------------------------------------------------------

/** A positive integer id (`--phase <id>`, `<id>`), sent as a JSON number. */
export function id<const O extends CommonOptions<number>>(
  spec: string,
  help: string,
  options?: O,
): Flag<number, PresentOf<O>> {
  return build(spec, '<id>', help, options, parseId, { schema: ID_SCHEMA, fromJson: (v, f) => parseId(String(v), f) });
}

/**
 * Several ids (`<id...>`): each checked before any request, repeats dropped. A lone `-` reads
 * them from standard input (bare ids, or JSON objects with an id, one per line; or a JSON array).
 */
export function ids<const O extends CommonOptions<number[]>>(
  spec: string,
  help: string,
  options?: O,
): Flag<number[], PresentOf<O>> {
  return many(spec, help, options, parseId, {
    schema: { type: 'array', items: ID_SCHEMA, minItems: 1 },
    fromJson: (v, f) => unique((v as unknown[]).map((x, i) => parseId(String(x), `${f}[${i}]`))),
  });
}

/** A document UUID, in lower case. */
export function uuid<const O extends CommonOptions<string>>(
  spec: string,
  help: string,
  options?: O,
): Flag<string, PresentOf<O>> {
  return build(spec, '<uuid>', help, options, parseUuid, {
    schema: STRING,
    fromJson: (v, f) => parseUuid(String(v), f),
  });
}

/** Several document UUIDs (`<uuid...>`), as `ids` reads ids. */
export function uuids<const O extends CommonOptions<string[]>>(
  spec: string,
  help: string,
  options?: O,
): Flag<string[], PresentOf<O>> {
  return many(spec, help, options, parseUuid, {
    schema: { type: 'array', items: STRING, minItems: 1 },
    fromJson: (v, f) => unique((v as unknown[]).map((x, i) => parseUuid(String(x), `${f}[${i}]`))),
  });
}

function many<T, O extends CommonOptions<T[]>>(
  spec: string,
  help: string,
  options: O | undefined,
  parseOne: (value: string, name: string) => T,
  api: { schema: JsonSchema; fromJson: (value: unknown, field: string) => T[] },
): Flag<T[], PresentOf<O>> {
  const { form, field } = formOf(spec, '');
  if (form.type !== 'positional' || !form.variadic)
    throw new Error(`${spec}: a list of ids is a variadic positional (<id...>)`);
  return finish<T[], PresentOf<O>>(
    { ...form, stdin: true },
    help,
    options,
    field,
    (raw, input) => {
      const values = raw as string[] | { stdin: string[] };
      if (Array.isArray(values)) return unique(values.map((v) => parseOne(v, input.name)));
      return unique(values.stdin.map((v, i) => parseOne(v, `${input.name} (stdin item ${i + 1})`)));
    },
    api,
  );
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

export interface TextOptions extends CommonOptions<string> {
  /** Blank text is refused. */
  nonEmpty?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/** Free text (`--title <text>`), optionally non-empty and bounded in length (in characters). */
export function text<const O extends TextOptions>(spec: string, help: string, options?: O): Flag<string, PresentOf<O>> {
  const check = (value: string, name: string): string => {
    if (options?.nonEmpty) requireNonEmpty(value, name);
    if (options?.maxLength !== undefined) requireMaxLength(value, options.maxLength, name);
    return value;
  };
  const schema: JsonSchema =
    options?.maxLength === undefined ? STRING : { type: 'string', maxLength: options.maxLength };
  return build(spec, options?.placeholder ?? '<text>', help, options, check, {
    schema,
    fromJson: (v, f) => check(String(v), f),
  });
}

/** A repeatable text flag (`-H 'Name: value'` …), every value kept in order; [] when none is given. */
export function texts<const O extends CommonOptions<string[]> & { placeholder?: string }>(
  spec: string,
  help: string,
  options?: O,
): Flag<string[], true> {
  const { form, field } = formOf(spec, options?.placeholder ?? '<text>', true);
  return finish<string[], true>(
    form,
    help,
    { ...options, default: options?.default ?? [] },
    field,
    (raw) => (Array.isArray(raw) ? raw : [String(raw)]),
    {
      schema: { type: 'array', items: STRING },
      fromJson: (v) => (v as unknown[]).map(String),
    },
  );
}

/** A day: YYYY-MM-DD, or today, tomorrow, +3d, +2w (the local calendar), sent as YYYY-MM-DD. */
export function date<const O extends CommonOptions<string>>(
  spec: string,
  help: string,
  options?: O,
): Flag<string, PresentOf<O>> {
  const asked = { prompt: { kind: 'text', placeholder: DATE_PLACEHOLDER }, ...options } as O;
  return build(spec, '<YYYY-MM-DD>', help, asked, (v, name) => parseDay(v, name), {
    schema: DATE_SCHEMA,
    fromJson: (v, f) => parseDate(String(v), f),
  });
}

/** A day as `date` reads it, or `none` to clear it (JSON null). */
export function dateOrNone<const O extends CommonOptions<string | null>>(
  spec: string,
  help: string,
  options?: O,
): Flag<string | null, PresentOf<O>> {
  const parse = (value: string, name: string): string | null => {
    if (value.trim().toLowerCase() === 'none') return null;
    try {
      return parseDay(value, name);
    } catch (error) {
      throw new UsageError(`${(error as Error).message}; or none to clear it`);
    }
  };
  const asked = { prompt: { kind: 'text', placeholder: `${DATE_PLACEHOLDER}, none` }, ...options } as O;
  return build(spec, '<YYYY-MM-DD|none>', help, asked, parse, {
    schema: { type: ['string', 'null'], description: 'YYYY-MM-DD; null clears it' },
    fromJson: (v, f) => (v === null ? null : parseDate(String(v), f)),
  });
}

/** One of a fixed set of values (`--edit-access private|team|collaborative`); completes them. */
export function oneOf<const V extends string, const O extends CommonOptions<V> & { placeholder?: string }>(
  spec: string,
  values: readonly V[],
  help: string,
  options?: O,
): Flag<V, PresentOf<O>> {
  const withValues = { complete: { values }, ...options } as O;
  return build(
    spec,
    options?.placeholder ?? `<${values.join('|')}>`,
    help,
    withValues,
    (v, name) => parseEnum(v, values, name),
    { schema: { enum: values }, fromJson: (v) => v as V },
  );
}

/** A comma-separated list of values of a fixed set (`--include content,tags`), each once. */
export function listOf<const V extends string, const O extends CommonOptions<V[]>>(
  spec: string,
  values: readonly V[],
  help: string,
  options?: O,
): Flag<V[], PresentOf<O>> {
  const parse = (value: string, name: string): V[] => {
    const items = value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (items.length === 0) throw new UsageError(`${name} takes a comma-separated list of ${values.join(', ')}`);
    return unique(items.map((item) => parseEnum(item, values, name)));
  };
  const withValues = { complete: { values, list: true }, ...options } as O;
  return build(spec, '<list>', help, withValues, parse, {
    schema: { type: 'array', items: { enum: values } },
    fromJson: (v) => unique(v as V[]),
  });
}

/** A whole number of 1 or more, at most `max` (`--limit`, `--concurrency`). */
export function count<const O extends CommonOptions<number> & { max?: number; placeholder?: string }>(
  spec: string,
  help: string,
  options?: O,
): Flag<number, PresentOf<O>> {
  const max = options?.max;
  return build(spec, options?.placeholder ?? '<n>', help, options, (v, name) => parseCount(v, name, max), {
    schema: max === undefined ? { type: 'integer', minimum: 1 } : { type: 'integer', minimum: 1, maximum: max },
    fromJson: (v, f) => parseCount(String(v), f, max),
  });
}

/**
 * A TCP port, 0 to 65535 (0 picks a free one). With `bare`, the port may be left out
 * (`--inspect [port]`): the flag alone stands for that port.
 */
export function port<const O extends CommonOptions<number> & { bare?: number }>(
  spec: string,
  help: string,
  options?: O,
): Flag<number, PresentOf<O>> {
  const parse = (value: string, name: string): number => {
    if (!/^[0-9]+$/.test(value.trim()) || Number(value) > 65_535)
      throw new UsageError(
        `${name} must be a port number from 0 to 65535 (0 picks a free one), got ${JSON.stringify(value)}`,
      );
    return Number(value);
  };
  const api = {
    schema: { type: 'integer', minimum: 0, maximum: 65_535 },
    fromJson: (v: unknown, f: string) => parse(String(v), f),
  };
  const bare = options?.bare;
  if (bare === undefined) return build(spec, '<n>', help, options, parse, api);
  const { form, field } = formOf(spec, '[port]');
  if (form.type !== 'value') throw new Error(`${spec}: a port that may be left out is an option (--name)`);
  return finish<number, PresentOf<O>>(
    { ...form, optional: true },
    help,
    options,
    field,
    (raw, input) => (raw === true ? bare : parse(String(raw), input.name)),
    api,
  );
}

/** A size in bytes, at least `min`: `1048576`, `512M`, `2GiB` (src/validate.ts, parseByteSize). */
export function byteSize<const O extends CommonOptions<number> & { min: number; minInWords: string }>(
  spec: string,
  help: string,
  options: O,
): Flag<number, PresentOf<O>> {
  const parse = (v: string, name: string) => parseByteSize(v, name, options.min, options.minInWords);
  return build(spec, '<size>', help, options, parse, {
    schema: { type: 'integer', minimum: options.min },
    fromJson: (v, f) => parse(String(v), f),
  });
}

/** A number of seconds, more than 0 and at most an hour. */
export function seconds<const O extends CommonOptions<number>>(
  spec: string,
  help: string,
  options?: O,
): Flag<number, PresentOf<O>> {
  return build(spec, '<seconds>', help, options, parseTimeoutSeconds, {
    schema: { type: 'number', exclusiveMinimum: 0 },
    fromJson: (v, f) => parseTimeoutSeconds(String(v), f),
  });
}

/** An http(s) URL without credentials. */
export function url<const O extends CommonOptions<string>>(
  spec: string,
  help: string,
  options?: O,
): Flag<string, PresentOf<O>> {
  return build(spec, '<url>', help, options, parseHttpUrl, {
    schema: STRING,
    fromJson: (v, f) => parseHttpUrl(String(v), f),
  });
}

/** A hex colour (`#1e90ff`, `#fff`). */
export function color<const O extends CommonOptions<string>>(
  spec: string,
  help: string,
  options?: O,
): Flag<string, PresentOf<O>> {
  return build(spec, '<#hex>', help, options, parseHexColor, {
    schema: { type: 'string', description: 'hex, e.g. #1e90ff' },
    fromJson: (v, f) => parseHexColor(String(v), f),
  });
}

/** A path on this machine (a file to read or write, a directory); completes file names. */
export function path<const O extends CommonOptions<string> & { placeholder?: string }>(
  spec: string,
  help: string,
  options?: O,
): Flag<string, PresentOf<O>> {
  const withFiles = { complete: { files: true }, ...options } as O;
  return build(spec, options?.placeholder ?? '<path>', help, withFiles, (v, name) => requireNonEmpty(v, name), {
    schema: STRING,
    fromJson: (v) => String(v),
  });
}

/** A value taken as it is typed, checked by the verb itself (a request path, a shell name). */
export function raw<const O extends CommonOptions<string> & { placeholder?: string }>(
  spec: string,
  help: string,
  options?: O,
): Flag<string, PresentOf<O>> {
  return build(spec, options?.placeholder ?? '<value>', help, options, (v) => v, {
    schema: STRING,
    fromJson: (v) => String(v),
  });
}

/** A switch (`--force`): true when given, false otherwise. `--no-x` declares one that is true unless given. */
export function flag<const O extends Omit<CommonOptions<boolean>, 'required' | 'default'>>(
  spec: string,
  help: string,
  options?: O,
): Flag<boolean, true> {
  const { long, short } = optionNames(spec);
  const negated = long.startsWith('--no-');
  const form: FlagForm = negated ? { type: 'negation', long } : { type: 'switch', long, ...(short ? { short } : {}) };
  const field = (negated ? long.slice(5) : long.slice(2)).replace(/-/g, '_');
  return finish<boolean, true>(form, help, { ...options, default: negated }, field, (raw) => raw === true, {
    schema: BOOLEAN,
    fromJson: (v) => v === true,
  });
}

/**
 * A setting with a switch for each side (`--published | --draft`): true, false, or not given.
 * Both at once is a usage error naming them.
 */
export function toggle<const O extends CommonOptions<boolean>>(
  on: string,
  off: string,
  help: { on: string; off: string },
  options?: O,
): Flag<boolean, PresentOf<O>> {
  const form: FlagForm = {
    type: 'choice',
    options: [
      { long: optionNames(on).long, help: help.on, value: true },
      { long: optionNames(off).long, help: help.off, value: false },
    ],
  };
  return finish<boolean, PresentOf<O>>(
    form,
    `${help.on}; ${help.off}`,
    options,
    optionNames(on).long.slice(2).replace(/-/g, '_'),
    (raw) => raw === true,
    { schema: BOOLEAN, fromJson: (v) => v === true },
  );
}

/** One value of several, each given by its own switch (`--approve | --reject`, `--first | --last`). */
export function choice<const V extends string, const O extends CommonOptions<V>>(
  switches: Readonly<Record<string, readonly [value: V, help: string]>>,
  help: string,
  options?: O & { field: string | false },
): Flag<V, PresentOf<O>> {
  const choices = Object.entries(switches).map(([long, [value, h]]) => ({ long, value, help: h }));
  const values = choices.map((c) => c.value);
  return finish<V, PresentOf<O>>({ type: 'choice', options: choices }, help, options, '', (raw) => raw as V, {
    schema: { enum: values },
    fromJson: (v) => v as V,
  });
}

/** Text given one of two ways: `--content <markdown>` or `--content-file <path|->` (a file, or - for standard input). */
export interface TextSource {
  text: string;
  /** How it is named in messages: '--content', '--content-file notes.md'. */
  source: string;
}

export function textOrFile<const O extends CommonOptions<TextSource>>(
  inline: readonly [spec: string, placeholder: string, help: string],
  file: readonly [spec: string, help: string],
  options?: O,
): Flag<TextSource, PresentOf<O>> {
  const inlineLong = optionNames(inline[0]).long;
  const fileLong = optionNames(file[0]).long;
  const form: FlagForm = {
    type: 'either',
    options: [
      { long: inlineLong, placeholder: inline[1], help: inline[2] },
      { long: fileLong, placeholder: '<path|->', help: file[1], complete: { files: true } },
    ],
  };
  const field = inlineLong.slice(2).replace(/-/g, '_');
  return finish<TextSource, PresentOf<O>>(
    form,
    inline[2],
    options,
    field,
    async (raw, input) => {
      const given = raw as { long: string; value: string };
      if (given.long === inlineLong) return { text: given.value, source: inlineLong };
      const text = await input.readText(given.value, fileLong);
      return { text, source: given.value === '-' ? `${fileLong} (standard input)` : `${fileLong} ${given.value}` };
    },
    { schema: STRING, fromJson: (v, f) => ({ text: String(v), source: f }) },
  );
}

/** A flag of any kind with a conversion of its own, for values only one verb takes (tag references). */
export function custom<T, const O extends CommonOptions<T> & { placeholder?: string }>(
  spec: string,
  help: string,
  parse: (value: string, name: string) => T,
  api: { schema: JsonSchema; fromJson: (value: unknown, field: string) => T },
  options?: O,
): Flag<T, PresentOf<O>> {
  return build(spec, options?.placeholder ?? '<value>', help, options, parse, api);
}

/** Like `custom`, for a variadic positional (`<tag...>`): every value parsed, in order. */
export function customList<T, const O extends CommonOptions<T[]>>(
  spec: string,
  help: string,
  parse: (value: string, name: string) => T,
  api: { schema: JsonSchema; fromJson: (value: unknown, field: string) => T[] },
  options?: O,
): Flag<T[], PresentOf<O>> {
  const { form, field } = formOf(spec, '');
  if (form.type !== 'positional' || !form.variadic)
    throw new Error(`${spec}: customList is for a variadic positional (<name...>)`);
  return finish<T[], PresentOf<O>>(
    form,
    help,
    options,
    field,
    (raw, input) => (raw as string[]).map((v) => parse(v, input.name)),
    api,
  );
}

// ---- what help and messages say --------------------------------------------------------

/** Every way the flag is typed: `--phase <id>`, `<id...>`, `--published | --draft`. */
export function usageOf(flag: Flag): string {
  const form = flag.form;
  switch (form.type) {
    case 'positional':
      return form.optional
        ? `[${form.name}${form.variadic ? '...' : ''}]`
        : `<${form.name}${form.variadic ? '...' : ''}>`;
    case 'value':
      return `${form.long} ${form.placeholder}`;
    case 'switch':
    case 'negation':
      return form.long;
    case 'choice':
      return form.options.map((o) => o.long).join(' | ');
    case 'either':
      return form.options.map((o) => `${o.long} ${o.placeholder}`).join(' | ');
  }
}

/** How messages name a flag: `--phase`, `<id>`, `--approve/--reject`. */
export function nameOf(flag: Flag): string {
  const form = flag.form;
  switch (form.type) {
    case 'positional':
      return `<${form.name}>`;
    case 'choice':
    case 'either':
      return form.options.map((o) => o.long).join('/');
    default:
      return form.long;
  }
}

/** How a flag given with `value` is written on the command line: `--no-create`, `--phase 41`, `--approve`. */
export function onCommandLine(flag: Flag, value: unknown): string {
  const form = flag.form;
  switch (form.type) {
    case 'switch':
    case 'negation':
      return form.long;
    case 'choice':
      return form.options.find((o) => o.value === value)?.long ?? nameOf(flag);
    case 'value':
      return `${form.long} ${String(value)}`;
    default:
      return nameOf(flag);
  }
}

/** How an agent passes a flag with `value` (its tool argument): `create_missing: false`. */
export function forAgent(flag: Flag, value: unknown): string {
  return flag.api ? `${flag.api.field}: ${JSON.stringify(value)}` : nameOf(flag);
}
