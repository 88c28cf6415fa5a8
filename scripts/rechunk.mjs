// The second step of the build: fewer, larger chunks on the paths every command takes.
//
// esbuild splits code by the set of entry points (the two entries and every import() target)
// that reach it, and never merges: with a lazy module per noun and per verb, one `steps get`
// loaded 56 files, most under 2 kB. Node's ES loader pays for each file (resolving, linking,
// a module job) about as much as for 20 kB of code, so that cost was most of our start-up
// above Node's own. This step re-chunks esbuild's output with Rolldown, whose code-splitting
// groups let us say which modules belong together (groupsOf, below, says how): dist/cli.js
// holds everything a verb needs but its noun — the fast path's parser (src/cli/fast/), the
// declarations, the runner, the client — so that `steps get` loads three files: dist/cli.js,
// the completer's chunk (which TAB loads alone) and the steps chunk. The commander program,
// which only help and parse errors need, is a chunk of its own.
//
// Each group is closed under static imports but for the completer's modules (`cli` imports
// from `completer`, the others from both, never the other way), so no chunk imports back from
// a chunk that imports it, and merging cannot run a module before what it depends on.
// Everything else (the sandbox, the output formats, the libraries) keeps the chunk esbuild
// gave it. Every module still exists once (scripts/check-bundle.mjs), and the source maps are
// chained through to src/.
import { readFile } from 'node:fs/promises';
import { basename, relative, resolve } from 'node:path';
import { rolldown } from 'rolldown';

/** The verb runner's modules, loaded with import() but by every verb: in the `cli` group with all they import. */
const VERB_RUNNER = [
  'src/cli/run-verb.ts',
  'src/cli/factory.ts',
  'src/cli/connect.ts',
  'src/completion/id-recorder.ts',
];

/** The commander program, which the fast path leaves out: loaded for help and parse errors. */
const COMMANDER_PROGRAM = ['src/cli/program.ts', 'src/cli/command-help.ts'];

/**
 * Re-chunk the esbuild output in `from` (built with `metafile: true`, whose metafile is
 * `metafile`; `root` is esbuild's working directory) into `to`.
 */
