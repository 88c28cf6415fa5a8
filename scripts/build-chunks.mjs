// The build's chunk groups: fewer, larger chunks on the paths every command takes.
//
// Left to itself a bundler splits code by the set of entry points (the two entries and every
// import() target) that reach it: with a lazy module per noun and per verb, one `steps get`
// loaded 56 files, most under 2 kB. Node's ES loader pays for each file (resolving, linking,
// a module job) about as much as for 20 kB of code, so that cost was most of our start-up
// above Node's own. Rolldown's code-splitting groups let us say which modules belong
// together, from its own module graph:
//
//   program   every module src/cli/main.ts imports statically: what every command line loads
//   verbs     what the runner of every verb loads (run-verb, factory, connect, the id cache)
//             and all they import statically, beyond `program`
//   completer what the shell completer (src/completion/complete.ts) imports statically and
//             the rest of pwctl uses too (settings paths, the id cache's reader): kept out of
//             the other two, so that TAB never loads the program; what only TAB uses stays
//             in dist/complete.js
//
// Each group is closed under static imports but for the completer's modules (`program`
// imports from `completer`, `verbs` from both, never the other way), so no chunk imports back
// from a chunk that imports it, and merging cannot run a module before what it depends on.
// Everything else (each noun, each verb, the sandbox, the libraries) is chunked as Rolldown
// chunks it, by the import() targets that reach it. Every module exists once
// (scripts/check-bundle.mjs proves it from the source maps).
//
// Rolldown's own helpers (CommonJS interop, the namespace object of a module that is also
// import()ed) are a chunk of their own, rolldown-runtime-*.js (1.5 kB): no group can take
// them, as Rolldown moves them into a group's chunk only when that chunk alone uses them, and
// commander (in `program`), the id cache (in `completer`) and a few libraries all do.
import { resolve, sep } from 'node:path';

const CLI = 'src/cli/main.ts';
const COMPLETER = 'src/completion/complete.ts';
/** The modules whose static closures make the `verbs` group (see above). */
const VERB_RUNNER = [
  'src/cli/run-verb.ts',
  'src/cli/factory.ts',
  'src/cli/connect.ts',
  'src/completion/id-recorder.ts',
];

/**
 * The groups, as sets of module ids, from the module graph: `infoOf(id)` gives a module's
 * `importedIds` (static imports and require() calls), `dynamicallyImportedIds` and
 * `dynamicImporters` (Rolldown's ModuleInfo); `root` is what the paths above are relative to.
 */
export function groupsOf(infoOf, root) {
  const id = (path) => resolve(root, path.split('/').join(sep));
  const closure = (starts, { dynamic = false } = {}) => {
    const seen = new Set();
    const visit = (module) => {
      if (seen.has(module)) return;
      const info = infoOf(module);
      if (!info || info.isExternal) return;
      seen.add(module);
      for (const next of info.importedIds) visit(next);
      if (dynamic) for (const next of info.dynamicallyImportedIds) visit(next);
    };
    for (const start of starts) visit(start);
    return seen;
  };
  const runner = VERB_RUNNER.map((path) => {
    if (!infoOf(id(path))?.dynamicImporters.length)
      throw new Error(
        `build: ${path} is no longer loaded with import(); update VERB_RUNNER in scripts/build-chunks.mjs`,
      );
    return id(path);
  });
  // What only TAB loads stays in dist/complete.js.
  const usedByCli = closure([id(CLI)], { dynamic: true });
  const completer = new Set([...closure([id(COMPLETER)])].filter((module) => usedByCli.has(module)));
  const program = minus(closure([id(CLI)]), completer, [id(CLI)]);
  const verbs = minus(closure(runner), completer, program);
  return { program, verbs, completer };
}

/**
 * The groups for Rolldown: `plugin` reads the module graph once it is built (buildEnd), and
 * `options` are the `codeSplitting.groups` that take the modules it found.
 */
export function chunkGroups(root) {
  let groups;
  const plugin = {
    name: 'pwctl-chunk-groups',
    buildEnd(error) {
      if (!error) groups = groupsOf((id) => this.getModuleInfo(id), root);
    },
  };
  const options = ['program', 'verbs', 'completer'].map((name, index, all) => ({
    name,
    priority: all.length - index,
    test: (id) => groups[name].has(id),
    // Closed already, but for the completer's modules, which must stay out.
    includeDependenciesRecursively: false,
  }));
  return { plugin, options };
}

function minus(set, ...others) {
  return new Set(
    [...set].filter((item) => !others.some((other) => (other.has ? other.has(item) : other.includes(item)))),
  );
}
