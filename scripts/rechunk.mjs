// The second step of the build: fewer, larger chunks on the paths every command takes.
//
// esbuild splits code by the set of entry points (the two entries and every import() target)
// that reach it, and never merges: with a lazy module per noun and per verb, one `steps get`
// loaded 56 files, most under 2 kB. Node's ES loader pays for each file (resolving, linking,
// a module job) about as much as for 20 kB of code, so that cost was most of our start-up
// above Node's own. This step re-chunks esbuild's output with Rolldown, whose code-splitting
// groups let us say which modules belong together:
//
//   program   everything dist/cli.js imports statically: what every command line loads
//   verbs     what the runner of every verb loads (run-verb, factory, connect, the id cache)
//             and all they import statically, beyond `program`
//   completer what the shell completer (dist/complete.js) imports statically, which the
//             program shares (settings paths, the id cache's reader): kept out of the other
//             two, so that TAB never loads the program
//
// Each group is closed under static imports but for the completer's modules (`program`
// imports from `completer`, `verbs` from both, never the other way), so no chunk imports back
// from a chunk that imports it, and merging cannot run a module before what it depends on.
// Everything else (each noun, each verb, the sandbox, the libraries) keeps the chunk esbuild
// gave it. Every module still exists once (scripts/check-bundle.mjs), and the
// source maps are chained through to src/.
import { readFile } from 'node:fs/promises';
import { basename, relative, resolve } from 'node:path';
import { rolldown } from 'rolldown';

/** The modules whose static closures make the `verbs` group (see above). */
const VERB_RUNNER = [
  'src/cli/run-verb.ts',
  'src/cli/factory.ts',
  'src/cli/connect.ts',
  'src/completion/id-recorder.ts',
];

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
      codeSplitting: {
        groups: Object.entries(groups).map(([name, files], index, all) => ({
          name,
          priority: all.length - index,
          test: (id) => files.has(relative(from, id)),
          // Closed already, but for the completer's modules, which must stay out.
          includeDependenciesRecursively: false,
        })),
      },
    });
  } finally {
    await bundle.close();
  }
}

/** The groups, as sets of esbuild output files (relative to its output directory). */
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
  const completer = closure(['complete.js']);
  const program = minus(closure(['cli.js']), completer, ['cli.js']);
  const runnerFiles = VERB_RUNNER.map((source) => {
    const file = entryOf.get(source);
    if (!file) throw new Error(`rechunk: ${source} is no longer loaded with import(); update VERB_RUNNER`);
    return file;
  });
  const verbs = minus(closure(runnerFiles), completer, program);
  return { program, verbs, completer: minus(completer, ['complete.js']) };
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
