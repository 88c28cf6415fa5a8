// Builds dist/ with esbuild: ONE ES-module build in which every source module exists once,
// then re-chunks it (scripts/rechunk.mjs) so the paths every command takes load a few files.
//
//   dist/cli.js       the entry: the command tree (flag declarations only), settings, errors
//   dist/complete.js  the shell completer run at every TAB (reads a prebuilt tree, never commander)
//   dist/chunks/      everything reached through import(): each noun and verb, the output
//                     renderers, the sandbox and every heavy library, loaded only by the
//                     command that needs it; and three grouped chunks, program-, verbs- and
//                     completer-, with what every command line, every verb and TAB load
//   dist/completion-tree.json  the command tree the completer reads, taken from the freshly
//                     built program so it can never drift from the real commands
//   dist/parse-tree.json  the same program as the fast path parses with (src/cli/fast/)
//
// bin/pwctl.js is a tiny CommonJS shim that answers `--version` before any of this loads.
// Source maps are written beside each file (and left out of the package): they are how
// scripts/check-bundle.mjs proves that no source module is bundled twice.
import { build } from 'esbuild';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rechunk } from './rechunk.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// --outdir <dir> builds elsewhere (experiments, packaging checks); the default is dist/.
const outArg = process.argv.indexOf('--outdir');
const FINAL = outArg > 0 ? resolve(process.argv[outArg + 1]) : resolve(ROOT, 'dist');
const pkg = JSON.parse(await readFile(resolve(ROOT, 'package.json'), 'utf8'));
// Build beside the old output and swap it in at the end, so a test run that is using
// dist/ while someone rebuilds never sees it half written.
const DIST = `${FINAL}.tmp-${process.pid}`;
const STAGE = `${FINAL}.esbuild-${process.pid}`;
await rm(DIST, { recursive: true, force: true });
await rm(STAGE, { recursive: true, force: true });

// Native modules cannot be bundled; they are real dependencies, resolved at run time.
const EXTERNAL = Object.keys(pkg.dependencies ?? {});

// commander requires node:child_process at load time for executable subcommands, which
// pwctl never uses; loading it (and dgram, net…) is paid by every start. Give commander a
// stand-in that loads the real module on first property access.
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'pwctl-lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'pwctl-lazy' }, () => ({
      contents:
        "let real; module.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });",
      loader: 'js',
    }));
  },
};

