// An alias's expansion split as a shell splits words (never run by one), its placeholders
// filled from the words typed after it, and the completer's reading of a line that starts with
// an alias (where the word under the cursor lands in the expansion).
import { describe, expect, it } from 'vitest';
import { expandWords } from '../../src/aliases/expand.js';
import { splitExpansion } from '../../src/aliases/words.js';
import { buildProgram } from '../../src/cli/program.js';
import { completeWords, type Sources } from '../../src/completion/candidates.js';
import { buildCompletionTree } from '../../src/completion/tree.js';

describe('splitExpansion', () => {
  it.each([
    ['steps list  --open', [['steps'], ['list'], ['--open']]],
    [`steps list --search 'a "b" $1'`, [['steps'], ['list'], ['--search'], ['a "b" $1']]],
    [`steps list --search "a 'b' $1"`, [['steps'], ['list'], ['--search'], ["a 'b' ", 1]]],
    [String.raw`steps list --search a\ b\$1`, [['steps'], ['list'], ['--search'], ['a b$1']]],
    [String.raw`x "q\"\\\n"`, [['x'], [String.raw`q"\\n`]]],
    [`x '' --title=$1$2`, [['x'], [''], ['--title=', 1, 2]]],
    ['x $12 $ $a', [['x'], [12], ['$'], ['$a']]],
  ])('%s', (text, words) => {
    expect(splitExpansion(text)).toEqual(words);
  });

  it.each([
    [`x 'open`, "has an unterminated ' quote"],
    [`x "open`, 'has an unterminated " quote'],
    ['x \\', 'ends with a lone backslash'],
    ['x $0', 'uses $0; placeholders start at $1'],
  ])('refuses %j', (text, message) => {
    expect(() => splitExpansion(text)).toThrow(message);
  });
});

describe('expandWords', () => {
  const words = splitExpansion('steps update $2 --title "Re: $1"');

  it('fills each placeholder with one typed word and appends the words none takes', () => {
    expect(expandWords('t', words, ['a b', '101', '-o', 'json'])).toEqual([
      'steps',
      'update',
      '101',
      '--title',
      'Re: a b',
      '-o',
      'json',
    ]);
  });

  it('asks for the words its placeholders need, unless help is asked for', () => {
    expect(() => expandWords('t', words, ['x'])).toThrow('alias t needs 2 arguments, got 1; usage: pwctl t <$1> <$2>');
    expect(expandWords('t', words, ['--help'])).toEqual(['steps', 'update', '--help']);
    expect(expandWords('d', splitExpansion('steps update 101 --due $1'), ['-h'])).toEqual([
      'steps',
      'update',
      '101',
      '-h',
    ]);
  });
});

describe('completing after an alias', async () => {
  const notRun = () => {
    throw new Error('nothing runs');
  };
  const tree = buildCompletionTree(await buildProgram({ factory: notRun, io: notRun }));
  const sources: Sources = {
    ids: (kind) => (kind === 'steps' ? [{ id: '101', title: 'Kickoff' }] : []),
    profiles: () => [],
    aliases: () => ({
      find: 'steps list --search=$1',
      later: 'steps update $2 --due $1',
      constructorish: 'steps list',
    }),
  };
  const values = (...words: string[]) => completeWords(tree, words, sources).candidates.map((c) => c.value);

  it('offers nothing where the word under the cursor is part of a larger word of the expansion', () => {
    expect(values('find', '')).toEqual([]);
  });

  it('leaves out a placeholder not typed yet: `later <TAB>` is the value of --due, `later x <TAB>` the task id', () => {
    expect(values('later', '')).toEqual(values('steps', 'update', '--due', ''));
    expect(values('later', 'today', '')).toEqual(['101']);
    expect(values('later', 'today', '101', '--dr')).toEqual(['--draft', '--dry-run']);
  });

  it('reads only own keys of the stored aliases: a word like `constructor` is no alias', () => {
    expect(values('constructor', '--li')).toEqual([]);
  });
});
