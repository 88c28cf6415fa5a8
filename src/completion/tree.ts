// The command tree as plain data for the shell completer: nouns, verbs, aliases, flags (long
// and short, whether they take a value) and what completes each value and positional
// argument. Built from the real commander program at build time (dist/completion-tree.json),
// so `pwctl __complete` answers without loading commander or the program.
import type { Argument, Command, Help, Option } from 'commander';
import type { IdKind } from '../id-kinds.js';
import { completionSpecOf, type CompletionSpec } from './values.js';

export interface CompletionTree {
  version: 1;
  root: CommandNode;
}

export interface CommandNode {
  name: string;
  aliases?: string[];
  description: string;
  options: OptionNode[];
  arguments: ArgumentNode[];
  commands: CommandNode[];
  /** A verb's: the long names of the global options that apply to it (by its declared effects). */
  globals?: string[];
}

export interface OptionNode {
  /** Short then long form, as typed: ['-o', '--output']. */
  flags: string[];
  description: string;
  /** Whether the option takes a value (`<v>` required, `[v]` optional). */
  value?: 'required' | 'optional';
  complete?: ValueNode;
}

export interface ArgumentNode {
  name: string;
  variadic?: true;
  complete?: ValueNode;
}

export interface ValueNode {
  /** A value, or [value, description]. */
  values?: (string | [string, string])[];
  list?: true;
  ids?: IdKind;
  files?: true;
  /** Stored profile names (read from the config file at completion time). */
  profiles?: true;
  /** Stored alias names (read from the config file at completion time). */
  aliases?: true;
  /** A command path (`help steps list`): subcommands of the words before it. */
  commands?: true;
  byPrevious?: Record<string, string[]>;
}

export interface TreeExtras {
  /** Topics `pwctl help <topic>` knows besides command paths. */
  helpTopics?: readonly string[];
}

export function buildCompletionTree(program: Command, extras: TreeExtras = {}): CompletionTree {
  return { version: 1, root: describeCommand(program, [], program.createHelp(), extras) };
}

/** `path`: the command names below the root (['steps', 'list']). */
function describeCommand(command: Command, path: readonly string[], help: Help, extras: TreeExtras): CommandNode {
  const node: CommandNode = {
    name: command.name(),
    description: firstLine(command.description()),
    options: help.visibleOptions(command).map(describeOption),
    arguments: command.registeredArguments.map((argument) => describeArgument(argument, path, extras)),
    commands: help
      .visibleCommands(command)
      // A noun's implicit `help` subcommand would crowd its verbs; `pwctl help <noun>` covers it.
      .filter((sub) => path.length === 0 || sub.name() !== 'help')
      .map((sub) => describeCommand(sub, [...path, sub.name()], help, extras)),
  };
  if (command.aliases().length > 0) node.aliases = command.aliases();
  if (path.length > 0 && command.commands.length === 0)
    node.globals = help.visibleGlobalOptions(command).flatMap((o) => (o.long ? [o.long] : []));
  return node;
}

function describeOption(option: Option): OptionNode {
  const node: OptionNode = {
    flags: [option.short, option.long].filter((f): f is string => typeof f === 'string'),
    description: firstLine(option.description),
  };
  if (option.required) node.value = 'required';
  else if (option.optional) node.value = 'optional';
  if (node.value) {
    const complete = valueNode(completionSpecOf(option), option.argChoices) ?? optionConvention(option);
    if (complete) node.complete = complete;
  }
  return node;
}

function describeArgument(argument: Argument, path: readonly string[], extras: TreeExtras): ArgumentNode {
  const node: ArgumentNode = { name: argument.name() };
  if (argument.variadic) node.variadic = true;
  const complete = valueNode(completionSpecOf(argument), argument.argChoices) ?? argumentConvention(path, extras);
  if (complete) node.complete = complete;
  return node;
}

function valueNode(spec: CompletionSpec | undefined, choices: readonly string[] | undefined): ValueNode | undefined {
  if (!spec) return choices ? { values: [...choices] } : undefined;
  const node: ValueNode = {};
  const values = spec.values ?? choices;
  if (values) node.values = values.map((v) => (typeof v === 'string' ? v : [v[0], firstLine(v[1])]));
  if (spec.list) node.list = true;
  if (spec.ids) node.ids = spec.ids;
  if (spec.files) node.files = true;
  if (spec.byPrevious)
    node.byPrevious = Object.fromEntries(Object.entries(spec.byPrevious).map(([k, v]) => [k, [...v]]));
  if (spec.profiles) node.profiles = true;
  if (spec.aliases) node.aliases = true;
  return node;
}

// The global options are commander's own, not declared flags: --profile completes the stored
// profiles. Every declared flag carries what completes it (src/commands/flags.ts).
function optionConvention(option: Option): ValueNode | undefined {
  return option.long === '--profile' ? { profiles: true } : undefined;
}

// `help` completes command paths and topics.
function argumentConvention(path: readonly string[], extras: TreeExtras): ValueNode | undefined {
  if (path.length === 1 && path[0] === 'help') return { commands: true, values: [...(extras.helpTopics ?? [])] };
  return undefined;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!.trim();
}
