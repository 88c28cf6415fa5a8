// Which source modules a run of the built CLI loaded: a script NODE_OPTIONS preloads logs
// the file of every script compiled (bin/dist-loader.js compiles each dist file with
// vm.Script; anything else, with Node's loaders, through a module hook), and each bundle
// file's source map names the sources in it. For tests that some code loads only when it is used.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { ROOT, TEST_EXECUTABLE } from './cli.js';

// Preloaded with --require (the standalone executable, a single executable application, runs
// no --import): vm.Script made to log its filename, and Node's CommonJS loader its files.
const PRELOAD = `const { appendFileSync } = require('node:fs');
const vm = require('node:vm');
const Module = require('node:module');
const log = (file) => process.env.LOADED_LOG && appendFileSync(process.env.LOADED_LOG, file + '\\n');
const { Script } = vm;
vm.Script = class extends Script {
  constructor(code, options) {
    super(code, options);
    if (options && typeof options.filename === 'string') log(options.filename);
  }
};
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename, ...rest) {
  log(filename);
  return compile.call(this, content, filename, ...rest);
};
// Node's own modules the run loaded, as Node lists them ("NativeModule tty").
process.on('exit', () => {
  for (const entry of process.moduleLoadList) if (entry.startsWith('NativeModule ')) log('builtin:' + entry.slice(13));
});
`;

export interface LoadTrace {
  /** The environment for one run: its loads go to a log of their own. */
  env: Record<string, string>;
  /** The source modules (paths relative to the repository) of every dist file the run loaded. */
  sources(): string[];
  /** The files of dist/ the run loaded (paths relative to dist/), each once. */
  files(): string[];
  /** Node's built-in modules the run loaded, its own internals included (`tty`, `internal/tty`). */
  builtins(): string[];
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
  const preload = join(dir, 'preload.cjs');
  writeFileSync(preload, PRELOAD);
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const distFiles = () => [
    ...new Set(
      lines()
        .filter((file) => file !== '' && !file.startsWith('builtin:'))
        .map(builtFile)
        .filter((f) => f.includes(join(ROOT, 'dist'))),
    ),
  ];
  const lines = () => readFileSync(log, 'utf8').split('\n');
  return {
    env: { NODE_OPTIONS: `--require=${preload}`, LOADED_LOG: log },
    builtins: () => lines().flatMap((line) => (line.startsWith('builtin:') ? [line.slice(8)] : [])),
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
