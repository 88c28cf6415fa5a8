// The command tree as data (`pwctl help --json`, and the man pages): every noun and verb, their
// arguments and flags with their kinds, defaults and help, the global options each verb takes,
// examples, effects, the MCP tool a verb is offered as, and the exit codes — derived from the
// declarations alone, as help is, so agents and packagers read what the program does.
import {
  loadAll,
  namesOf,
  toolNameOf,
  type Bound,
  type Effects,
  type Noun,
  type TopLevel,
} from '../commands/declare.js';
import { usageOf, type Flag } from '../commands/flags.js';
import { PROGRAM } from '../commands/registry.js';
import { VERSION } from '../version.js';
import { EXIT_CODES, type ExitCodeDoc } from './exit-codes.js';
import { appliesTo, GLOBAL_OPTIONS } from './global-options.js';

export interface FlagDoc {
  /** The option's key in the declaration (what the run function receives). */
  key: string;
  kind: 'argument' | 'value' | 'switch' | 'negation' | 'choice' | 'either';
  /** How help writes it: `--phase <id>`, `<id...>`, `--published | --draft`. */
  usage: string;
  /** The names a command line uses: `--output`, `-o`; `<id>` for an argument. */
  names: string[];
  placeholder?: string;
  help: string;
  required: boolean;
  default?: unknown;
  /** The flag may be given several times; an argument takes several words (`<id...>`). */
  repeatable?: boolean;
  /** A lone `-` reads the values from standard input. */
  stdin?: boolean;
  /** The values it accepts, when they are a fixed set. */
  values?: string[];
  /** The switches (choice) or ways to give the value (either) it stands for. */
  options?: Array<{ name: string; help: string; placeholder?: string; value?: string | boolean }>;
  /** The argument an agent passes it as, when the verb is an MCP tool. */
  agentField?: string;
}

export interface GlobalOptionDoc {
  usage: string;
  names: string[];
  help: string;
  values?: string[];
  /** Which verbs take it: every one, those that print records, use a service, change data, confirm, read pages. */
  applies: string;
}

export interface VerbDoc {
  kind: 'verb';
  path: string;
  name: string;
  aliases: string[];
  summary: string;
  details?: string;
  usage: string;
  flags: FlagDoc[];
  /** The long names of the global options that apply to it. */
  globalOptions: string[];
  effects: Effects;
  examples: string[];
  /** The MCP tool it is offered as (`pwctl mcp`), and whether that tool changes data. */
  mcpTool?: { name: string; writes: boolean };
}

export interface NounDoc {
  kind: 'noun';
  path: string;
  name: string;
  aliases: string[];
  summary: string;
  details?: string;
  examples: string[];
  commands: CommandDoc[];
}

export type CommandDoc = NounDoc | VerbDoc;

export interface ProgramDoc {
  name: 'pwctl';
  version: string;
  summary: string;
  details?: string;
  usage: string;
  examples: string[];
  globalOptions: GlobalOptionDoc[];
  commands: CommandDoc[];
  exitCodes: readonly ExitCodeDoc[];
}

/** The whole tree, every noun loaded. `commands`: the program's (the command line adds `mcp`). */
export async function commandTree(commands: readonly TopLevel[]): Promise<ProgramDoc> {
  const loaded = await loadAll(commands);
  return {
    name: 'pwctl',
    version: VERSION,
    summary: PROGRAM.summary,
    ...(PROGRAM.details ? { details: PROGRAM.details } : {}),
    usage: 'pwctl [global options] <noun> <verb> [arguments] [options]',
    examples: [...PROGRAM.examples],
    globalOptions: GLOBAL_OPTIONS.filter((o) => !o.hidden).map((o) => ({
      usage: o.flags,
      names: o.flags.split(/[ ,]+/).filter((word) => word.startsWith('-')),
      help: o.help,
      ...(o.choices ? { values: [...o.choices] } : {}),
      applies: o.applies,
    })),
    commands: loaded.map((command) => docOf(command, [])),
    exitCodes: EXIT_CODES,
  };
}

