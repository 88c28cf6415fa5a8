// What a flag or positional argument of a verb is (../declare.ts): how it is typed on a
// command line (its form), how its value is parsed and checked (one `UsageError` naming it and
// the accepted form, before any request), what shell completion offers for it, what a prompt
// or picker offers when it is missing, and how an agent passes it over MCP (the API's field
// name, a JSON Schema, and the conversion). The builders (../flags.ts) make them, one kind of
// value per file. Data and small pure functions only: declarations import this at start-up.
import type { CompletionSpec } from '../../completion/values.js';
import type { Ctx } from '../context.js';

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

/** What a flag's raw value is, as the command line gave it (`stdin`: the values `-` read from standard input). */
export type RawValue = string | string[] | boolean | { long: string; value: string } | { stdin: string[] };

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
  /** Ask for the value as text, validated as the flag would be. */
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

/** How an agent passes a flag over MCP: its schema, and the conversion of what it passed. */
export interface AgentForm<T> {
  schema: JsonSchema;
  /** The value as a run function takes it, from the (schema-checked) JSON argument. */
  fromJson(value: unknown, field: string): T;
}

/** How an agent passes a flag over MCP: the API's field name, its schema, and the conversion. */
export interface ApiForm<T> extends AgentForm<T> {
  field: string;
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
  /** A verb that declares this flag reads lists page by page (its effects say `pages`: --max-pages applies). */
  readonly pages?: boolean;
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
  /** Declaring this flag makes the verb read lists page by page (Effects.pages). */
  pages?: boolean;
}

/** A flag whose run-time value is always there: required, or with a default. */
export type PresentOf<O> = O extends { required: true } ? true : O extends { default: unknown } ? true : false;

// ---- JSON Schema fragments (what an agent pays for in tools/list: keep them short) --------

export const ID_SCHEMA: JsonSchema = { type: 'integer', minimum: 1 };
export const STRING: JsonSchema = { type: 'string' };
export const BOOLEAN: JsonSchema = { type: 'boolean' };

/**
 * A flag from what its builder worked out: its form, the field an agent uses unless the
 * options name another (or `false`), the command line's parser, and what an agent passes.
 */
export function makeFlag<T, P extends boolean>(
  form: FlagForm,
  help: string,
  options: CommonOptions<T> | undefined,
  field: string,
  parse: Flag<T>['parse'],
  agent: AgentForm<T> | undefined,
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
    ...(agent && apiField ? { api: { field: apiField, ...agent } } : {}),
    ...(o.hidden ? { hidden: true } : {}),
    ...(o.pages ? { pages: true } : {}),
    parse,
  };
}
