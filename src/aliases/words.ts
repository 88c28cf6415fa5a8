// The words of an alias's expansion, split as a POSIX shell splits a command line, without
// running anything: blanks separate words; '…' keeps everything literally; "…" keeps blanks
// and lets \ escape " \ $ and `; a \ outside quotes keeps the next character. `$1`, `$2`, …
// (outside single quotes, not escaped) are placeholders for the words typed after the alias.
// Nothing else of a shell is read: no variables, globs, pipes or command substitution (gh's
// `--shell` aliases, which run through sh, are not offered).

/** A piece of a word: literal text, or the number of the argument a placeholder takes. */
export type Part = string | number;

/** One word of an expansion, as its pieces (`--search=$1` is `['--search=', 1]`). */
export type Word = readonly Part[];

/** The expansion cannot be split: an unterminated quote, a lone trailing backslash. */
export class ExpansionSyntaxError extends Error {
  override name = 'ExpansionSyntaxError';
}

export function splitExpansion(text: string): Word[] {
  const words: Word[] = [];
  let parts: Part[] | undefined;
  let literal = '';
  const add = (part: Part) => {
    parts ??= [];
    if (typeof part === 'number') {
      if (literal) parts.push(literal);
      literal = '';
      parts.push(part);
    } else literal += part;
  };
  const endWord = () => {
    if (parts === undefined) return;
    if (literal) parts.push(literal);
    // A quoted empty word ('') is a word of its own, as in a shell.
    words.push(parts.length === 0 ? [''] : parts);
    parts = undefined;
    literal = '';
  };
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else add(char);
    } else if (char === '\\') {
      const next = text[i + 1];
      if (next === undefined) throw new ExpansionSyntaxError('ends with a lone backslash');
      i++;
      // Inside "…" a backslash escapes only what a shell lets it escape; before anything else it is kept.
      if (quote === '"' && !'"\\$`\n'.includes(next)) add(`\\${next}`);
      else if (next !== '\n') add(next);
    } else if (char === '$' && /\d/.test(text[i + 1] ?? '')) {
      const digits = /^\d+/.exec(text.slice(i + 1))![0];
      const index = Number(digits);
      if (index === 0) throw new ExpansionSyntaxError('uses $0; placeholders start at $1');
      add(index);
      i += digits.length;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else add(char);
    } else if (char === "'" || char === '"') {
      quote = char;
      parts ??= [];
    } else if (/\s/.test(char)) endWord();
    else add(char);
  }
  if (quote) throw new ExpansionSyntaxError(`has an unterminated ${quote} quote`);
  endWord();
  return words;
}

/** The placeholder numbers a word list uses. */
export function placeholdersOf(words: readonly Word[]): Set<number> {
  return new Set(words.flatMap((word) => word.filter((part): part is number => typeof part === 'number')));
}

/** A word without placeholders, as its text; undefined for one that takes an argument. */
export function literalOf(word: Word): string | undefined {
  return word.every((part) => typeof part === 'string') ? word.join('') : undefined;
}
