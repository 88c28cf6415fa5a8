// The build's re-chunking plan (scripts/rechunk.mjs): which of esbuild's output files are
// merged, from esbuild's metafile.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { groupsOf } from '../../scripts/rechunk.mjs';

type Import = { path: string; kind: 'import-statement' | 'dynamic-import'; external?: boolean };
function output(imports: Array<[string, Import['kind']]>, entryPoint?: string, inputs: string[] = []) {
  return {
    imports: imports.map(([path, kind]) => ({ path: `out/${path}`, kind })),
    entryPoint,
    inputs: Object.fromEntries([...inputs, ...(entryPoint ? [entryPoint] : [])].map((i) => [i, {}])),
  };
}
const s = 'import-statement' as const;
const d = 'dynamic-import' as const;

// cli → p1 (which shares c1 with the completer); the runner's modules are import() targets;
// two nouns share `shared`; `steps import` uses a library; `docs get` reads a file through a
// module the program loads with import() on purpose; the commander program is apart.
const metafile = {
  outputs: {
    'out/cli.js': output(
      [
        ['chunks/p1.js', s],
        ['chunks/run-verb-AAAAAAAA.js', d],
        ['chunks/steps-BBBBBBBB.js', d],
        ['chunks/docs-GGGGGGGG.js', d],
        ['chunks/program-KKKKKKKK.js', d],
        ['chunks/read-input-MMMMMMMM.js', d],
      ],
      'src/cli/main.ts',
    ),
    'out/complete.js': output([['chunks/c1.js', s]], 'src/completion/complete.ts'),
    'out/chunks/p1.js': output([['chunks/c1.js', s]]),
    'out/chunks/c1.js': output([]),
    'out/chunks/run-verb-AAAAAAAA.js': output(
      [
        ['chunks/v1.js', s],
        ['chunks/p1.js', s],
        ['chunks/factory-CCCCCCCC.js', d],
      ],
      'src/cli/run-verb.ts',
    ),
    'out/chunks/factory-CCCCCCCC.js': output(
      [
        ['chunks/v1.js', s],
        ['chunks/connect-DDDDDDDD.js', d],
      ],
      'src/cli/factory.ts',
    ),
    'out/chunks/connect-DDDDDDDD.js': output([['chunks/c1.js', s]], 'src/cli/connect.ts'),
    'out/chunks/id-recorder-EEEEEEEE.js': output([], 'src/completion/id-recorder.ts'),
    'out/chunks/v1.js': output([]),
    'out/chunks/steps-BBBBBBBB.js': output(
      [
        ['chunks/get-FFFFFFFF.js', d],
        ['chunks/import-HHHHHHHH.js', d],
        ['chunks/steps-views.js', s],
        ['chunks/v1.js', s],
      ],
      'src/commands/steps/index.ts',
    ),
    'out/chunks/get-FFFFFFFF.js': output(
      [
        ['chunks/steps-views.js', s],
        ['chunks/shared.js', s],
      ],
      'src/commands/steps/get.ts',
    ),
    'out/chunks/steps-views.js': output([['chunks/v1.js', s]]),
    'out/chunks/import-HHHHHHHH.js': output([['chunks/csv-parse.js', s]], 'src/commands/steps/import.ts'),
    'out/chunks/csv-parse.js': output([], undefined, ['node_modules/csv-parse/dist/esm/sync.js']),
    'out/chunks/shared.js': output([['chunks/v1.js', s]]),
    'out/chunks/docs-GGGGGGGG.js': output(
      [
        ['chunks/docs-get-JJJJJJJJ.js', d],
        ['chunks/shared.js', s],
      ],
      'src/commands/docs/index.ts',
    ),
    'out/chunks/docs-get-JJJJJJJJ.js': output(
      [
        ['chunks/shared.js', s],
        ['chunks/reader.js', s],
      ],
      'src/commands/docs/get.ts',
    ),
    'out/chunks/read-input-MMMMMMMM.js': output([['chunks/reader.js', s]], 'src/commands/read-input.ts'),
    'out/chunks/reader.js': output([], undefined, ['src/commands/read-input.ts']),
    'out/chunks/program-KKKKKKKK.js': output([['chunks/commander.js', s]], 'src/cli/program.ts'),
    'out/chunks/command-help-LLLLLLLL.js': output([['chunks/commander.js', s]], 'src/cli/command-help.ts'),
    'out/chunks/commander.js': output([], undefined, ['node_modules/commander/lib/command.js']),
    'out/cli.js.map': output([]),
  },
};

describe('re-chunking plan', () => {
  const groups = groupsOf(metafile, '/repo') as Record<string, Set<string>>;
  const sorted = (name: string) => [...(groups[name] ?? [])].sort();

  it('puts dist/cli.js, what it imports statically, the verb runner and what nouns share in one group, without the completer’s modules', () => {
    expect(sorted('cli')).toEqual([
      'chunks/connect-DDDDDDDD.js',
      'chunks/factory-CCCCCCCC.js',
      'chunks/id-recorder-EEEEEEEE.js',
      'chunks/p1.js',
      'chunks/run-verb-AAAAAAAA.js',
      'chunks/shared.js',
      'chunks/v1.js',
      'cli.js',
    ]);
    expect(sorted('completer')).toEqual(['chunks/c1.js']);
  });

  it('puts each noun with its verbs and what they alone import', () => {
    expect(sorted('steps')).toEqual(['chunks/get-FFFFFFFF.js', 'chunks/steps-BBBBBBBB.js', 'chunks/steps-views.js']);
  });

  it('leaves out a verb that imports a library, and one that imports what is loaded with import() on purpose', () => {
    const grouped = Object.values(groups).flatMap((files) => [...files]);
    for (const apart of [
      'chunks/import-HHHHHHHH.js',
      'chunks/csv-parse.js',
      'chunks/docs-get-JJJJJJJJ.js',
      'chunks/reader.js',
    ])
      expect(grouped).not.toContain(apart);
  });

  it('keeps the commander program in a group of its own', () => {
    expect(sorted('program')).toEqual([
      'chunks/command-help-LLLLLLLL.js',
      'chunks/commander.js',
      'chunks/program-KKKKKKKK.js',
    ]);
  });

  it('fails the build when a runner module is no longer an import() target', () => {
    const { 'out/chunks/connect-DDDDDDDD.js': _, ...rest } = metafile.outputs;
    expect(() => groupsOf({ outputs: rest }, '/repo')).toThrow(
      /src\/cli\/connect\.ts is no longer loaded with import\(\)/,
    );
  });
});
