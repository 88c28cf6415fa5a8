// The build's chunk groups: few files on the paths every command takes.
//
// Left to itself a bundler splits code by the set of entry points (the two entries and every
// import() target) that reach it: with a lazy module per noun and per verb, one `steps get`
// loaded 56 files, most under 2 kB. Node's ES loader pays for each file (resolving, linking,
// a module job) about as much as for 20 kB of code, so that cost was most of our start-up
// above Node's own. Rolldown's code-splitting groups let us say which modules belong
// together, from its own module graph (groupsOf, below, says how): dist/cli.cjs holds
// everything a verb needs but its noun — the fast path's parser (src/cli/fast/), the language
// of declarations and every top-level command's head, the runner, the client — so that `steps
// get` loads two files: dist/cli.cjs and the steps chunk; a top-level verb (`api`, `version`)
// is a chunk like a noun. The commander program, which only help and parse errors need, is a
// chunk of its own. The shell completer (dist/complete.cjs) is a build of its own
// (scripts/build.mjs), so a TAB loads one file and a command none of the completer's.
//
// Each group is closed under static imports (the nouns' import from `cli`, never the other
// way), so no chunk imports back from a chunk that imports it, and merging cannot run a module
// before what it depends on.
// Everything else (the sandbox, the output formats, the libraries) is chunked as Rolldown
// chunks it, by the import() targets that reach it. Every module exists once
// (scripts/check-bundle.mjs proves it from the source maps).
import { relative, resolve, sep } from 'node:path';

const CLI = 'src/cli/main.ts';
/**
 * The shell completer, built apart from the command line (scripts/build.mjs) as one file that
 * holds all it runs: it never shares a process with dist/cli.cjs, so the modules both use are
 * in each (scripts/check-bundle.mjs holds it to that: it may require no other dist file).
 */
export const COMPLETER_BUILD = { entry: 'src/completion/complete.ts', file: 'complete.cjs' };
/** The verb runner's modules, loaded with import() but by every verb: in the `cli` group with all they import. */
const VERB_RUNNER = [
  'src/cli/run-verb.ts',
  'src/cli/factory.ts',
  'src/cli/connect.ts',
  'src/completion/id-recorder.ts',
];
/** The commander program, which the fast path leaves out: loaded for help and parse errors. */
const COMMANDER_PROGRAM = ['src/cli/program.ts', 'src/cli/command-help.ts'];
/** The module a built-in's import becomes (scripts/build-plugins.mjs), named by the built-in. */
const BUILTIN = /^\0node-builtin:(node:[^|]+)\|/;

/**
 * The groups, as sets of module ids, from the module graph: `ids` are every module's,
 * `infoOf(id)` gives its `importedIds` (static imports and require() calls),
 * `dynamicallyImportedIds` and `dynamicImporters` (Rolldown's ModuleInfo); `root` is what the
 * paths above are relative to.
 *
 *   cli        src/cli/main.ts (dist/cli.cjs), everything it imports statically, the verb
 *              runner's modules and theirs, and what the commands of two or more nouns import
 *              statically: one file for everything a verb needs that is not its noun's
 *   program    the commander program: help, parse errors, what the fast path hands over
 *   <noun>     for each directory of src/commands/, its noun's declarations and every verb's
 *              run module with what they alone import statically — unless that reaches a
 *              library (csv-parse, yaml, diff), which stays in a chunk of its own so that the
 *              noun's other verbs do not load it; a top-level verb's directory (api, export,
 *              restore, …) is one too: its declaration and its run module
 *
 * What the commands of two or more nouns share is in `cli` even when only their verbs that
 * change data use it (the create log of `steps import` and `restore`, `delete`'s loop): a
 * noun's chunk holds all its verbs' run modules and imports what any of them imports
 * statically, so a chunk of such modules would be a third file for every verb of those nouns,
 * `get` included. What only an error or a rare flag needs is loaded with import() instead
 * (`api`'s file reader).
 */
