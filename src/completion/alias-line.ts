// At TAB, a command line that starts with an alias is completed as the command line it runs:
// `pwctl mine --so<TAB>` as `pwctl steps list --assignee maya --sort due_date --so<TAB>`, and
// with `pwctl alias set due 'steps update $1 --due $2'`, `pwctl due <TAB>` as the task id of
// `steps update <TAB>`, `pwctl due 101 <TAB>` as the date of `--due <TAB>`. The expansion is
// cut where the word under the cursor lands; a placeholder not typed yet leaves its word out.
import { commandWordAt } from '../aliases/expand.js';
import { splitExpansion, type Word } from '../aliases/words.js';
import type { CommandNode } from './tree.js';

/**
 * The words to complete instead of `words` (the last is the word under the cursor, and stays
 * last): `words` itself when no alias stands in command position, undefined when the word
 * under the cursor would be part of a larger word of the expansion (`--search=$1`): nothing
 * there can be offered as the shell would insert it.
 */
export function expandTypedAlias(
  root: CommandNode,
  words: readonly string[],
  aliases: () => Readonly<Record<string, string>>,
): readonly string[] | undefined {
  const typed = words.slice(0, -1);
  const takesValue = (flag: string) => root.options.some((o) => o.value === 'required' && o.flags.includes(flag));
  const at = commandWordAt(typed, takesValue);
  if (at < 0) return words;
  const name = typed[at]!;
  if (root.commands.some((c) => c.name === name || c.aliases?.includes(name))) return words;
  const stored = aliases();
  if (!Object.hasOwn(stored, name)) return words;
  const expansion = stored[name]!;
  let parts: Word[];
  try {
    parts = splitExpansion(expansion);
  } catch {
    return words;
  }
  const before = words.slice(0, at);
  const args = words.slice(at + 1);
  const current = args.length; // the placeholder the word under the cursor would fill
  const landing = parts.findIndex((word) => word.includes(current));
  if (landing >= 0) {
    if (parts[landing]!.length !== 1) return undefined;
    return [...before, ...filled(parts.slice(0, landing), args), args.at(-1)!];
  }
  const used = new Set(parts.flat().filter((part) => typeof part === 'number'));
  return [...before, ...filled(parts, args), ...args.filter((_, i) => !used.has(i + 1))];
}

/** The words whose placeholders the typed words fill (the one under the cursor excepted); the others left out. */
function filled(parts: readonly Word[], args: readonly string[]): string[] {
  const complete = args.length - 1;
  return parts
    .filter((word) => word.every((part) => typeof part === 'string' || part <= complete))
    .map((word) => word.map((part) => (typeof part === 'number' ? args[part - 1]! : part)).join(''));
}
