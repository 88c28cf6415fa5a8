// The command line, derived from the declarations (src/commands/): one commander command per
// declared noun and verb, their help (examples, the global options that apply, "(required)",
// defaults), aliases, and an action that hands the raw values to the runner. Only the noun a
// command line names becomes commander commands; the others are listed by name and summary,
// which is all `--help` and "did you mean" need. Running a verb and deciding exit codes are
// ./run-verb.ts's and ./main.ts's jobs.
import { Argument, Command, Help, Option, type HelpConfiguration, type OutputConfiguration } from 'commander';
import { namesOf, type Bound, type Effects, type Noun, type TopLevel } from '../commands/declare.js';
import type { Flag } from '../commands/flags.js';
import { PROGRAM } from '../commands/registry.js';
import { completeWith } from '../completion/values.js';
import type { Terminal } from '../io/terminal.js';
import { VERSION } from '../version.js';
import { appliesTo, GLOBAL_OPTIONS } from './global-options.js';
import { mcp } from './mcp-command.js';
import { parseErrorFor } from './parse-errors.js';
import type { RawOccurrence, Session } from './run-verb.js';

/** The declared commands, and the command line's own: `mcp` starts the agents' front end. */
export const COMMANDS: readonly TopLevel[] = [...PROGRAM.commands, mcp];

/** Every raw value of an option as it was typed, in order (the runner reads these, not commander's store). */
export type OccurrenceLog = Map<string, RawOccurrence[]>;

interface CommandFacts {
  effects?: Effects;
  /** How a noun's help lists a verb (`get|view|show [options] <id>`), built or a stub alike. */
  term?: string;
}

const FACTS = new WeakMap<Command, CommandFacts>();

/** The effects declared for the verb a command runs; undefined for groups and the root. */
export function effectsOf(command: Command): Effects | undefined {
  return FACTS.get(command)?.effects;
}

/**
 * The program. `argv` names the noun to build in full (`undefined`: build every noun, for the
 * completion tree and the command reference). `output` is where help goes (helpOutput); a
 * program that is only read (the completion tree) needs none.
 */
export async function buildProgram(
  session: Session,
  argv?: readonly string[],
  output?: OutputConfiguration,
): Promise<Command> {
  const program = new Command('pwctl')
    .description(PROGRAM.summary)
    .version(VERSION, '-V, --version', 'print the version');
  for (const global of GLOBAL_OPTIONS) {
    const option = new Option(global.flags, global.help);
    if (global.choices) option.choices(global.choices);
    if (global.hidden) option.hideHelp();
    program.addOption(option);
  }
  program
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .addHelpText('after', `${examplesText(PROGRAM.examples)}\n\n${PROGRAM.details ?? ''}`.trimEnd());

  const path = argv === undefined ? undefined : invokedPath(argv);
  for (const top of COMMANDS) {
    const names = top.kind === 'lazy' ? [top.name, ...(top.aliases ?? [])] : namesOf(top.verb);
    if (path === undefined || names.includes(path[0]!)) {
      if (top.kind === 'lazy') addNoun(program, await top.load(), session, path?.slice(1));
      else addVerb(program, top, session);
    } else addStub(program, top);
  }
  addHelpCommand(program, session);
  configure(program, output);
  return program;
}

/** The words of argv that may name a top-level command: the first word that is not a global option or its value, and for `help`, the next. */
/**
 * The words of argv that may name a command, in order (`['webhooks', 'deliveries', 'list']`):
 * the words that are not options or a global option's value, `help` left out. Later words may
 * be arguments; only as many as name commands are used.
 */
function invokedPath(argv: readonly string[]): string[] {
  const takesValue = new Set(
    GLOBAL_OPTIONS.filter((o) => /[<[]/.test(o.flags)).flatMap((o) =>
      o.flags.split(/[ ,]+/).filter((f) => f.startsWith('-')),
    ),
  );
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 4; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (takesValue.has(arg)) i++;
      continue;
    }
    words.push(arg);
  }
  return words[0] === 'help' ? words.slice(1) : words;
}