export function groupsOf(ids, infoOf, root) {
  const id = (path) => resolve(root, path.split('/').join(sep));
  const path = (module) => relative(root, module).split(sep).join('/');
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
  const lazy = (paths) =>
    paths.map((source) => {
      if (!infoOf(id(source))?.dynamicImporters.length)
        throw new Error(`build: ${source} is no longer loaded with import(); update scripts/build-chunks.mjs`);
      return id(source);
    });
  const base = closure([id(CLI), ...lazy(VERB_RUNNER)]);
  const entries = ids.filter((module) => infoOf(module)?.dynamicImporters.length);
  // What each noun's commands load at once: the static closures of its import() targets.
  const units = new Map();
  for (const module of entries) {
    const dir = /^src\/commands\/([^/]+)\//.exec(path(module))?.[1];
    if (dir) units.set(dir, [...(units.get(dir) ?? []), module]);
  }
  const loads = new Map([...units].map(([dir, modules]) => [dir, minus(closure(modules), base)]));
  const users = new Map();
  for (const [dir, modules] of loads)
    for (const module of modules) users.set(module, [...(users.get(module) ?? []), dir]);
  // Kept out of every group, and so is whatever imports them statically: a library (and
  // only the verbs that use it load it); what the program loads with import() on purpose,
  // other than nouns and verbs (a format's code, a prompt, a file reader); and a Node
  // built-in no other command line loads (node:child_process for the editor,
  // node:fs/promises, which loads readline): a built-in loads when its importer does
  // (scripts/build-plugins.mjs, builtinsThroughGetBuiltinModule).
  const lazySources = new Set(
    entries.filter((module) => !/^src\/commands\/[^/]+\//.test(path(module)) && !base.has(module)),
  );
  const builtinOf = (module) => BUILTIN.exec(module)?.[1];
  const everyRunLoads = new Set([...base].map(builtinOf).filter(Boolean));
  const apart = (module) =>
    module.startsWith('\0')
      ? !builtinOf(module) || !everyRunLoads.has(builtinOf(module))
      : path(module).startsWith('node_modules/') || lazySources.has(module);
  const grouped = (module) => ![...minus(closure([module]), base)].some(apart);
  const shared = [...users].filter(([module, dirs]) => dirs.length > 1 && grouped(module)).map(([module]) => module);
  const cli = new Set([...base, ...shared]);
  const nouns = Object.fromEntries(
    [...loads].map(([dir, modules]) => [
      dir,
      new Set([...modules].filter((module) => users.get(module).length === 1 && grouped(module))),
    ]),
  );
  const program = minus(closure(lazy(COMMANDER_PROGRAM)), cli);
  return { cli, program, ...nouns };
}

/**
 * The groups for Rolldown: `plugin` reads the module graph once it is built (buildEnd), and
 * `group` is the one `codeSplitting.groups` entry that names, for each module, the group
 * that takes it (Rolldown asks during chunking, after the build). The `cli` group holds
 * dist/cli.cjs's own module, so Rolldown merges it into that file.
 */
export function chunkGroups(root) {
  const groupOf = new Map();
  const plugin = {
    name: 'pwctl-chunk-groups',
    buildEnd(error) {
      if (error) return;
      const infos = new Map();
      const infoOf = (id) => {
        if (!infos.has(id)) infos.set(id, this.getModuleInfo(id));
        return infos.get(id);
      };
      const groups = groupsOf([...this.getModuleIds()], infoOf, root);
      for (const [name, modules] of Object.entries(groups)) for (const module of modules) groupOf.set(module, name);
    },
  };
  const group = {
    debugName: 'pwctl chunk groups',
    name: (id) => groupOf.get(id) ?? null,
    // Closed already.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

function minus(set, ...others) {
  return new Set(
    [...set].filter((item) => !others.some((other) => (other.has ? other.has(item) : other.includes(item)))),
  );
}
