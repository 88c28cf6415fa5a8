// The build's chunk groups (scripts/build-chunks.mjs), from a module graph as Rolldown gives it.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { groupsOf } from '../../scripts/build-chunks.mjs';

const ROOT = resolve('/repo');
const id = (path: string) => (path.startsWith('\0') || path.startsWith('node:') ? path : resolve(ROOT, path));

type Info = {
  importedIds: string[];
  dynamicallyImportedIds: string[];
  dynamicImporters: string[];
  isExternal?: boolean;
};
type Graph = Record<string, [string[], string[]?]>;
/** A module graph: path → [static imports, dynamic imports]; dynamic importers are derived. */
function graph(modules: Graph): [string[], (module: string) => Info | null] {
  const infos = new Map<string, Info>();
  for (const [path, [imports, dynamic = []]] of Object.entries(modules))
    infos.set(id(path), {
      importedIds: imports.map(id),
      dynamicallyImportedIds: dynamic.map(id),
      dynamicImporters: [],
    });
  for (const [importer, info] of infos)
    for (const target of info.dynamicallyImportedIds) infos.get(target)?.dynamicImporters.push(importer);
  infos.set('node:os', { importedIds: [], dynamicallyImportedIds: [], dynamicImporters: [], isExternal: true });
  return [[...infos.keys()], (module) => infos.get(module) ?? null];
}

const fs = (importer: string) => `\0node-builtin:node:fs|${resolve(ROOT, importer)}`;
const childProcess = (importer: string) => `\0node-builtin:node:child_process|${resolve(ROOT, importer)}`;

// main → p1 → c1 (which the completer, built apart, uses too); the runner's modules are import() targets;
// two nouns share `shared`; `steps import` uses a library; `docs get` reads a file through a
// module the program loads with import() on purpose; `docs edit` takes a built-in nothing
// else loads; `api`, a top-level verb, loads that file reader with import() only when asked;
// the commander program is apart.
const modules: Graph = {
  'src/cli/main.ts': [
    ['src/cli/p1.ts', 'node:os'],
    [
      'src/cli/run-verb.ts',
      'src/cli/factory.ts',
      'src/cli/connect.ts',
      'src/completion/id-recorder.ts',
      'src/commands/steps/index.ts',
      'src/commands/docs/index.ts',
      'src/cli/program.ts',
      'src/cli/command-help.ts',
      'src/commands/read-input.ts',
      'src/commands/api/index.ts',
    ],
  ],
  'src/cli/p1.ts': [['src/config/c1.ts', fs('src/cli/p1.ts')]],
  [fs('src/cli/p1.ts')]: [[]],
  'src/config/c1.ts': [[]],
  'src/completion/complete.ts': [['src/config/c1.ts', 'src/completion/candidates.ts']],
  'src/completion/candidates.ts': [[]],
  'src/cli/run-verb.ts': [['src/output/v1.ts', 'src/cli/p1.ts']],
  'src/cli/factory.ts': [['src/output/v1.ts']],
  'src/cli/connect.ts': [['src/config/c1.ts']],
  'src/completion/id-recorder.ts': [[]],
  'src/output/v1.ts': [[]],
  'src/commands/steps/index.ts': [
    ['src/commands/steps/views.ts', 'src/output/v1.ts'],
    ['src/commands/steps/get.ts', 'src/commands/steps/import.ts'],
  ],
  'src/commands/steps/get.ts': [['src/commands/steps/views.ts', 'src/commands/shared.ts']],
  'src/commands/steps/views.ts': [['src/output/v1.ts']],
  'src/commands/steps/import.ts': [['node_modules/csv-parse/dist/esm/sync.js']],
  'node_modules/csv-parse/dist/esm/sync.js': [[]],
  'src/commands/shared.ts': [['src/output/v1.ts']],
  'src/commands/docs/index.ts': [['src/commands/shared.ts'], ['src/commands/docs/get.ts', 'src/commands/docs/edit.ts']],
  'src/commands/docs/get.ts': [['src/commands/shared.ts', 'src/commands/read-input.ts']],
  'src/commands/docs/edit.ts': [['src/commands/shared.ts', childProcess('src/commands/docs/edit.ts')]],
  [childProcess('src/commands/docs/edit.ts')]: [[]],
  'src/commands/read-input.ts': [[]],
  'src/commands/api/index.ts': [['src/output/v1.ts'], ['src/commands/api/api.ts']],
  'src/commands/api/api.ts': [['src/commands/api/params.ts'], ['src/commands/read-input.ts']],
  'src/commands/api/params.ts': [[], ['src/commands/read-input.ts']],
  'src/cli/program.ts': [['node_modules/commander/lib/command.js']],
  'src/cli/command-help.ts': [['node_modules/commander/lib/command.js']],
  'node_modules/commander/lib/command.js': [[]],
};

