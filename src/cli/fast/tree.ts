// The command line as data for the fast path (./parse.ts): every command's names, and for the
// root and each verb the options commander knows — their names, whether they take a value,
// which are negations, the choices of a value — and a verb's arguments. Taken from the real
// commander program (./tree-of-program.ts), written by the build to dist/parse-tree.txt (./tree-file.ts), so
// the fast path reads what commander would parse without building it.

export interface ParseTree {
  version: 2;
  /** The program's name: the first word of every command path ("pwctl"). */
  name: string;
  /** The root's options: the global flags, and those the fast path leaves to commander (--version). */
  options: OptionSpec[];
  /** The root's option values before anything is parsed (a lone `--no-color` makes color true). */
  defaults: Record<string, unknown>;
  /**
   * Each top-level command's names, and the whole of it as JSON text (a CommandSpec), parsed
   * only for the one a command line names: parsing all of them was most of the time the fast
   * path spent on the tree.
   */
  commands: TopCommand[];
}

export interface TopCommand {
  names: string[];
  spec: string;
}

export interface CommandSpec {
  /** Its name, then its aliases. */
  names: string[];
  /** A group's commands (a noun's verbs and nouns). */
  commands?: CommandSpec[];
  /** What a verb takes. */
  verb?: VerbSpec;
  /** Anything the fast path does not parse itself (a group with options of its own): commander does. */
  handover?: true;
}

export interface VerbSpec {
  /** Commander's usage of it: `[options] <id>`. */
  usage: string;
  options: OptionSpec[];
  /** Its positional arguments, in order. */
  arguments: ArgumentSpec[];
}

export interface ArgumentSpec {
  required?: true;
  variadic?: true;
}

export interface OptionSpec {
  /** How it is typed: `['-o', '--output']`, `['--no-color']`. */
  flags: string[];
  /** The long name, as the runner's record of occurrences names it. */
  long: string;
  /** Where its value goes: a global option's key on the root, a verb's declared flag key. */
  key: string;
  /** Takes a value: always (`<v>`), or when the next word is not an option (`[v]`). */
  value?: 'required' | 'optional';
  /** Takes every following word that is not an option as another value (`<v>...`). */
  variadic?: true;
  /** `--no-x`: false when given. */
  negate?: true;
  /** The only values it takes. */
  choices?: string[];
  /** Given, the fast path hands the command line over to commander (--version). */
  handover?: true;
}
