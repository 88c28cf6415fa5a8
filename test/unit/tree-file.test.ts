// dist/parse-tree.txt (src/cli/fast/tree-file.ts): what the build writes is read back as the
// same tree, each command's spec decoded from its own bytes.
import { describe, expect, it } from 'vitest';
import { parseTreeOfProgram } from '../../src/cli/fast/tree-of-program.js';
import type { ParseTree } from '../../src/cli/fast/tree.js';
import { parseTreeFileText, parseTreeOfFile } from '../../src/cli/fast/tree-file.js';

const plain = (tree: ParseTree) => ({ ...tree, commands: tree.commands.map(({ names, spec }) => ({ names, spec })) });

describe('the parse tree file', () => {
  it('reads back the program’s tree as it was written', async () => {
    const tree = await parseTreeOfProgram();
    const read = parseTreeOfFile(Buffer.from(parseTreeFileText(tree)));
    expect(plain(read)).toStrictEqual(plain(tree));
    expect(read.commands.find((c) => c.names.includes('steps'))!.spec).toContain('"get"');
  });

  it('finds each spec by its bytes, whatever text comes before it, and keeps the first line to the tree', () => {
    const tree: ParseTree = {
      version: 2,
      name: 'x',
      options: [],
      defaults: {},
      commands: [
        { names: ['a'], spec: '{"names":["a"],"note":"caf\u00e9 \u2026 \n"}' },
        { names: ['b', 'bee'], spec: '{"names":["b"]}' },
      ],
    };
    const text = parseTreeFileText(tree);
    expect(text.split('\n')[0]).not.toContain('caf');
    const read = parseTreeOfFile(Buffer.from(text));
    expect(read.commands.map((c) => [c.names, c.spec])).toEqual([
      [['a'], tree.commands[0]!.spec],
      [['b', 'bee'], tree.commands[1]!.spec],
    ]);
    expect(() => parseTreeOfFile(Buffer.from('{}'))).toThrow('parse tree: no first line');
  });
});