/** A verb's arguments as its usage shows them: `<id>`, `[event]`, `<id...>` (the declaration says what is required). */
function positionalsOf(verb: Bound['verb']): string[] {
  return Object.values(verb.flags).flatMap((flag) => {
    const form = flag.form;
    if (form.type !== 'positional') return [];
    const name = `${form.name}${form.variadic ? '...' : ''}`;
    return [form.optional ? `[${name}]` : `<${name}>`];
  });
}

/** How a noun's help lists a verb: its names, `[options]` when it has any, its arguments. */
function termOf(verb: Bound['verb']): string {
  const hasOptions = Object.values(verb.flags).some((flag) => flag.form.type !== 'positional');
  return [namesOf(verb).join('|'), ...(hasOptions ? ['[options]'] : []), ...positionalsOf(verb)].join(' ');
}

/** A command of a noun that argv does not name: listed by its names and summary only. */
function addStubOf(parent: Command, child: Noun | Bound): void {
  const command = parent
    .command(child.kind === 'noun' ? child.name : child.verb.name)
    .description(child.kind === 'noun' ? child.summary : child.verb.summary);
  const aliases = child.kind === 'noun' ? child.aliases : namesOf(child.verb).slice(1);
  if (aliases?.length) command.aliases([...aliases]);
  if (child.kind === 'bound') FACTS.set(command, { effects: child.verb.effects, term: termOf(child.verb) });
}

/** A command listed by its head only: its name, aliases and summary (what --help and "did you mean" need). */
function addStub(parent: Command, top: TopLevel): void {
  const command = parent
    .command(top.kind === 'lazy' ? top.name : top.verb.name)
    .description(top.kind === 'lazy' ? top.summary : top.verb.summary);
  const aliases = top.kind === 'lazy' ? top.aliases : namesOf(top.verb).slice(1);
  if (aliases?.length) command.aliases([...aliases]);
  if (top.kind === 'bound') FACTS.set(command, { effects: top.verb.effects });
}

/**
 * A noun and its commands. `path` is what argv names below it: the command it names is built
 * in full, the others as stubs (their names and summaries are all the noun's help lists);
 * undefined builds everything (the completion tree, the command reference).
 */
function addNoun(parent: Command, noun: Noun, session: Session, path?: readonly string[]): Command {
  const command = parent.command(noun.name).description(noun.summary);
  if (noun.aliases?.length) command.aliases([...noun.aliases]);
  const after = [noun.details, noun.examples.length > 0 ? examplesText(noun.examples) : undefined]
    .filter(Boolean)
    .join('\n');
  if (after) command.addHelpText('after', after);
  for (const child of noun.commands) {
    const names = child.kind === 'noun' ? [child.name, ...(child.aliases ?? [])] : namesOf(child.verb);
    if (path !== undefined && !names.includes(path[0]!)) addStubOf(command, child);
    else if (child.kind === 'noun') addNoun(command, child, session, path?.slice(1));
    else addVerb(command, child, session);
  }
  return command;
}

