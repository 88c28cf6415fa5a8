// Which source modules a run of the built CLI loaded: a module hook (registered through
// NODE_OPTIONS) logs every file URL it loads, and each bundle file's source map names the
// sources in it. For tests that some code loads only when it is used.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, TEST_EXECUTABLE } from './cli.js';

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (process.env.LOADED_LOG && url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}
`;

export interface LoadTrace {
  /** The environment for one run: its loads go to a log of their own. */
  env: Record<string, string>;
  /** The source modules (paths relative to the repository) of every dist file the run loaded. */
  sources(): string[];
  /** The files of dist/ the run loaded (paths relative to dist/), each once. */
  files(): string[];
}

/**
 * The file of dist/ a loaded file is: itself, or for the standalone executable, which runs a
 * copy of the same build unpacked in the user's cache directory without the source maps,
 * the file at the same place in dist/.
 */
function builtFile(file: string): string {
  if (!TEST_EXECUTABLE) return file;
  const at = file.lastIndexOf(`${sep}dist${sep}`);
  return at < 0 ? file : join(ROOT, file.slice(at + 1));
}

export function traceLoads(): LoadTrace {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-loads-'));
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, HOOKS);
  // Registered from a script NODE_OPTIONS --require loads: the standalone executable, a
  // single executable application, runs no --import.
  const register = join(dir, 'register.cjs');
  writeFileSync(register, `require('node:module').register(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const distFiles = () => [
    ...new Set(
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((u) => u !== '')
        .map((u) => fileURLToPath(u))
        .map(builtFile)
        .filter((f) => f.includes(join(ROOT, 'dist'))),
    ),
  ];
  return {
    // Node 26 deprecates module.register() (DEP0205) with a warning on stderr, which would be
    // taken for the command's own first line.
    env: { NODE_OPTIONS: `--require=${register} --disable-warning=DEP0205`, LOADED_LOG: log },
    files: () => distFiles().map((file) => relative(join(ROOT, 'dist'), file)),
    sources() {
      return distFiles().flatMap((file) => {
        // A file without a map (none today) comes from no source file.
        if (!existsSync(`${file}.map`)) return [];
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
        return map.sources.map((source) => relative(ROOT, join(file, '..', source)));
      });
    },
  };
}
