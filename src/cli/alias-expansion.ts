// Aliases (`pwctl alias set`), expanded before anything parses the command line: when the
// first command word is not one of pwctl's and the store holds an alias of that name, the
// word becomes the alias's expansion, and the rest is parsed as if typed that way (its help,
// its checks, its completion). A command line that names a command of pwctl never reads the
// store here: an alias cannot shadow a command.
import { commandWordAt, expandWords } from '../aliases/expand.js';
import { findAlias } from '../aliases/stored.js';
import { ExpansionSyntaxError, literalOf, splitExpansion, type Word } from '../aliases/words.js';
import { UsageError } from '../errors.js';
import { GLOBAL_OPTIONS } from './global-options.js';
import { COMMANDS } from './commands.js';
import { normaliseArgv } from './normalise-argv.js';

/** The global options that take a value (`-o json`): their value is not a command word. */
const TAKES_VALUE = new Set(
  GLOBAL_OPTIONS.filter((o) => o.flags.includes('<') || o.flags.includes('[')).flatMap((o) =>
    o.flags
      .replaceAll(',', ' ')
      .split(' ')
      .filter((f) => f.startsWith('-')),
  ),
);

export const globalTakesValue = (flag: string): boolean => TAKES_VALUE.has(flag);

/** Each word that names a top-level command, with that command's name: `help` (the program adds it itself, program.ts), then each declared command's name and aliases. */
function* commandWords(): Generator<[word: string, command: string]> {
  yield ['help', 'help'];
  for (const command of COMMANDS) {
    yield [command.name, command.name];
    for (const alias of command.aliases ?? []) yield [alias, command.name];
  }
}

/** Every word that names a top-level command, mapped to that command's name (`tasks` → steps). */
export function topLevelWords(): Map<string, string> {
  return new Map(commandWords());
}

/** Whether a word names a top-level command: what topLevelWords() holds, without building the map every run would. */
function isTopLevelWord(word: string): boolean {
  for (const [name] of commandWords()) if (name === word) return true;
  return false;
}

/** argv with an alias in command position replaced by its expansion; argv itself otherwise. */
export async function expandAlias(argv: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const at = commandWordAt(argv, globalTakesValue);
  if (at < 0 || isTopLevelWord(argv[at]!)) return argv;
  const name = argv[at]!;
  const { openConfigStore } = await import('../config/store.js');
  const expansion = findAlias(openConfigStore(env).read(), name);
  if (expansion === undefined) return argv;
  const words = storedWords(name, expansion);
  return normaliseArgv([...argv.slice(0, at), ...expandWords(name, words, argv.slice(at + 1))]);
}

/**
 * The words of a stored expansion. `alias set` refuses what cannot run; a store edited by
 * hand may still hold it, and is told here rather than as whatever commander makes of it.
 */
function storedWords(name: string, expansion: string): Word[] {
  const fix = `; set it again: pwctl alias set ${name} '<command line>' --clobber`;
  let words: Word[];
  try {
    words = splitExpansion(expansion);
  } catch (error) {
    if (!(error instanceof ExpansionSyntaxError)) throw error;
    throw new UsageError(`alias ${name} cannot be read: its expansion ${error.message}${fix}`);
  }
  const literals = words.map((word) => literalOf(word) ?? '$');
  const at = commandWordAt(literals, globalTakesValue);
  if (at < 0 || !topLevelWords().has(literals[at]!))
    throw new UsageError(
      `alias ${name} expands to ${JSON.stringify(expansion)}, which does not start with a pwctl command${fix}`,
    );
  return words;
}