function addVerb(parent: Command, bound: Bound, session: Session): Command {
  const { verb } = bound;
  const command = parent.command(verb.name).description(verb.summary);
  const aliases = namesOf(verb).slice(1);
  if (aliases.length) command.aliases(aliases);
  FACTS.set(command, { effects: verb.effects, term: termOf(verb) });

  const log: OccurrenceLog = new Map();
  const positionals: string[] = [];
  for (const [key, flag] of Object.entries(verb.flags)) {
    const form = flag.form;
    if (form.type === 'positional') {
      // Every positional is optional to commander: a missing one is asked for on a terminal,
      // or reported by the runner in the same words as a missing flag.
      const argument = new Argument(`[${form.name}${form.variadic ? '...' : ''}]`, flag.help);
      if (flag.complete) completeWith(argument, flag.complete);
      command.addArgument(argument);
      positionals.push(form.name);
      continue;
    }
    for (const option of optionsOf(flag)) {
      const complete =
        form.type === 'either' ? form.options.find((o) => o.long === option.long)?.complete : flag.complete;
      if (complete) completeWith(option, complete);
      command.addOption(option);
      command.on(`option:${option.name()}`, (value: unknown) => {
        const list = log.get(key) ?? [];
        list.push({ long: option.long!, value });
        log.set(key, list);
      });
    }
  }
  command.usage(['[options]', ...positionalsOf(verb)].join(' '));
  const after = [verb.details, examplesText(verb.examples)].filter(Boolean).join('\n');
  command.addHelpText('after', after);
  command.action(async (...args: unknown[]) => {
    const { runVerb } = await import('./run-verb.js');
    const self = args[args.length - 1] as Command;
    await runVerb(session, self, bound, args.slice(0, positionals.length), log);
  });
  return command;
}

/** The commander options a flag is typed as: one, or one per switch of a choice. */
function optionsOf(flag: Flag): Option[] {
  const form = flag.form;
  const required = flag.required ? ' (required)' : '';
  const shown =
    flag.defaultText ??
    (typeof flag.defaultValue === 'string' || typeof flag.defaultValue === 'number'
      ? String(flag.defaultValue)
      : undefined);
  const defaulted = shown === undefined ? '' : ` (default: ${shown})`;
  const hide = (option: Option) => (flag.hidden ? option.hideHelp() : option);
  switch (form.type) {
    case 'value': {
      const flags = `${form.short ? `${form.short}, ` : ''}${form.long} ${form.placeholder}${form.repeatable ? '...' : ''}`;
      return [
        hide(
          new Option(flags, `${flag.help}${form.repeatable ? ' (repeatable)' : ''}${required}${defaulted}`).argParser(
            (value: string) => value,
          ),
        ),
      ];
    }
    case 'switch':
      return [hide(new Option(`${form.short ? `${form.short}, ` : ''}${form.long}`, flag.help))];
    case 'negation':
      return [hide(new Option(form.long, flag.help))];
    case 'choice':
      return form.options.map((o) => hide(new Option(o.long, o.help)));
    case 'either':
      return form.options.map((o) => hide(new Option(`${o.long} ${o.placeholder}`, `${o.help}${required}`)));
    case 'positional':
      return [];
  }
}

/** `pwctl help <command path>` or `pwctl help <topic>`: the help of a command, built on demand, or a reference topic. */
function addHelpCommand(program: Command, session: Session): void {
  program
    .command('help')
    .description('help for a command, or a reference topic: exit-codes, environment, formatting')
    .argument('[topic...]', 'a command path (steps list) or a topic')
    .action(async (topic: string[], _options: unknown, command: Command) => {
      const { showHelp } = await import('./help-topic.js');
      await showHelp(program, topic, session.io(command));
    });
}

// ---- help and parse errors on every command -------------------------------------------

function configure(program: Command, output: OutputConfiguration | undefined): void {
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
 * Two spellings commander does not read, as people type them: `--debug=api` → `--debug
 * --debug-api` (a bare `--debug` must stay a switch: were it an option with an optional
 * value, commander would take the next word, `pwctl --debug steps list` would trace "steps"),
 * and `-o=json` → `-o json`, as kubectl and gh accept. Arguments after `--` are left alone.
 */
export function normaliseArgv(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.flatMap((arg, i) => {
    if (end !== -1 && i >= end) return [arg];
    if (arg === '--debug=api') return ['--debug', '--debug-api'];
    const short = /^(-[a-zA-Z])=(.*)$/s.exec(arg);
    return short ? [short[1]!, short[2]!] : [arg];
  });
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
