// What `alias set` refuses before storing anything (exit 2): a name that is one of pwctl's
// commands (the alias could never run: commands come first), and an expansion that cannot
// be split or does not start with a command of pwctl, down to the verb when it names one.
import { commandWordAt } from '../../aliases/expand.js';
import { ExpansionSyntaxError, literalOf, splitExpansion, type Word } from '../../aliases/words.js';
import { namesOf, type Bound, type Noun } from '../../commands/declare.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../../suggest.js';
import { globalTakesValue, topLevelWords } from '../alias-expansion.js';
import { COMMANDS } from '../commands.js';

export function refuseCommandName(name: string): void {
  const command = topLevelWords().get(name);
  if (command === undefined) return;
  const what = command === name ? 'a pwctl command' : `a pwctl command (alias of ${command})`;
  throw new UsageError(`<name> "${name}" is ${what}; an alias cannot replace it, choose another name`);
}

const EXAMPLE = `e.g. 'steps list --open'`;

/** The words of the expansion, once it is known to run a command of pwctl. */
export async function checkExpansion(text: string): Promise<Word[]> {
  let words: Word[];
  try {
    words = splitExpansion(text);
  } catch (error) {
    if (!(error instanceof ExpansionSyntaxError)) throw error;
    throw new UsageError(`<expansion> ${error.message}; quote it as a shell would (${EXAMPLE})`);
  }
  const literals = words.map((word) => literalOf(word));
  const at = commandWordAt(
    literals.map((word) => word ?? '$'),
    globalTakesValue,
  );
  if (at < 0)
    throw new UsageError(`<expansion> must be a pwctl command line (${EXAMPLE}), got ${JSON.stringify(text)}`);
  const top = topLevelWords();
  const first = literals[at];
  if (first === undefined || !top.has(first))
    throw new UsageError(
      `<expansion> must start with a pwctl command (${EXAMPLE}); ${JSON.stringify(first ?? text.trim().split(/\s/)[0])} is not one${didYouMean(first ?? '', top.keys())}`,
    );
  await checkSubcommands(first, top.get(first)!, literals.slice(at + 1));
  return words;
}

/** Below a noun, the next word (when it is written out, not an option or a placeholder) must be one of its commands. */
async function checkSubcommands(typed: string, name: string, rest: readonly (string | undefined)[]): Promise<void> {
  let node: Noun | Bound | undefined = await COMMANDS.find((c) => c.name === name)?.load();
  const path = [typed];
  for (const word of rest) {
    if (node?.kind !== 'noun' || word === undefined || word.startsWith('-')) return;
    const sub: Noun | Bound | undefined = node.commands.find((c) => namesOfCommand(c).includes(word));
    if (!sub) {
      const names = node.commands.map((c) => namesOfCommand(c)[0]!);
      throw new UsageError(
        `<expansion>: "${word}" is not a command of pwctl ${path.join(' ')}${didYouMean(word, names)}; its commands: ${names.join(', ')}`,
      );
    }
    path.push(word);
    node = sub;
  }
}

function namesOfCommand(command: Noun | Bound): string[] {
  return command.kind === 'bound' ? namesOf(command.verb) : [command.name, ...(command.aliases ?? [])];
}
