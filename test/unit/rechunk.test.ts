// The build's re-chunking plan (scripts/rechunk.mjs): which of esbuild's output files are
// merged, from esbuild's metafile.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { groupsOf } from '../../scripts/rechunk.mjs';

type Import = { path: string; kind: 'import-statement' | 'dynamic-import'; external?: boolean };
function output(imports: Array<[string, Import['kind']]>, entryPoint?: string) {
  return { imports: imports.map(([path, kind]) => ({ path: `out/${path}`, kind })), entryPoint };
}
const s = 'import-statement' as const;
const d = 'dynamic-import' as const;

// cli → program chunks p1, p2 (p2 shares c1 with the completer); run-verb and factory are
// import() targets with their own chunks; a noun body and one verb stay as they are.
const metafile = {
  outputs: {
    'out/cli.js': output(
      [
        ['chunks/p1.js', s],
        ['chunks/run-verb-AAAAAAAA.js', d],
        ['chunks/steps-BBBBBBBB.js', d],
      ],
      'src/cli/main.ts',
    ),
    'out/complete.js': output([['chunks/c1.js', s]], 'src/completion/complete.ts'),
    'out/chunks/p1.js': output([['chunks/p2.js', s]]),
    'out/chunks/p2.js': output([['chunks/c1.js', s]]),
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
        ['chunks/v1.js', s],
      ],
      'src/commands/steps/index.ts',
    ),
    'out/chunks/get-FFFFFFFF.js': output([], 'src/commands/steps/get.ts'),
    'out/cli.js.map': output([]),
  },
};

describe('re-chunking plan', () => {
  const groups = groupsOf(metafile, '/repo') as { program: Set<string>; verbs: Set<string>; completer: Set<string> };

  it('puts what cli.js imports statically in one group, without the completer’s modules', () => {
    expect([...groups.program].sort()).toEqual(['chunks/p1.js', 'chunks/p2.js']);
  });

  it('puts the verb runner’s modules and their static imports in another, beyond the program', () => {
    expect([...groups.verbs].sort()).toEqual([
      'chunks/connect-DDDDDDDD.js',
      'chunks/factory-CCCCCCCC.js',
      'chunks/id-recorder-EEEEEEEE.js',
      'chunks/run-verb-AAAAAAAA.js',
      'chunks/v1.js',
    ]);
  });

  it('keeps what the completer loads together and apart, and leaves nouns and verbs alone', () => {
    expect([...groups.completer]).toEqual(['chunks/c1.js']);
    const grouped = [...groups.program, ...groups.verbs, ...groups.completer];
    expect(grouped).not.toContain('chunks/steps-BBBBBBBB.js');
    expect(grouped).not.toContain('chunks/get-FFFFFFFF.js');
  });

  it('fails the build when a runner module is no longer an import() target', () => {
    const { 'out/chunks/connect-DDDDDDDD.js': _, ...rest } = metafile.outputs;
    expect(() => groupsOf({ outputs: rest }, '/repo')).toThrow(
      /src\/cli\/connect\.ts is no longer loaded with import\(\)/,
    );
  });
});
