// The language in which every command is declared, once. A verb is one object: its name and
// aliases, summary, arguments and flags (each with its type, validation, whether it is
// required, how it completes and what a prompt offers when it is missing), examples and
// effects, and — beside it in its noun's list — the lazy reference to its run function. The
// run function's options type is inferred from the declared flags (`RunOf<typeof verb>`), and
// `bind()` checks the run module against it, so renaming a flag's key fails to compile.
//
// Everything else is derived from these objects, never kept beside them: the commander tree
// and help (src/cli/), shell completion, the MCP tools (src/mcp/), prompts and pickers, and
// docs/commands.md. This module is data only: it loads nothing, so declaring costs start-up
// nothing; a verb's flags are built the first time something reads them (a command line builds
// its own verb's, not its noun's other verbs'); and a top-level command's module is loaded only
// when it is used (lazyNoun, lazyVerb).
import type { Ctx } from './context.js';
import type { Flag, FlagMap } from './flags.js';

export type { Flag, FlagMap } from './flags.js';

/** What a verb does besides reading: it decides which global flags apply and are offered. */
export interface Effects {
  /** Sends requests that change data: --dry-run applies (prints them, sends nothing). */
  writes?: boolean;
  /** Asks before acting, on a terminal; --yes answers for the user. */
  confirms?: boolean;
  /** Needs no service, and nothing stored per service: the connection options do not apply. */
  offline?: boolean;
  /**
   * What the verb prints on stdout: records (the default: -o, --fields and --jq apply), or
   * text of its own (a value, a script, a diff, protocol messages: they do not).
   */
  prints?: 'records' | 'text';
  /**
   * Reads lists of the service page by page (a list verb, an export): --max-pages applies.
   * Said by the verb, or by a flag that makes it page (LIST_FLAGS, `api --paginate`).
   */
  pages?: boolean;
}

/** How a verb is offered to agents over MCP (src/mcp/): the tool `<noun>_<verb>`. */
export interface McpExposure {
  /** Defaults to `<noun>_<verb>`. */
  name?: string;
  /** Defaults to the verb's summary as a sentence. */
  description?: string;
}

export interface VerbSpec<F extends FlagMap> {
  name: string;
  aliases?: readonly string[];
  /** One line, lower case, no full stop: what `--help` lists beside the name. */
  summary: string;
  /** Prose shown after the flags in the verb's help (formats, rules, caveats). */
  details?: string;
  /**
   * Positional arguments and options, in the order help lists them: a function that returns
   * them, called once, the first time the verb's flags are read.
   */
  flags: () => F;
  /** Command lines a user can run as they are (shown in help and docs/commands.md). */
  examples: readonly string[];
  effects?: Effects;
  /** How flags combine: checked after each is parsed, before anything runs, in every front end. */
  rules?: readonly Rule<Extract<keyof F, string>>[];
  /** Offered as an MCP tool; its arguments are the flags' API field names. */
  mcp?: boolean | McpExposure;
}

/**
 * A rule between flags (by their keys): `exclusive` at most one of them, `exactlyOne` one and
 * only one, `anyOf` at least one (`what` says what is missing: "nothing to update"),
 * `requires` the first only with the second.
 */
export type Rule<K extends string = string> =
  | { exclusive: readonly K[] }
  | { exactlyOne: readonly K[] }
  | { anyOf: readonly K[]; what: string }
  | { requires: readonly [K, K] };

export interface Verb<F extends FlagMap = FlagMap> extends Omit<VerbSpec<F>, 'flags'> {
  readonly kind: 'verb';
  /** The declared flags, built on first read. */
  readonly flags: F;
  readonly effects: Effects;
}

/** The options a verb's run function receives: one property per declared flag, typed by it. */
export type OptionsOf<F extends FlagMap> = Simplify<
  { -readonly [K in keyof F as F[K] extends Flag<unknown, true> ? K : never]: ValueOf<F[K]> } & {
    -readonly [K in keyof F as F[K] extends Flag<unknown, true> ? never : K]?: ValueOf<F[K]>;
  }
>;

type ValueOf<T> = T extends Flag<infer V, boolean> ? V : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A verb's run function: what it does, given its context and its parsed options. */
export type RunFn<O> = (ctx: Ctx, opts: O) => Promise<void>;

/** The options of a declared verb, for a run module's helpers: `OptionsFor<typeof push>`. */
export type OptionsFor<V> = V extends Verb<infer F> ? OptionsOf<F> : V extends VerbBody<infer F> ? OptionsOf<F> : never;

/** The type a verb's run module gives its `run`: `export const run: RunOf<typeof create> = …`. */
export type RunOf<V> = RunFn<OptionsFor<V>>;

/** A verb and where its run function is: what a noun lists. */
export interface Bound {
  readonly kind: 'bound';
  readonly verb: Verb;
  load(): Promise<RunFn<Record<string, unknown>>>;
}

/** A group of commands under one name (`steps`, `webhooks deliveries`). */
export interface Noun {
  readonly kind: 'noun';
  name: string;
  aliases?: readonly string[];
  summary: string;
  details?: string;
  /** The first commands a new user wants, shown in the noun's help. */
  examples: readonly string[];
  commands: readonly (Bound | Noun)[];
}

/**
 * What the whole program needs of a top-level command: its names and summary (`pwctl
 * --help`, "did you mean"). Declared in the registry; the rest of the command is in its module.
 */
export interface Head {
  name: string;
  aliases?: readonly string[];
  summary: string;
}

