// Builds dist/ with esbuild, in two passes shaped by start-up time:
//
//   A. dist/cli.cjs — everything on the path to `pwctl --help`: the CLI entry, the command
//      tree (flag declarations only), Context, settings. CommonJS, one file, because
//      starting Node's ESM loader alone costs ~5 ms and a single file costs one read.
//   B. dist/esm/ — everything reached through import(): each verb, the API client,
//      output renderers, the sandbox and each heavy library (undici, yaml, cli-table3,
//      chalk, open), as split ESM chunks loaded only when a command runs them.
//   C. dist/complete.cjs + dist/completion-tree.json — the shell completer the bin shim
//      runs for `pwctl __complete` at every TAB, and the command tree it reads, taken from
//      the freshly built program so it can never drift from the real commands.
//
// Pass A records every dynamic import it meets, leaves it external, and rewrites it to
// the file pass B will emit for that module; pass B then builds exactly those modules as
// entry points. Modules used on both sides exist once in each bundle; nothing relies on
// shared module state across the boundary (errors are classified by name, not instanceof).
import { build } from 'esbuild';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// --outdir <dir> builds elsewhere (experiments, packaging checks); the default is dist/.
const outArg = process.argv.indexOf('--outdir');
const FINAL = outArg > 0 ? resolve(process.argv[outArg + 1]) : resolve(ROOT, 'dist');
const pkg = JSON.parse(await readFile(resolve(ROOT, 'package.json'), 'utf8'));
// Build beside the old output and swap it in at the end, so a test run that is using
// dist/ while someone rebuilds never sees it half written.
const DIST = `${FINAL}.tmp-${process.pid}`;
await rm(DIST, { recursive: true, force: true });

// Packages that stay in node_modules instead of being bundled: native modules, whose
// per-platform binaries npm installs (package.json "dependencies"). Imported only lazily.
const EXTERNAL = ['@napi-rs/keyring'];

const shared = {
  bundle: true,
  external: EXTERNAL,
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  define: { __PWCTL_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

// commander requires node:child_process at load time for executable subcommands, which
// pwctl never uses; loading it (and dgram, net…) costs ~2 ms of every start. Give commander
// a stand-in that loads the real module on first property access.
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'pwctl-lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'pwctl-lazy' }, () => ({
      contents: "let real; module.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });",
      loader: 'js',
    }));
  },
};

/** Output name in dist/esm/ for a lazily imported module: its source path, or vendor/<package>. */
function lazyName(spec, importer) {
  if (spec.startsWith('.')) {
    const source = resolve(dirname(importer), spec.replace(/\.js$/, '.ts'));
    return relative(resolve(ROOT, 'src'), source).replace(/\.ts$/, '').split('\\').join('/');
  }
  return `vendor/${spec.replace(/^@/, '').replace(/\//g, '-')}`;
}

const lazyModules = new Map(); // output name → absolute source path or package name
const deferDynamicImports = {
  name: 'defer-dynamic-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import' || args.path.startsWith('node:')) return undefined;
      if (EXTERNAL.includes(args.path)) return { path: args.path, external: true };
      const name = lazyName(args.path, args.importer);
      lazyModules.set(name, args.path.startsWith('.') ? resolve(dirname(args.importer), args.path.replace(/\.js$/, '.ts')) : `vendor-entry:${args.path}`);
      return { path: `./esm/${name}.js`, external: true };
    });
  },
};

// A package imported lazily from the start-up file becomes an ESM entry of its own. For a
// CommonJS package esbuild can only export `default`, so the entry names its exports
// explicitly (read at build time); an ESM package is re-exported as it is.
const requireFromRoot = createRequire(resolve(ROOT, 'package.json'));
const vendorEntries = {
  name: 'vendor-entries',
  setup(b) {
    b.onResolve({ filter: /^vendor-entry:/ }, (args) => ({ path: args.path.slice('vendor-entry:'.length), namespace: 'vendor-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'vendor-entry' }, (args) => {
      const spec = JSON.stringify(args.path);
      let contents = `export * from ${spec};\nexport { default } from ${spec};\n`;
      try {
        const loaded = requireFromRoot(args.path);
        // Node ≥ 20.19 require()s ES modules too, returning their namespace: re-export those.
        if (loaded[Symbol.toStringTag] === 'Module') throw new Error('an ES module');
        const names = Object.keys(loaded).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
        contents = `import m from ${spec};\nexport default m;\n${names.map((n) => `export const ${n} = m.${n};`).join('\n')}\n`;
      } catch {
        // An ES module (or ERR_REQUIRE_ESM on older Node): re-exported as it is.
      }
      return { contents, resolveDir: ROOT, loader: 'js' };
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

// Pass A: the start-up file.
await build({
  ...shared,
  entryPoints: { cli: resolve(ROOT, 'src/cli.ts') },
  outdir: DIST,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [lazyChildProcessForCommander, deferDynamicImports],
});

// Pass B: everything reached through import().
await build({
  ...shared,
  entryPoints: Object.fromEntries(lazyModules),
  outdir: resolve(DIST, 'esm'),
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (cli-table3, undici) call require() for Node built-ins.
  banner: { js: "import{createRequire as __pwctlCreateRequire}from'node:module';const require=__pwctlCreateRequire(import.meta.url);" },
  plugins: [lazyChildProcessForCommander, vendorEntries, completionScriptsAsText],
});

// Pass C: the completer (node:fs and node:path only) and the tree it reads. The tree comes
// from requiring the start-up file just built, which walks the real commander program.
await build({
  ...shared,
  entryPoints: { complete: resolve(ROOT, 'src/completion/complete.ts') },
  outdir: DIST,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
});
const { completionTree } = createRequire(import.meta.url)(resolve(DIST, 'cli.cjs'));
await writeFile(resolve(DIST, 'completion-tree.json'), `${JSON.stringify(await completionTree())}\n`);

const OLD = `${FINAL}.old-${process.pid}`;
await rename(FINAL, OLD).catch(() => {});
await rename(DIST, FINAL);
await rm(OLD, { recursive: true, force: true });
