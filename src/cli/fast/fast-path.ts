// The fast path: a command line that names a verb, read from the prebuilt command tree
// (dist/parse-tree.txt) without building the commander program, and handed to the same
// runner commander's action hands it to (../run-verb.ts). When it is not sure — help, an
// error to explain, anything unusual (./parse.ts) — it answers undefined and main.ts hands
// the command line over to commander, the one truth for what a command line means.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bound, Noun, TopLevel } from '../../commands/declare.js';
import { COMMANDS } from '../commands.js';
import type { Invocation } from '../run-verb.js';
import { parseFast } from './parse.js';
import { parseTreeOfFile } from './tree-file.js';
import type { ParseTree } from './tree.js';

/** The verb a command line asks for, parsed without commander; undefined hands it over to commander. */
export async function fastInvocation(argv: readonly string[]): Promise<Invocation | undefined> {
  const tree = await parseTree();
  const parsed = parseFast(tree, argv);
  if (!parsed) return undefined;
  const bound = await boundAt(COMMANDS, parsed.path);
  if (!bound) return undefined;
  const path = [tree.name, ...parsed.path].join(' ');
  const { globals, positionals, occurrences } = parsed;
  return { bound, path, usage: `${path} ${parsed.usage}`, globals, positionals, occurrences };
}

let tree: Promise<ParseTree> | undefined;

/**
 * The tree the build wrote beside this module (dist/). Run from the sources (tests), there is
 * none: it is read off the program, as the build reads it, once per process.
 */
function parseTree(): Promise<ParseTree> {
  return (tree ??= (async () => {
    try {
      return parseTreeOfFile(readFileSync(join(import.meta.dirname, 'parse-tree.txt')));
    } catch {
      return (await import('./tree-of-program.js')).parseTreeOfProgram();
    }
  })());
}

/** The declared verb at a command path of names (`['steps', 'get']`), its top-level command loaded. */
async function boundAt(
  commands: readonly (TopLevel | Noun | Bound)[],
  path: readonly string[],
): Promise<Bound | undefined> {
  const [word, ...rest] = path;
  let command = commands.find((c) => (c.kind === 'bound' ? c.verb.name : c.name) === word);
  if (command?.kind === 'lazy') command = await command.load();
  if (!command) return undefined;
  if (command.kind === 'bound') return rest.length === 0 ? command : undefined;
  return boundAt(command.commands, rest);
}
