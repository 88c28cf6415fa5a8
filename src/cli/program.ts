// The command line, derived from the declarations (src/commands/): one commander command per
// declared noun and verb, their help texts (examples, "(required)", defaults), aliases, and an
// action that hands the raw values to the runner. Only the noun a command line names becomes
// commander commands; the others are listed by name and summary, which is all `--help` and
// "did you mean" need. How help is shown is ./command-help.ts's job; running a verb and
// deciding exit codes are ./run-verb.ts's and ./main.ts's.
import { Argument, Command, Option, type OutputConfiguration } from 'commander';
import { namesOf, type Bound, type Noun, type TopLevel } from '../commands/declare.js';
import { usageOf, type Flag } from '../commands/flags.js';
import { PROGRAM } from '../commands/registry.js';
import { completeWith } from '../completion/values.js';
import { VERSION } from '../version.js';
import { configureCommands, examplesText, recordFacts } from './command-help.js';
import { COMMANDS } from './commands.js';
import { GLOBAL_OPTIONS } from './global-options.js';
import type { GlobalFlags } from '../config/settings.js';
import type { Invocation, RawOccurrence, Session } from './run-verb.js';

export { COMMANDS };

/** The words a program was built for (buildProgram's argv). */
const TYPED = new WeakMap<Command, readonly string[]>();

/** Every raw value of an option as it was typed, in order (the runner reads these, not commander's store). */
export type OccurrenceLog = Map<string, RawOccurrence[]>;

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

  if (argv !== undefined) TYPED.set(program, argv);
  const path = argv === undefined ? undefined : invokedPath(argv);
  for (const top of COMMANDS) await addCommand(program, top, session, path);
  addHelpCommand(program, session);
  configureCommands(program, output);
  return program;
}

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
  return Object.values(verb.flags)
    .filter((flag) => flag.form.type === 'positional')
    .map(usageOf);
}

/** How a noun's help lists a verb: its names, `[options]` when it has any, its arguments. */
function termOf(verb: Bound['verb']): string {
  const hasOptions = Object.values(verb.flags).some((flag) => flag.form.type !== 'positional');
  return [namesOf(verb).join('|'), ...(hasOptions ? ['[options]'] : []), ...positionalsOf(verb)].join(' ');
}

/**
 * A command, and below it what `path` (the words of argv after its parent's) names: the
 * command path names is built in full, the others as stubs; undefined builds everything (the
 * completion tree, the command reference).
 */
async function addCommand(
  parent: Command,
  child: TopLevel | Noun | Bound,
  session: Session,
  path: readonly string[] | undefined,
): Promise<void> {
  const { name, aliases } = headOf(child);
  if (path !== undefined && ![name, ...aliases].includes(path[0]!)) return addStub(parent, child);
  const command = child.kind === 'lazy' ? await child.load() : child;
  if (command.kind === 'bound') addVerb(parent, command, session);
  else await addNoun(parent, command, session, path?.slice(1));
}

/** A command's names and summary: all `--help` and "did you mean" need of a command argv does not name. */
function headOf(child: TopLevel | Noun | Bound): { name: string; summary: string; aliases: readonly string[] } {
  return child.kind === 'bound'
    ? { name: child.verb.name, summary: child.verb.summary, aliases: namesOf(child.verb).slice(1) }
    : { name: child.name, summary: child.summary, aliases: child.aliases ?? [] };
}

function addHead(parent: Command, child: TopLevel | Noun | Bound): Command {
  const { name, summary, aliases } = headOf(child);
  const command = parent.command(name).description(summary);
  if (aliases.length > 0) command.aliases([...aliases]);
  return command;
}

/**
 * A command listed by its head only; for a verb of a noun, its effects and how its noun's help
 * lists it (`pwctl --help` lists a top-level command by its names alone).
 */
function addStub(parent: Command, child: TopLevel | Noun | Bound): void {
  const command = addHead(parent, child);
  if (child.kind === 'bound') recordFacts(command, { effects: child.verb.effects, term: termOf(child.verb) });
}

async function addNoun(
  parent: Command,
  noun: Noun,
  session: Session,
  path: readonly string[] | undefined,
): Promise<void> {
  const command = addHead(parent, noun);
  const after = [noun.details, noun.examples.length > 0 ? examplesText(noun.examples) : undefined]
    .filter(Boolean)
    .join('\n');
  if (after) command.addHelpText('after', after);
  for (const child of noun.commands) await addCommand(command, child, session, path);
}

function addVerb(parent: Command, bound: Bound, session: Session): void {
  const { verb } = bound;
  const command = addHead(parent, bound);
  recordFacts(command, { effects: verb.effects, term: termOf(verb) });

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
    const self = args[args.length - 1] as Command;
    logShadowedSwitches(verb, self, log);
    const invocation = invocationOf(self, bound, args.slice(0, positionals.length), log);
    if (session.run) await session.run(invocation);
    else await (await import('./run-verb.js')).runVerb(session, invocation);
  });
}

/**
 * A verb's own switch spelled as a global option's long form (`docs diff --quiet`, where `-q,
 * --quiet` is global): commander gives the word to the program, which parses its options
 * first, so the verb's occurrence is read from the words typed. The global option is set as
 * well; the short form (`-q`) is the global's alone.
 */
function logShadowedSwitches(verb: Bound['verb'], command: Command, log: OccurrenceLog): void {
  let root = command;
  while (root.parent) root = root.parent;
  const argv = TYPED.get(root) ?? [];
  const typed = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : undefined);
  for (const [key, flag] of Object.entries(verb.flags)) {
    const { form } = flag;
    if (form.type !== 'switch' || !GLOBAL_OPTIONS.some((g) => g.flags.split(/[ ,]+/).includes(form.long))) continue;
    if (typed.includes(form.long)) log.set(key, [{ long: form.long, value: true }]);
  }
}

/** What commander parsed for a verb's command, as the runner takes it (./run-verb.ts). */
export function invocationOf(
  command: Command,
  bound: Bound,
  positionals: readonly unknown[],
  occurrences: OccurrenceLog,
): Invocation {
  const path = commandPath(command);
  return { bound, path, usage: `${path} ${command.usage()}`, globals: globalsOf(command), positionals, occurrences };
}

/** "pwctl steps list" for `pwctl tasks ls` (names, not aliases). */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * The global options: they live on the root command; optsWithGlobals() would also merge in a
 * verb's own options (milestones --color would shadow the global --no-color).
 */
function globalsOf(command: Command): GlobalFlags {
  let root = command;
  while (root.parent) root = root.parent;
  return root.opts() as GlobalFlags;
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

/** `pwctl help <command path>` or `pwctl help <topic>`: the help of a command, built on demand, or a guide topic. */
function addHelpCommand(program: Command, session: Session): void {
  program
    .command('help')
    .description('help for a command, or a guide topic: exit-codes, environment, formatting, … (help topics)')
    .argument('[topic...]', 'a command path (steps list) or a topic')
    .option('--json', 'the command tree as JSON (or the command named): verbs, flags, defaults, examples, exit codes')
    .option('--man', 'the manual page of the program (or of the command named), in roff for man(1)')
    .action(async (topic: string[], options: { json?: boolean; man?: boolean }, command: Command) => {
      const { showHelp } = await import('./help-topic.js');
      await showHelp(program, topic, session.io(globalsOf(command)), options, COMMANDS);
    });
}