export async function rechunk({ from, to, metafile, root }) {
  const groups = groupsOf(metafile, root);
  const bundle = await rolldown({
    input: { cli: resolve(from, 'cli.js'), complete: resolve(from, 'complete.js') },
    platform: 'node',
    external: [/^node:/, /^@napi-rs\//],
    // A group holding an entry's module is merged into the entry's file (the `cli` group).
    preserveEntrySignatures: 'allow-extension',
    logLevel: 'warn',
    plugins: [withInputSourceMaps(from)],
  });
  try {
    await bundle.write({
      dir: to,
      format: 'es',
      entryFileNames: '[name].js',
      // A chunk is named after its first module, less the hash esbuild gave that: `get-<hash>.js`.
      chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
      sourcemap: true,
      // esbuild's virtual modules (node-builtin:…, pwctl-lazy:…) are named as esbuild named them, not as files beside the staging directory.
      sourcemapPathTransform: (source) => {
        const at = source.indexOf(`${basename(from)}/`);
        return at < 0 ? source : source.slice(at + basename(from).length + 1).replace(/^chunks\//, '');
      },
      minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
      // One non-ASCII character (an ellipsis in a message) makes V8 hold a whole file as
      // two-byte text, and Node's compile cache encode it back to UTF-8 to check it: 5 M
      // instructions a run for dist/cli.js. Escaped, every file is one-byte text.
      charset: 'ascii',
      codeSplitting: {
        groups: Object.entries(groups).map(([name, files], index, all) => ({
          name,
          priority: all.length - index,
          test: (id) => files.has(relative(from, id)),
          // Closed already, but for the completer's modules, which must stay out; and Rolldown's
          // runtime helpers, which no test is asked about: the `cli` group takes them in.
          includeDependenciesRecursively: name === 'cli',
        })),
      },
    });
  } finally {
    await bundle.close();
  }
}

/**
 * The groups, as sets of esbuild output files (relative to its output directory):
 *
 *   cli        dist/cli.js itself, everything it imports statically, the verb runner's
 *              modules and theirs, and what the commands of two or more nouns import
 *              statically: one file for everything a verb needs that is not its noun's
 *   completer  what the shell completer imports statically (and the program shares)
 *   program    the commander program: help, parse errors, what the fast path hands over
 *   <noun>     for each directory of src/commands/, its noun's declarations and every verb's
 *              run module with what they alone import statically — unless that reaches a
 *              library (csv-parse, yaml, diff), which stays in a chunk of its own so that the
 *              noun's other verbs do not load it
 *
 * So `steps get` loads three files: dist/cli.js, the completer's chunk and the steps chunk.
 */
export function groupsOf(metafile, root) {
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const outdir = commonDirectory(outputs.map(([file]) => file));
  const name = (file) => relative(outdir, file);
  const staticImports = new Map(
    outputs.map(([file, output]) => [
      name(file),
      output.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => name(i.path)),
    ]),
  );
  const closure = (starts) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of staticImports.get(file) ?? []) visit(next);
    };
    for (const file of starts) visit(file);
    return seen;
  };
  const entryOf = new Map(
    outputs
      .filter(([, output]) => output.entryPoint)
      .map(([file, output]) => [relative(root, resolve(root, output.entryPoint)), name(file)]),
  );
  const filesOf = (sources) =>
    sources.map((source) => {
      const file = entryOf.get(source);
      if (!file) throw new Error(`rechunk: ${source} is no longer loaded with import(); update rechunk.mjs`);
      return file;
    });
  const completer = minus(closure(['complete.js']), ['complete.js']);
  const base = minus(closure(['cli.js', ...filesOf(VERB_RUNNER)]), completer);
  // What each noun's commands load at once: the static closures of its import() targets.
  const units = new Map();
  for (const [source, file] of entryOf) {
    const dir = /^src\/commands\/([^/]+)\//.exec(source)?.[1];
    if (dir) units.set(dir, [...(units.get(dir) ?? []), file]);
  }
  const loads = new Map([...units].map(([dir, files]) => [dir, minus(closure(files), base, completer)]));
  const users = new Map();
  for (const [dir, files] of loads) for (const file of files) users.set(file, [...(users.get(file) ?? []), dir]);
  // Kept out of every group, and so is whatever imports them statically: a library (and
  // only the verbs that use it load it); what the program loads with import() on purpose,
  // other than nouns and verbs (a format's code, a prompt, a file reader); and a module
  // that takes a Node built-in no other command line loads (node:child_process for the
  // editor, node:fs/promises, which loads readline): a built-in loads when its importer does
  // (scripts/build.mjs, builtinsThroughRequire).
  const lazySources = new Set(
    outputs
      .filter(([, output]) => output.entryPoint && !/^src\/commands\/[^/]+\//.test(output.entryPoint))
      .filter(([file]) => !base.has(name(file)) && !completer.has(name(file)))
      .map(([, output]) => output.entryPoint),
  );
  const builtinsOf = (output) =>
    Object.keys(output.inputs ?? {})
      .filter((input) => input.startsWith('node-builtin:'))
      .map((input) => input.slice('node-builtin:'.length).split('|')[0]);
  const everyRunLoads = new Set(
    outputs.filter(([file]) => base.has(name(file)) || completer.has(name(file))).flatMap(([, o]) => builtinsOf(o)),
  );
  const apart = new Set(
    outputs
      .filter(
        ([, output]) =>
          Object.keys(output.inputs ?? {}).some((input) => input.includes('node_modules/') || lazySources.has(input)) ||
          builtinsOf(output).some((builtin) => !everyRunLoads.has(builtin)),
      )
      .map(([file]) => name(file)),
  );
  const grouped = (file) => ![...minus(closure([file]), base, completer)].some((f) => apart.has(f));
  const shared = [...users].filter(([file, dirs]) => dirs.length > 1 && grouped(file)).map(([file]) => file);
  const cli = new Set([...base, ...shared]);
  const nouns = Object.fromEntries(
    [...loads].map(([dir, files]) => [dir, new Set([...files].filter((f) => users.get(f).length === 1 && grouped(f)))]),
  );
  // Rolldown's runtime helpers (the namespace of a module merged into a group) go into no group;
  // they join dist/cli.js when every chunk that uses them imports it. A noun that imports
  // nothing of it (`completion`: its scripts and their printer) keeps the chunks it has.
  for (const [dir, files] of Object.entries(nouns))
    if (![...files].some((f) => staticImports.get(f).some((i) => cli.has(i)))) delete nouns[dir];
  const program = minus(closure(filesOf(COMMANDER_PROGRAM)), cli, completer);
  return { completer, cli, program, ...nouns };
}

function minus(set, ...others) {
  return new Set(
    [...set].filter((item) => !others.some((other) => (other.has ? other.has(item) : other.includes(item)))),
  );
}

function commonDirectory(files) {
  const entry = files.find((file) => basename(file) === 'cli.js');
  return entry.slice(0, -'cli.js'.length);
}

/** Rolldown reads esbuild's files with their source maps, so the final maps point at src/. */
function withInputSourceMaps(dir) {
  return {
    name: 'esbuild-output-with-source-maps',
    async load(id) {
      if (!id.startsWith(dir)) return null;
      const code = await readFile(id, 'utf8');
      const map = JSON.parse(await readFile(`${id}.map`, 'utf8'));
      return { code: code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map };
    },
  };
}
