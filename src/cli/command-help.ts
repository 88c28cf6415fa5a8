// How every command of the program (./program.ts) shows its help and reports commander's
// parse errors: where help goes (the run's terminal), how a group lists its commands (a verb
// by its names and arguments), which global options a verb's help lists (those its effects
// make apply), and that a noun alone prints its help.
import { type Command, Help, type HelpConfiguration, type Option, type OutputConfiguration } from 'commander';
import type { Effects } from '../commands/declare.js';
import type { Terminal } from '../io/terminal.js';
import { appliesTo, GLOBAL_OPTIONS } from './global-options.js';
import { parseErrorFor } from './parse-errors.js';

/** What help needs to know of a command beyond commander's own record of it. */
export interface CommandFacts {
  effects?: Effects;
  /** How a noun's help lists a verb (`get|view|show [options] <id>`), built or a stub alike. */
  term?: string;
}

const FACTS = new WeakMap<Command, CommandFacts>();

export function recordFacts(command: Command, facts: CommandFacts): void {
  FACTS.set(command, facts);
}

/** The effects declared for the verb a command runs; undefined for groups and the root. */
export function effectsOf(command: Command): Effects | undefined {
  return FACTS.get(command)?.effects;
}

/** Help and parse errors on every command of `program`; help goes to `output` when given. */
export function configureCommands(program: Command, output: OutputConfiguration | undefined): void {
  applyToAll(program, (command) => {
    command.exitOverride((error) => {
      throw parseErrorFor(error, command);
    });
    if (output) command.configureOutput(output);
    command.configureHelp(HELP_CONFIGURATION);
    if (command.commands.length > 0) helpWhenAlone(command);
  });
}

/**
 * The global options a verb's help lists (gh's "inherited flags"): those that apply to it
 * by its effects. A noun's help lists its verbs instead.
 */
const HELP_CONFIGURATION: HelpConfiguration = {
  showGlobalOptions: true,
  subcommandTerm(this: Help, command: Command): string {
    return FACTS.get(command)?.term ?? Help.prototype.subcommandTerm.call(this, command);
  },
  visibleGlobalOptions(this: Help, command: Command): Option[] {
    const effects = effectsOf(command);
    if (!effects) return [];
    return Help.prototype.visibleGlobalOptions.call(this, command).filter((option) => {
      const global = GLOBAL_OPTIONS.find((g) => g.flags.includes(option.long ?? '?'));
      return option.long !== '--version' && global !== undefined && appliesTo(global.applies, effects);
    });
  },
};

/**
 * `pwctl steps` alone prints the noun's help to stdout and succeeds, as `pwctl steps --help`
 * and `pwctl help steps` do; `pwctl steps lst` is still an unknown command with a suggestion.
 */
function helpWhenAlone(command: Command): void {
  // An action hides commander's implicit `help` subcommand; nouns keep `pwctl steps help list`.
  if (command.parent) command.helpCommand(true);
  command.allowExcessArguments(true).action(() => {
    if (command.args.length > 0) (command as unknown as { unknownCommand(): never }).unknownCommand();
    command.outputHelp();
  });
}

/** The "Examples:" block of a help text. */
export function examplesText(examples: readonly string[]): string {
  return examples.length === 0 ? '' : `\nExamples:\n${examples.map((line) => `  ${line}`).join('\n')}`;
}

/**
 * Help and commander's own messages go to the run's terminal (on the process's, with
 * fs.writeSync: touching process.stdout constructs a stream — and loads node:stream, net or
 * tty — which --help need not pay). Errors are reported by main.ts, in one format, so
 * commander prints none itself.
 */
export function helpOutput(terminal: Terminal, env: NodeJS.ProcessEnv): OutputConfiguration {
  return {
    writeOut: (text: string) => terminal.writeHelp('stdout', text),
    writeErr: (text: string) => terminal.writeHelp('stderr', text),
    outputError: () => {},
    getOutHelpWidth: () => terminal.helpWidth('stdout'),
    getErrHelpWidth: () => terminal.helpWidth('stderr'),
    getOutHasColors: () => terminal.tty.stdout && !('NO_COLOR' in env),
    getErrHasColors: () => terminal.tty.stderr && !('NO_COLOR' in env),
  };
}

function applyToAll(command: Command, fn: (command: Command) => void): void {
  fn(command);
  for (const sub of command.commands) applyToAll(sub, fn);
}
