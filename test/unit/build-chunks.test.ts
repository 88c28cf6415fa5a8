// The build's chunk groups (scripts/build-chunks.mjs), from a module graph as Rolldown gives it.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { groupsOf } from '../../scripts/build-chunks.mjs';

const ROOT = resolve('/repo');
const id = (path: string) => resolve(ROOT, path);

type Info = {
  importedIds: string[];
  dynamicallyImportedIds: string[];
  dynamicImporters: string[];
  isExternal?: boolean;
};
/** A module graph: path → [static imports, dynamic imports]; dynamic importers are derived. */
function graph(modules: Record<string, [string[], string[]?]>) {
  const infos = new Map<string, Info>();
  for (const [path, [imports, dynamic = []]] of Object.entries(modules))
    infos.set(id(path), {
      importedIds: imports.map((p) => (p.startsWith('node:') ? p : id(p))),
      dynamicallyImportedIds: dynamic.map(id),
      dynamicImporters: [],
    });
  for (const [importer, info] of infos)
    for (const target of info.dynamicallyImportedIds) infos.get(target)?.dynamicImporters.push(importer);
  infos.set('node:fs', { importedIds: [], dynamicallyImportedIds: [], dynamicImporters: [], isExternal: true });
  return (module: string) => infos.get(module) ?? null;
}

// main → program → flags → paths (which the completer shares); the verb runner's modules are
// import() targets that share a view; a noun and its verb are import() targets too.
const modules: Record<string, [string[], string[]?]> = {
  'src/cli/main.ts': [
    ['src/cli/program.ts'],
    [
      'src/cli/run-verb.ts',
      'src/cli/factory.ts',
      'src/cli/connect.ts',
      'src/completion/id-recorder.ts',
      'src/commands/steps/index.ts',
    ],
  ],
  'src/cli/program.ts': [['src/commands/flags.ts', 'node:fs']],
  'src/commands/flags.ts': [['src/config/paths.ts']],
  'src/config/paths.ts': [[]],
  'src/completion/complete.ts': [['src/config/paths.ts', 'src/completion/candidates.ts']],
  'src/completion/candidates.ts': [[]],
  'src/cli/run-verb.ts': [['src/output/view.ts', 'src/cli/program.ts']],
  'src/cli/factory.ts': [['src/output/view.ts']],
  'src/cli/connect.ts': [['src/config/paths.ts']],
  'src/completion/id-recorder.ts': [[]],
  'src/output/view.ts': [['node:fs']],
  'src/commands/steps/index.ts': [['src/output/view.ts', 'src/commands/shared.ts'], ['src/commands/steps/get.ts']],
  'src/commands/shared.ts': [[]],
  'src/commands/steps/get.ts': [[]],
};

const sorted = (set: Set<string>) => [...set].map((m) => m.slice(ROOT.length + 1)).sort();

describe('chunk groups', () => {
  const groups = groupsOf(graph(modules), ROOT) as Record<'program' | 'verbs' | 'completer', Set<string>>;

  it('puts what cli.js imports statically in one group, without the completer’s modules', () => {
    expect(sorted(groups.program)).toEqual(['src/cli/program.ts', 'src/commands/flags.ts']);
  });

  it('puts the verb runner’s modules and their static imports in another, beyond the program', () => {
    expect(sorted(groups.verbs)).toEqual([
      'src/cli/connect.ts',
      'src/cli/factory.ts',
      'src/cli/run-verb.ts',
      'src/completion/id-recorder.ts',
      'src/output/view.ts',
    ]);
  });

  it('keeps what the completer shares with the rest together and apart, and what only TAB uses in its entry', () => {
    expect(sorted(groups.completer)).toEqual(['src/config/paths.ts']);
  });

  it('leaves nouns, verbs and what they alone share to Rolldown', () => {
    const grouped = [...groups.program, ...groups.verbs, ...groups.completer];
    for (const path of ['src/commands/steps/index.ts', 'src/commands/steps/get.ts', 'src/commands/shared.ts'])
      expect(grouped).not.toContain(id(path));
  });

  it('fails the build when a runner module is no longer an import() target', () => {
    const { 'src/cli/connect.ts': _, ...rest } = modules;
    const main = rest['src/cli/main.ts']!;
    rest['src/cli/main.ts'] = [[...main[0], 'src/cli/connect.ts'], main[1]!.filter((p) => p !== 'src/cli/connect.ts')];
    rest['src/cli/connect.ts'] = [['src/config/paths.ts']];
    expect(() => groupsOf(graph(rest), ROOT)).toThrow(/src\/cli\/connect\.ts is no longer loaded with import\(\)/);
  });
});