// The MCP SDK's server imports ajv and ajv-formats at load, for a default JSON Schema
// validator that `pwctl mcp` replaces with its own (src/mcp/arguments.ts, which loads ajv at
// the first tool call). Evaluating ajv is paid before the answer to `initialize`; give the
// SDK stand-ins that load the real module when first used (they never are).
const lazyAjvForMcpSdk = {
  name: 'lazy-ajv-for-mcp-sdk',
  setup(b) {
    b.onResolve({ filter: /^ajv(-formats)?$/ }, (args) =>
      /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'pwctl-lazy-ajv' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'pwctl-lazy-ajv' }, (args) => ({
      contents: `let real; const load = () => (real ??= require(${JSON.stringify(args.path)}));
const value = () => load().default ?? load();
module.exports = new Proxy(function () {}, {
  get: (_, key) => (key === '__esModule' ? undefined : load()[key]),
  construct: (_, a) => new (value())(...a),
  apply: (_, self, a) => value().apply(self, a),
});`,
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

// Node's built-in modules are loaded with require(), not an ES import: importing a built-in
// builds its module namespace, which reads every export, lazy ones included (fs.promises,
// and from Node 22 util's and http's getters), and that loads dozens of Node's internal
// modules (fs/promises, readline, tls, crypto, its own fetch) a command never uses. Each
// import of a built-in becomes a module of its own that takes exactly the names that import
// asks for from process.getBuiltinModule(); it lands in its importer's chunk.
const IMPORT_OF_BUILTIN =
  /import\s+(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))?\s*from\s*['"](node:[\w/]+)['"]/g;
const builtinsThroughRequire = {
  name: 'builtins-through-require',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      // Not for the re-export a namespace import becomes below: that one is Node's module itself.
      args.kind === 'import-statement' && args.namespace !== 'node-builtin'
        ? { path: `${args.path}|${args.importer}`, namespace: 'node-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, async (args) => {
      const [builtin, importer] = args.path.split('|');
      const names = new Set();
      let namespace = false;
      for (const m of (await readFile(importer, 'utf8')).matchAll(IMPORT_OF_BUILTIN)) {
        if (m[4] !== builtin) continue;
        if (m[3]) namespace = true;
        for (const part of (m[2] ?? '').split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (name && !part.trim().startsWith('type ')) names.add(name);
        }
      }
      // A namespace import takes Node's module itself, default export included (a library may import both ways).
      if (namespace)
        return {
          contents: `export * from ${JSON.stringify(builtin)};\nexport { default } from ${JSON.stringify(builtin)};`,
          loader: 'js',
          resolveDir: ROOT,
        };
      const contents = [
        `const m = process.getBuiltinModule(${JSON.stringify(builtin)});`,
        'export default m;',
        ...[...names].map((name) => `export const ${name} = m.${name};`),
      ];
      return { contents: contents.join('\n'), loader: 'js' };
    });
  },
};

// The scripts in completions/ are embedded as text (`pwctl completion <shell>` prints them).
const completionScriptsAsText = {
  name: 'completion-scripts-as-text',
  setup(b) {
    const dir = resolve(ROOT, 'completions');
    b.onLoad({ filter: /[\\/]completions[\\/][^\\/]+$/ }, async (args) =>
      dirname(args.path) === dir ? { contents: await readFile(args.path, 'utf8'), loader: 'text' } : undefined,
    );
  },
};

// The inspector page's files (src/webhooks/inspect/page/) are embedded as text too: pwctl
// serves them itself, so `listen --inspect` works offline.
const inspectorPageAsText = {
  name: 'inspector-page-as-text',
  setup(b) {
    const dir = resolve(ROOT, 'src/webhooks/inspect/page');
    b.onLoad({ filter: /[\\/]webhooks[\\/]inspect[\\/]page[\\/][^\\/]+$/ }, async (args) =>
      dirname(args.path) === dir ? { contents: await readFile(args.path, 'utf8'), loader: 'text' } : undefined,
    );
  },
};

const { metafile } = await build({
  entryPoints: { cli: resolve(ROOT, 'src/cli/main.ts'), complete: resolve(ROOT, 'src/completion/complete.ts') },
  outdir: STAGE,
  absWorkingDir: ROOT,
  metafile: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  external: EXTERNAL,
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  define: { __PWCTL_VERSION__: JSON.stringify(pkg.version) },
  // Bundled CommonJS dependencies (commander, ajv, the proxy agents) call require() for Node
  // built-ins, all they require at run time; an ES module has no require() of its own.
  // process.getBuiltinModule (Node 20.16+) gives a built-in without the cost of createRequire.
  banner: { js: 'const require=(id)=>process.getBuiltinModule(id);' },
  logLevel: 'warning',
  plugins: [
    lazyChildProcessForCommander,
    lazyAjvForMcpSdk,
    builtinsThroughRequire,
    completionScriptsAsText,
    inspectorPageAsText,
  ],
});

await rechunk({ from: STAGE, to: DIST, metafile, root: ROOT });
await rm(STAGE, { recursive: true, force: true });

// The completer's tree, from the program just built.
const { completionTree, parseTree } = await import(pathToFileURL(resolve(DIST, 'cli.js')).href);
await writeFile(resolve(DIST, 'completion-tree.json'), `${JSON.stringify(await completionTree())}\n`);
// The fast path's (src/cli/fast/): what parsing needs of the same program, read beside dist/cli.js.
await writeFile(resolve(DIST, 'parse-tree.json'), `${JSON.stringify(await parseTree())}\n`);

const OLD = `${FINAL}.old-${process.pid}`;
await rename(FINAL, OLD).catch(() => {});
await rename(DIST, FINAL);
await rm(OLD, { recursive: true, force: true });