describe('chunk groups', () => {
  const groups = groupsOf(...graph(modules), ROOT) as Record<string, Set<string>>;
  const sorted = (name: string) =>
    [...(groups[name] ?? [])].map((m) => (m.startsWith(`${ROOT}/`) ? m.slice(ROOT.length + 1) : m)).sort();

  it('puts dist/cli.cjs, what it imports statically, the verb runner and what nouns share in one group, the modules the completer also uses among them', () => {
    expect(sorted('cli')).toEqual([
      fs('src/cli/p1.ts'),
      'src/cli/connect.ts',
      'src/cli/factory.ts',
      'src/cli/main.ts',
      'src/cli/p1.ts',
      'src/cli/run-verb.ts',
      'src/commands/shared.ts',
      'src/completion/id-recorder.ts',
      'src/config/c1.ts',
      'src/output/v1.ts',
    ]);
  });

  it('makes no group of the completer’s modules: dist/complete.cjs is a build of its own', () => {
    expect(Object.keys(groups).sort()).toEqual(['api', 'cli', 'docs', 'program', 'steps']);
    const grouped = Object.values(groups).flatMap((set) => [...set]);
    for (const module of ['src/completion/complete.ts', 'src/completion/candidates.ts'])
      expect(grouped).not.toContain(id(module));
  });

  it('puts each noun with its verbs and what they alone import', () => {
    expect(sorted('steps')).toEqual([
      'src/commands/steps/get.ts',
      'src/commands/steps/index.ts',
      'src/commands/steps/views.ts',
    ]);
    expect(sorted('docs')).toEqual(['src/commands/docs/index.ts']);
  });

  it('puts a top-level verb’s declaration with its run module, and what it loads with import() only when asked apart', () => {
    expect(sorted('api')).toEqual([
      'src/commands/api/api.ts',
      'src/commands/api/index.ts',
      'src/commands/api/params.ts',
    ]);
  });

  it('leaves out a verb that imports a library, one that imports what is loaded with import() on purpose, and one that takes a built-in nothing else loads', () => {
    const grouped = Object.values(groups).flatMap((set) => [...set]);
    for (const apart of [
      'src/commands/steps/import.ts',
      'node_modules/csv-parse/dist/esm/sync.js',
      'src/commands/docs/get.ts',
      'src/commands/read-input.ts',
      'src/commands/docs/edit.ts',
      childProcess('src/commands/docs/edit.ts'),
    ])
      expect(grouped).not.toContain(id(apart));
  });

  it('keeps the commander program in a group of its own', () => {
    expect(sorted('program')).toEqual([
      'node_modules/commander/lib/command.js',
      'src/cli/command-help.ts',
      'src/cli/program.ts',
    ]);
  });

  it('fails the build when a runner module is no longer an import() target', () => {
    const main = modules['src/cli/main.ts']!;
    const changed: Graph = {
      ...modules,
      'src/cli/main.ts': [[...main[0], 'src/cli/connect.ts'], main[1]!.filter((p) => p !== 'src/cli/connect.ts')],
    };
    expect(() => groupsOf(...graph(changed), ROOT)).toThrow(
      /src\/cli\/connect\.ts is no longer loaded with import\(\)/,
    );
  });
});
