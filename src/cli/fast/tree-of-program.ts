// The fast path's command tree (./tree.ts), read off the real commander program with every
// noun built, and each verb option matched to the declared flag it stands for. The build
// writes it to dist/parse-tree.txt (main.ts's parseTreeFile, ./tree-file.ts); run from the sources (tests), the
// fast path builds it here once per process.
import type { Command, Option } from 'commander';
import { loadAll, walkVerbs, type FlagMap } from '../../commands/declare.js';
import { COMMANDS } from '../commands.js';
import { GLOBAL_OPTIONS } from '../global-options.js';
import { buildProgram } from '../program.js';
import type { CommandSpec, OptionSpec, ParseTree } from './tree.js';

export async function parseTreeOfProgram(): Promise<ParseTree> {
  const readOnly = () => {
    throw new Error('the parse tree is only read, never run');
  };
  const program = await buildProgram({ factory: readOnly, io: readOnly });
  const verbs = new Map<string, FlagMap>();
  for (const { path, bound } of walkVerbs(await loadAll(COMMANDS))) verbs.set(path.join(' '), bound.verb.flags);
  const globals = new Set(GLOBAL_OPTIONS.map((o) => longOf(o.flags)));
  return {
    version: 2,
    name: program.name(),
    options: program.options.map((option) => ({
      ...optionSpec(option, option.attributeName()),
      ...(globals.has(option.long ?? '') ? {} : { handover: true as const }),
    })),
    defaults: { ...program.opts() },
    commands: commandsOf(program, [], verbs).map((command) => ({
      names: command.names,
      spec: JSON.stringify(command),
    })),
  };
}

function commandsOf(parent: Command, path: readonly string[], verbs: ReadonlyMap<string, FlagMap>): CommandSpec[] {
  const specs: CommandSpec[] = [];
  for (const command of parent.commands) {
    const names = [command.name(), ...command.aliases()];
    const at = [...path, command.name()];
    if (command.commands.length > 0) {
      specs.push(
        command.options.length > 0 ? { names, handover: true } : { names, commands: commandsOf(command, at, verbs) },
      );
      continue;
    }
    const flags = verbs.get(at.join(' '));
    // Not a declared verb (`help`): commander's.
    if (!flags) continue;
    specs.push({
      names,
      verb: {
        usage: command.usage(),
        options: command.options.map((option) => optionSpec(option, flagKey(flags, option, at))),
        arguments: command.registeredArguments.map((argument) => ({
          ...(argument.required ? { required: true as const } : {}),
          ...(argument.variadic ? { variadic: true as const } : {}),
        })),
      },
    });
  }
  return specs;
}

function optionSpec(option: Option, key: string): OptionSpec {
  const long = option.long;
  if (!long) throw new Error(`parse tree: ${option.flags} has no long name`);
  return {
    flags: [option.short, long].filter((f): f is string => f !== undefined),
    long,
    key,
    ...(option.required ? { value: 'required' as const } : option.optional ? { value: 'optional' as const } : {}),
    ...(option.variadic ? { variadic: true as const } : {}),
    ...(option.negate ? { negate: true as const } : {}),
    ...(option.argChoices ? { choices: [...option.argChoices] } : {}),
  };
}

/** The key of the declared flag a verb's option stands for (a choice's and an either's options all stand for one). */
function flagKey(flags: FlagMap, option: Option, path: readonly string[]): string {
  for (const [key, flag] of Object.entries(flags)) {
    const form = flag.form;
    const longs =
      form.type === 'choice' || form.type === 'either'
        ? form.options.map((o) => o.long)
        : form.type === 'positional'
          ? []
          : [form.long];
    if (longs.includes(option.long ?? '')) return key;
  }
  throw new Error(`parse tree: ${path.join(' ')} ${option.flags} stands for no declared flag`);
}

/** `-o, --output <format>` → `--output`. */
function longOf(flags: string): string {
  return flags.split(/[ ,]+/).find((f) => f.startsWith('--')) ?? flags;
}
