// An alias in a command line, replaced by its expansion, as gh does: `$1`, `$2`, … take the
// words typed after the alias, in order, and the words no placeholder takes are appended.
// Shared by the command line (before parsing) and the shell completer (at TAB).
import { UsageError } from '../errors.js';
import { literalOf, placeholdersOf, type Word } from './words.js';

/**
 * The index of the first word of argv that may name a command (not an option, nor the value
 * of an option that `takesValue`), or -1 when there is none before `--` or the end.
 */
export function commandWordAt(argv: readonly string[], takesValue: (flag: string) => boolean): number {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return -1;
    if (!word.startsWith('-') || word === '-') return i;
    if (takesValue(word)) i++;
  }
  return -1;
}

/** The words an alias's expansion stands for, given the words typed after it. */
export function expandWords(name: string, words: readonly Word[], args: readonly string[]): string[] {
  const used = placeholdersOf(words);
  const needed = Math.max(0, ...used);
  // `pwctl due --help` asks what the command takes: show it, rather than ask for its arguments or take --help for one.
  const end = args.indexOf('--');
  if (used.size > 0 && (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h'))
    return [...commandPartOf(words), ...args];
  if (args.length < needed) {
    const usage = Array.from({ length: needed }, (_, i) => `<$${i + 1}>`).join(' ');
    throw new UsageError(
      `alias ${name} needs ${needed} argument${needed === 1 ? '' : 's'}, got ${args.length}; usage: pwctl ${name} ${usage}`,
    );
  }
  const filled = words.map((word) => word.map((part) => (typeof part === 'number' ? args[part - 1]! : part)).join(''));
  return [...filled, ...args.filter((_, i) => !used.has(i + 1))];
}

/**
 * The expansion's words before its first placeholder, less an option left waiting for the
 * placeholder's value (`steps update $1 --due $2` → `steps update`).
 */
function commandPartOf(words: readonly Word[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const literal = literalOf(word);
    if (literal === undefined) break;
    out.push(literal);
  }
  if (out.length < words.length && /^-[^=]*$/.test(out.at(-1) ?? '')) out.pop();
  return out;
}
