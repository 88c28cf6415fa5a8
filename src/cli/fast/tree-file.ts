// dist/parse-tree.txt, the fast path's command tree (./tree.ts) as the build writes it: a first
// line of JSON, the tree with each top-level command's spec replaced by where its text lies in
// the rest of the file ([start, end] in bytes after that line), then those texts one after
// another. A run parses the first line and decodes only the spec of the command it names:
// the whole tree as one JSON document was a copy of every command's text on every run.
import type { ParseTree, TopCommand } from './tree.js';

interface StoredCommand {
  names: string[];
  spec: [start: number, end: number];
}

/** The file's text for `tree`. */
export function parseTreeFileText(tree: ParseTree): string {
  let offset = 0;
  const commands: StoredCommand[] = tree.commands.map(({ names, spec }) => {
    const start = offset;
    offset += Buffer.byteLength(spec);
    return { names, spec: [start, offset] };
  });
  return `${JSON.stringify({ ...tree, commands })}\n${tree.commands.map((c) => c.spec).join('')}`;
}

/** The tree a file holds; a command's spec is decoded when it is read. */
export function parseTreeOfFile(bytes: Buffer): ParseTree {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) throw new Error('parse tree: no first line');
  const stored = JSON.parse(bytes.toString('utf8', 0, newline)) as Omit<ParseTree, 'commands'> & {
    commands: StoredCommand[];
  };
  const base = newline + 1;
  const commands = stored.commands.map(
    ({ names, spec: [start, end] }): TopCommand => ({
      names,
      get spec() {
        return bytes.toString('utf8', base + start, base + end);
      },
    }),
  );
  return { ...stored, commands };
}
