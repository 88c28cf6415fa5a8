// The command lines of a declaration's examples (`pwctl steps list --open -o json | jq …`), as
// the words a shell would give pwctl: for tests that walk every example.

/** Each simple command of an example line (pipelines, `&&`, `$(…)`), as words, with leading `NAME=value` assignments dropped. */
export function commandsOf(line: string): string[][] {
  const inner = [...line.matchAll(/\$\(([^)]*)\)/g)].map((m) => m[1]!);
  return [line, ...inner]
    .flatMap((text) => text.split(/\|\||&&|[|;]/))
    .map((part) => {
      const argv = words(part.trim());
      while (argv.length > 0 && /^[A-Z_]+=/.test(argv[0]!)) argv.shift();
      return argv;
    });
}

/** The words of a command, as a shell would split them (quotes kept together; `$(…)` one word). */
function words(line: string): string[] {
  const out: string[] = [];
  let word = '';
  let quote: string | undefined;
  let depth = 0;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (depth > 0) {
      word += char;
      if (char === '(') depth++;
      if (char === ')') depth--;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '$') {
      word += char;
      depth = 0;
    } else if (char === '(' && word.endsWith('$')) {
      word += char;
      depth = 1;
    } else if (/\s/.test(char)) {
      if (word) out.push(word);
      word = '';
    } else if ('|&;>#'.includes(char)) break;
    else word += char;
  }
  if (word) out.push(word);
  return out;
}
