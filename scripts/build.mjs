// Builds dist/ with Rolldown: a CommonJS build of the command line in which every source
// module exists once, chunked so that the paths every command takes load a few files, and
// one of the shell completer, which runs alone.
//
//   dist/cli.cjs      the entry, with everything a verb needs but its noun: the fast path's
//                     parser, the declarations, the runner, the client
//   dist/complete.cjs the shell completer run at every TAB (reads a prebuilt tree, never
//                     commander): one file with all it runs, built apart
//   dist/chunks/      everything reached through import(): a chunk per noun with its verbs,
//                     the commander program (help, parse errors), the output formats, the
//                     sandbox and every library, each loaded only by the command that needs it
//                     (scripts/build-chunks.mjs says which modules go together)
//   dist/completion-tree.json  the command tree the completer reads, taken from the freshly
//                     built program so it can never drift from the real commands
//   dist/parse-tree.txt   the same program as the fast path parses with (src/cli/fast/tree-file.ts)
//
// bin/pwctl.js is a tiny shim that answers `--version` before any of this loads, and loads
// these files itself (bin/dist-loader.js) with V8 code caches made after a run: that is why
// the output is CommonJS, which Node lets a program compile with a cache of its own, and
// why it holds no import() (the loader compiles with vm.Script, which has no ES loader).
// Source maps are written beside each file (and left out of the package): they are how
// scripts/check-bundle.mjs proves that no source module is bundled twice.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { COMPLETER_BUILD, chunkGroups } from './build-chunks.mjs';
import { commonJsWrappersAsFunctions, exportsAsOneObject, runtimeHelpersInEachChunk } from './build-output-plugins.mjs';
import {
  builtinsThroughGetBuiltinModule,
  embeddedAsText,
  lazyAjvForMcpSdk,
  lazyChildProcessForCommander,
} from './build-plugins.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// --outdir <dir> builds elsewhere (experiments, packaging checks); the default is dist/.
const outArg = process.argv.indexOf('--outdir');
const FINAL = outArg > 0 ? resolve(process.argv[outArg + 1]) : resolve(ROOT, 'dist');
const pkg = JSON.parse(await readFile(resolve(ROOT, 'package.json'), 'utf8'));
// Build beside the old output and swap it in at the end, so a test run that is using
// dist/ while someone rebuilds never sees it half written.
const DIST = `${FINAL}.tmp-${process.pid}`;
await rm(DIST, { recursive: true, force: true });

// Native modules cannot be bundled; they are real dependencies, resolved at run time.
const EXTERNAL = Object.keys(pkg.dependencies ?? {}).map((name) => new RegExp(`^${name}(/|$)`));

const groups = chunkGroups(ROOT);
/** What both builds do to the sources and to their output (a plugin that finds nothing of its own to do does nothing). */
const plugins = ({ chunking = [] } = {}) => [
  lazyChildProcessForCommander(),
  lazyAjvForMcpSdk(),
  builtinsThroughGetBuiltinModule(),
  // `pwctl completion <shell>` prints the scripts of completions/.
  embeddedAsText(resolve(ROOT, 'completions')),
  // pwctl serves the inspector page itself, so `listen --inspect` works offline.
  embeddedAsText(resolve(ROOT, 'src/webhooks/inspect/page')),
  ...chunking,
  commonJsWrappersAsFunctions(),
  runtimeHelpersInEachChunk(),
  exportsAsOneObject(),
];
// The command line: dist/cli.cjs and its chunks.
await build({
  input: { cli: resolve(ROOT, 'src/cli/main.ts') },
  // cli.cjs also exports completionTree (read below); the grouped chunks may add exports to it.
  preserveEntrySignatures: 'allow-extension',
  // A module both imported and import()ed is expected here (the verb runner's parts, the
  // ajv the MCP SDK's stand-in requires): the import() then loads what is loaded already.
  checks: { ineffectiveDynamicImport: false },
  plugins: plugins({ chunking: [groups.plugin] }),
  output: { codeSplitting: { groups: [groups.group] } },
});
// The shell completer, a build of its own (COMPLETER_BUILD says why): so a TAB loads one file,
// and no command loads the modules it shares with the command line as a chunk of their own.
await build({
  input: { [COMPLETER_BUILD.file.replace(/\.cjs$/, '')]: resolve(ROOT, COMPLETER_BUILD.entry) },
  plugins: plugins(),
  output: { codeSplitting: false },
  only: COMPLETER_BUILD.file,
});

/** One Rolldown build into DIST: the options both builds share, and `only`, the one file it may write. */
async function build({ input, plugins, output, only, ...options }) {
  const bundle = await rolldown({
    input,
    cwd: ROOT,
    platform: 'node',
    external: EXTERNAL,
    transform: { target: 'node20', define: { __PWCTL_VERSION__: JSON.stringify(pkg.version) } },
    tsconfig: resolve(ROOT, 'tsconfig.json'),
    logLevel: 'warn',
    plugins,
    ...options,
  });
  try {
    const { output: files } = await bundle.write({
      dir: DIST,
      format: 'cjs',
      entryFileNames: '[name].cjs',
      chunkFileNames: 'chunks/[name]-[hash].cjs',
      // import() of a built-in or a dependency becomes require() (bin/dist-loader.js compiles
      // with vm.Script, where import() has no loader; scripts/check-bundle.mjs checks none is left).
      dynamicImportInCjs: false,
      sourcemap: true,
      // Whitespace, syntax and local names minified; module-level names and every function's and
      // class's name kept, so stack traces (--debug) name what the source names. Short locals make
      // the files a sixth smaller, which every run reads (0.3 M instructions of a `steps get`).
      minify: {
        compress: true,
        mangle: { toplevel: false, keepNames: { function: true, class: true } },
        codegen: { removeWhitespace: true },
      },
      comments: false,
      // One non-ASCII character (an ellipsis in a message) makes V8 hold a whole file as
      // two-byte text, and Node's compile cache encode it back to UTF-8 to check it. Escaped,
      // every file is one-byte text.
      charset: 'ascii',
      ...output,
    });
    const written = files.filter((file) => file.type === 'chunk').map((file) => file.fileName);
    if (only && written.join() !== only) throw new Error(`build: expected ${only} alone, wrote ${written.join(', ')}`);
  } finally {
    await bundle.close();
  }
}

// The completer's tree, from the program just built.
const { completionTree, parseTreeFile } = createRequire(import.meta.url)(resolve(DIST, 'cli.cjs'));
await writeFile(resolve(DIST, 'completion-tree.json'), `${JSON.stringify(await completionTree())}\n`);
// The fast path's (src/cli/fast/): what parsing needs of the same program, read beside dist/cli.cjs.
await writeFile(resolve(DIST, 'parse-tree.txt'), await parseTreeFile());

const OLD = `${FINAL}.old-${process.pid}`;
await rename(FINAL, OLD).catch(() => {});
await rename(DIST, FINAL);
await rm(OLD, { recursive: true, force: true });
