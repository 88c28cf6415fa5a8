// The fast path's parser: a command line read from the prebuilt tree (./tree.ts) the way
// commander reads it, for the command lines it is sure of, and nothing else. Commander reads
// in passes, and so does this: the root takes its own options wherever they are (before
// `--`); the words before the first option it does not know name the commands; the verb takes
// its options from the rest. Anything this does not read itself — help, an unknown option or
// command, a missing or option-like value, `--`, `-abc`, a value outside its choices, too
// many arguments, --version, a verb's own option spelled as a global one — is answered `undefined`: the command line goes to commander,
// which parses it as it always has and says what is wrong. A test holds the two to the same
// results (test/unit/fast-path.test.ts).
import type { GlobalFlags } from '../../config/settings.js';
import type { RawOccurrence } from '../read-options.js';
import type { CommandSpec, OptionSpec, ParseTree, VerbSpec } from './tree.js';

export interface FastParse {
  /** The command path by names, after the program's (`['steps', 'get']` for `tasks view`). */
  path: string[];
  /** The verb's usage as commander gives it (`[options] <id>`). */
  usage: string;
  globals: GlobalFlags;
  /** Positional values in declaration order (a variadic one as an array). */
  positionals: unknown[];
  /** Every value of the verb's options, by declared flag key, in the order typed (a switch's is undefined). */
  occurrences: Map<string, RawOccurrence[]>;
}

export function parseFast(tree: ParseTree, argv: readonly string[]): FastParse | undefined {
  if (tree.version !== 2 || argv.length === 0) return undefined;
  const root = rootPass(tree, argv);
  if (!root) return undefined;
  const path: string[] = [];
  const top = tree.commands.find((c) => c.names.includes(root.operands[0] ?? ''));
  let commands: readonly CommandSpec[] = top ? [JSON.parse(top.spec) as CommandSpec] : [];
  let operands = root.operands;
  let verb: VerbSpec | undefined;
  while (!verb) {
    const word = operands[0];
    const command: CommandSpec | undefined =
      word === undefined ? undefined : commands.find((c) => c.names.includes(word));
    // A group alone (its help), an unknown command, `help`: commander's.
    if (!command || command.handover) return undefined;
    path.push(command.names[0]!);
    operands = operands.slice(1);
    verb = command.verb;
    if (!verb) {
      if (!command.commands) return undefined;
      commands = command.commands;
    }
  }
  // A verb's own option spelled as a global one (`docs diff --quiet`): the root takes the word,
  // and commander's program reads the verb's from the words typed (program.ts, logShadowedSwitches).
  if (verb.options.some((o) => o.flags.some((f) => find(tree.options, f) && argv.includes(f)))) return undefined;
  const read = verbPass(verb, root.rest, operands);
  return read && { path, usage: verb.usage, globals: root.globals, ...read };
}

/**
 * The root's pass over every word: its options, wherever they are, into `globals`; the words
 * before the first option it does not know (`operands`: the command path, then arguments);
 * and from that option on, everything else for the verb (`rest`).
 */
function rootPass(
  tree: ParseTree,
  argv: readonly string[],
): { globals: GlobalFlags; operands: string[]; rest: string[] } | undefined {
  const globals: Record<string, unknown> = { ...tree.defaults };
  const operands: string[] = [];
  const rest: string[] = [];
  let into = operands;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!isOption(arg)) {
      into.push(arg);
      continue;
    }
    const typed = simpleOption(arg);
    if (!typed) return undefined;
    const option = find(tree.options, typed.name);
    // `--quiet=1` is no way to give a switch: an unknown option, as commander sees it.
    if (option && (typed.inline === undefined || option.value)) {
      if (option.handover) return undefined;
      if (!option.value) {
        globals[option.key] = option.negate !== true;
        continue;
      }
      const value = typed.inline ?? (option.value === 'required' ? argv[++i] : undefined);
      if (value === undefined || isOption(value) || (option.choices && !option.choices.includes(value)))
        return undefined;
      globals[option.key] = value;
      continue;
    }
    into = rest;
    rest.push(arg);
  }
  return { globals, operands, rest };
}

/** The verb's pass over what the root left (`words`), after the `operands` the root already read. */
function verbPass(
  verb: VerbSpec,
  words: readonly string[],
  operands: readonly string[],
): Pick<FastParse, 'positionals' | 'occurrences'> | undefined {
  const occurrences = new Map<string, RawOccurrence[]>();
  const record = (option: OptionSpec, value: string | null | undefined) => {
    const list = occurrences.get(option.key) ?? [];
    list.push({ long: option.long, value });
    occurrences.set(option.key, list);
  };
  const args = [...operands];
  let variadic: OptionSpec | undefined;
  for (let i = 0; i < words.length; i++) {
    const arg = words[i]!;
    // `-H a b`: every word after a variadic option's value that is not an option is another value.
    if (variadic && !isOption(arg)) {
      record(variadic, arg);
      continue;
    }
    variadic = undefined;
    if (!isOption(arg)) {
      args.push(arg);
      continue;
    }
    const typed = simpleOption(arg);
    const option = typed && find(verb.options, typed.name);
    if (!typed || !option || option.handover) return undefined;
    if (typed.inline !== undefined) {
      if (!option.value) return undefined;
      record(option, typed.inline);
      continue;
    }
    if (option.value === 'required') {
      const value = words[++i];
      if (value === undefined || isOption(value)) return undefined;
      record(option, value);
    } else if (option.value === 'optional') {
      const next = words[i + 1];
      const given = next !== undefined && !isOption(next);
      if (given) i++;
      record(option, given ? next : null);
    } else record(option, undefined);
    if (option.variadic) variadic = option;
  }
  const specs = verb.arguments;
  if (specs.some((spec, i) => spec.required && args[i] === undefined)) return undefined;
  if (!specs.at(-1)?.variadic && args.length > specs.length) return undefined;
  return { positionals: specs.map((spec, i) => (spec.variadic ? args.slice(i) : args[i])), occurrences };
}

/** Commander reads a word as an option when it starts with `-` and is longer than that. */
function isOption(arg: string): boolean {
  return arg.length > 1 && arg[0] === '-';
}

/**
 * The options read here: `-x`, `--name` and `--name=value`. Others (`--`, `-abc`, `-xVALUE`)
 * are commander's.
 */
function simpleOption(arg: string): { name: string; inline?: string } | undefined {
  if (arg.length === 2 && arg[0] === '-' && arg[1] !== '-') return { name: arg };
  if (!arg.startsWith('--')) return undefined;
  const equals = arg.indexOf('=', 2);
  if (equals === 2 || arg.length === 2) return undefined;
  return equals < 0 ? { name: arg } : { name: arg.slice(0, equals), inline: arg.slice(equals + 1) };
}

function find(options: readonly OptionSpec[], name: string): OptionSpec | undefined {
  return options.find((option) => option.flags.includes(name));
}
