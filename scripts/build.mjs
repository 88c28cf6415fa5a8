// Bundles src/ into dist/ with esbuild. Code splitting keeps every verb, the sandbox and
// each heavy library in its own chunk, loaded by import() only when a command needs it,
// so `pwctl --version` and `pwctl --help` parse almost nothing.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  define: { __PWCTL_VERSION__: JSON.stringify(pkg.version) },
  // Bundled CommonJS dependencies (cli-table3, undici) call require() for Node built-ins.
  banner: { js: "import{createRequire as __pwctlCreateRequire}from'node:module';const require=__pwctlCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