/** The rest of a noun, in its own module: loaded only when a command line names the noun. */
export type NounBody = Omit<Noun, 'kind' | keyof Head>;

/** The rest of a top-level verb, in its own module: loaded only when a command line names the verb. */
export type VerbBody<F extends FlagMap = FlagMap> = Omit<VerbSpec<F>, keyof Head>;

/** A top-level verb's module part, bound to its run module: what the registry's lazyVerb loads. */
export interface BoundBody {
  readonly kind: 'bound-body';
  readonly body: VerbBody;
  load(): Promise<RunFn<Record<string, unknown>>>;
}

/**
 * A top-level command (a noun, or a verb of its own: `api`, `export`): its head, and where the
 * rest of it is, loaded once, when a command line names it or everything is walked (loadAll).
 */
export interface TopLevel extends Head {
  readonly kind: 'lazy';
  load(): Promise<Noun | Bound>;
}

export function verb<F extends FlagMap>(spec: VerbSpec<F>): Verb<F> {
  const { flags: declared, effects: declaredEffects, ...rest } = spec;
  let flags: F | undefined;
  let effects: Effects | undefined;
  return {
    ...rest,
    kind: 'verb',
    get flags() {
      return (flags ??= declared());
    },
    // A flag that reads page by page makes the verb one that pages.
    get effects() {
      if (!effects) {
        const pages = Object.values(this.flags).some((flag) => flag.pages === true);
        effects = { ...declaredEffects, ...(pages ? { pages } : {}) };
      }
      return effects;
    },
  };
}

/**
 * A verb (or a top-level verb's module part) with its run module, loaded only when the verb
 * runs. The module's `run` must take exactly the options the verb declares.
 */
export function bind<F extends FlagMap>(verb: Verb<F>, load: () => Promise<{ run: RunFn<OptionsOf<F>> }>): Bound;
export function bind<F extends FlagMap>(
  body: VerbBody<F>,
  load: () => Promise<{ run: RunFn<OptionsOf<F>> }>,
): BoundBody;
export function bind<F extends FlagMap>(
  declared: Verb<F> | VerbBody<F>,
  load: () => Promise<{ run: RunFn<OptionsOf<F>> }>,
): Bound | BoundBody {
  const run = async () => (await load()).run as unknown as RunFn<Record<string, unknown>>;
  return 'kind' in declared
    ? { kind: 'bound', verb: declared as unknown as Verb, load: run }
    : { kind: 'bound-body', body: declared as unknown as VerbBody, load: run };
}

/**
 * Aliases every noun gives the verbs it has, as gh and kubectl do: `ls` for list, `view`
 * and `show` for get, `rm` for delete.
 */
export const STANDARD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  list: ['ls'],
  get: ['view', 'show'],
  delete: ['rm'],
};

/** A noun inside another (`webhooks deliveries`), declared whole. */
export function noun(spec: Omit<Noun, 'kind'>): Noun {
  return { ...spec, kind: 'noun' };
}

/** The module part of a top-level noun (its head is in the registry). */
export function nounBody(spec: NounBody): NounBody {
  return spec;
}

/** The module part of a top-level verb (its head is in the registry); bind it to its run module. */
export function verbBody<F extends FlagMap>(spec: VerbBody<F>): VerbBody<F> {
  return spec;
}

/** A top-level noun: its head, and the module that declares the rest (loaded once, when first needed). */
export function lazyNoun(head: Head, load: () => Promise<NounBody>): TopLevel {
  let loaded: Promise<Noun> | undefined;
  return {
    ...head,
    kind: 'lazy',
    load: () => (loaded ??= load().then((body) => ({ ...body, ...head, kind: 'noun' }))),
  };
}

/** A top-level verb: its head, and the module that declares the rest (loaded once, when first needed). */
export function lazyVerb(head: Head, load: () => Promise<BoundBody>): TopLevel {
  let loaded: Promise<Bound> | undefined;
  return {
    ...head,
    kind: 'lazy',
    load: () =>
      (loaded ??= load().then((bound) => ({
        kind: 'bound',
        verb: verb({ ...bound.body, ...head }),
        load: bound.load,
      }))),
  };
}

/** Every top-level command with its nouns loaded: for what walks them all (completion, MCP tools, docs). */
export async function loadAll(commands: readonly TopLevel[]): Promise<Array<Noun | Bound>> {
  return Promise.all(commands.map((command) => command.load()));
}

/** A verb's names: its own, its declared aliases and the standard ones for its name. */
export function namesOf(verb: Pick<Verb, 'name' | 'aliases'>): string[] {
  return [verb.name, ...new Set([...(verb.aliases ?? []), ...(STANDARD_ALIASES[verb.name] ?? [])])];
}

/** The MCP tool a verb at `path` is offered as (`steps_list`), or undefined when agents do not get it. */
export function toolNameOf(path: readonly string[], verb: Pick<Verb, 'mcp'>): string | undefined {
  if (!verb.mcp) return undefined;
  return (typeof verb.mcp === 'object' ? verb.mcp.name : undefined) ?? path.join('_');
}

/** Every verb under a group (loaded: loadAll), with its command path (`['webhooks', 'deliveries', 'list']`). */
export function* walkVerbs(
  commands: readonly (Noun | Bound)[],
  path: readonly string[] = [],
): Generator<{ path: string[]; bound: Bound }> {
  for (const command of commands) {
    if (command.kind === 'bound') yield { path: [...path, command.verb.name], bound: command };
    else yield* walkVerbs(command.commands, [...path, command.name]);
  }
}