/** The node at a command path (names or aliases), or undefined. */
export function findCommand(tree: ProgramDoc, words: readonly string[]): CommandDoc | undefined {
  let found: CommandDoc | undefined;
  let level: readonly CommandDoc[] = tree.commands;
  for (const word of words) {
    found = level.find((c) => c.name === word || c.aliases.includes(word));
    if (!found) return undefined;
    level = found.kind === 'noun' ? found.commands : [];
  }
  return found;
}

/** Every node of the tree, depth first. */
export function* walkTree(commands: readonly CommandDoc[]): Generator<CommandDoc> {
  for (const command of commands) {
    yield command;
    if (command.kind === 'noun') yield* walkTree(command.commands);
  }
}

function docOf(command: Noun | Bound, parent: readonly string[]): CommandDoc {
  if (command.kind === 'bound') return verbDoc(command, parent);
  const path = [...parent, command.name];
  return {
    kind: 'noun',
    path: ['pwctl', ...path].join(' '),
    name: command.name,
    aliases: [...(command.aliases ?? [])],
    summary: command.summary,
    ...(command.details ? { details: command.details } : {}),
    examples: [...command.examples],
    commands: command.commands.map((child) => docOf(child, path)),
  };
}

function verbDoc(bound: Bound, parent: readonly string[]): VerbDoc {
  const { verb } = bound;
  const path = [...parent, verb.name];
  const flags = Object.entries(verb.flags)
    .filter(([, flag]) => !flag.hidden)
    .map(([key, flag]) => flagDoc(key, flag));
  const arguments_ = flags.filter((f) => f.kind === 'argument').map((f) => f.usage);
  const tool = toolNameOf(path, verb);
  return {
    kind: 'verb',
    path: ['pwctl', ...path].join(' '),
    name: verb.name,
    aliases: namesOf(verb).slice(1),
    summary: verb.summary,
    ...(verb.details ? { details: verb.details } : {}),
    usage: ['pwctl', ...path, '[options]', ...arguments_].join(' '),
    flags,
    globalOptions: GLOBAL_OPTIONS.filter((o) => !o.hidden && appliesTo(o.applies, verb.effects)).map(
      (o) => o.flags.split(/[ ,]+/).find((word) => word.startsWith('--'))!,
    ),
    effects: verb.effects,
    examples: [...verb.examples],
    ...(tool ? { mcpTool: { name: tool, writes: verb.effects.writes === true } } : {}),
  };
}

function flagDoc(key: string, flag: Flag): FlagDoc {
  const form = flag.form;
  const shown = flag.defaultText ?? flag.defaultValue;
  const values = flag.complete?.values?.map((v) => (typeof v === 'string' ? v : v[0]));
  const common = {
    key,
    usage: usageOf(flag),
    help: flag.help,
    required: flag.required,
    ...(shown !== undefined && typeof shown !== 'function' ? { default: shown } : {}),
    ...(values && values.length > 0 ? { values } : {}),
    ...(flag.api ? { agentField: flag.api.field } : {}),
  };
  switch (form.type) {
    case 'positional':
      return {
        ...common,
        kind: 'argument',
        names: [`<${form.name}>`],
        ...(form.variadic ? { repeatable: true } : {}),
        ...(form.stdin ? { stdin: true } : {}),
      };
    case 'value':
      return {
        ...common,
        kind: 'value',
        names: [form.long, ...(form.short ? [form.short] : [])],
        placeholder: form.placeholder,
        ...(form.repeatable ? { repeatable: true } : {}),
      };
    case 'switch':
      return { ...common, kind: 'switch', names: [form.long, ...(form.short ? [form.short] : [])] };
    case 'negation':
      return { ...common, kind: 'negation', names: [form.long] };
    case 'choice':
      return {
        ...common,
        kind: 'choice',
        names: form.options.map((o) => o.long),
        options: form.options.map((o) => ({ name: o.long, help: o.help, value: o.value })),
      };
    case 'either':
      return {
        ...common,
        kind: 'either',
        names: form.options.map((o) => o.long),
        options: form.options.map((o) => ({ name: o.long, help: o.help, placeholder: o.placeholder })),
      };
  }
}
