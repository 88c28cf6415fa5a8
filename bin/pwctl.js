#!/usr/bin/env node
// The installed command: a CommonJS shim. `pwctl --version` is answered here, before any
// module loads. For everything else ./dist-loader.js loads the CLI entry (or, for a shell's
// TAB, `pwctl __complete ...`, the small completer) with a V8 code cache of each file, kept in
// the user's cache directory and made after a run, so that it holds the functions the command
// ran; a file of the install that cannot be loaded is one error line here.
//
// This file finds that directory, refusing one that others may write (a cache is code: V8 runs
// the bytecode it holds, checking only the source's length), and compiles ./dist-loader.js
// with the cache the loader keeps of itself there. Node would compile the loader afresh on
// every run, every function it calls included: about 1.5 M instructions of a `steps get`,
// 1% of it. What runs here is compiled afresh, so it is kept small.
'use strict';
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  const { join } = require('node:path');
  const distDir = join(__dirname, '..', 'dist');
  const cacheDir = privateCacheDir(distDir);
  let entry;
  try {
    const { loader, self } = compileLoader(cacheDir);
    entry = loader.loadEntry(argv, { distDir, cacheDir, self });
  } catch (error) {
    // A file of the install missing or damaged: one line, as every error is (its stack with --debug).
    const debug = argv.includes('--debug') || Boolean(process.env.PWCTL_DEBUG);
    process.stderr.write(
      debug
        ? `${error.stack}\n`
        : `error: pwctl cannot load its own files (${error.message.split('\n')[0]}); reinstall pwctl\n`,
    );
    process.exit(1);
  }
  if (argv[0] === '__complete') entry.complete(argv.slice(1));
  else entry.main(argv);
}

/**
 * ./dist-loader.js, compiled with its own cache from `cacheDir` ([header length: 4 bytes]
 * [header][V8's data], as every cache there), and what the loader needs to write that cache.
 */
function compileLoader(cacheDir) {
  const { join } = require('node:path');
  const filename = join(__dirname, 'dist-loader.js');
  if (!cacheDir) return { loader: require(filename) };
  const fs = require('node:fs');
  const { size, mtimeMs } = fs.statSync(filename);
  const cacheFile = join(cacheDir, `dist-loader.js-${size}-${Math.trunc(mtimeMs * 1000)}`);
  let cached;
  try {
    cached = fs.readFileSync(cacheFile);
  } catch {
    // None yet: the loader writes it at exit.
  }
  const data = cached && cached.length >= 4 ? cached.subarray(4 + cached.readUInt32LE(0)) : undefined;
  // As the loader compiles dist/'s files: the wrapper on a line of its own, the whole decoded
  // once (a template would be copied again when V8 flattens it); the file is ASCII.
  const head = Buffer.from('(function (exports, require, module, __filename, __dirname) {\n');
  const source = Buffer.concat([head, fs.readFileSync(filename), Buffer.from('\n})')]).toString('latin1');
  const script = new (require('node:vm').Script)(source, { filename, lineOffset: -1, cachedData: data });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, require, module, filename, __dirname);
  return { loader: module.exports, self: { filename, script, cacheFile, cached } };
}

/**
 * The directory of this install's code caches: per Node version and architecture under the
 * user's cache directory, then per dist/ (named by an FNV-1a hash of its path, so two installs
 * never take each other's caches). Undefined, and no cache is read or written, when it is not
 * a directory of this user's that only they may write, or when there is no cache directory.
 */
function privateCacheDir(distDir) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  let root;
  try {
    root = require('node:path').join(userCacheDir(), 'pwctl', 'code-cache', `${process.version}-${process.arch}`);
  } catch {
    return undefined; // no home directory: no cache
  }
  let hash = 0x811c9dc5;
  for (let i = 0; i < distDir.length; i++) hash = Math.imul(hash ^ distDir.charCodeAt(i), 0x01000193) >>> 0;
  const dir = require('node:path').join(root, `dist-${hash.toString(16).padStart(8, '0')}`);
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return dir;
  let stats;
  try {
    stats = require('node:fs').lstatSync(dir);
  } catch (error) {
    return error.code === 'ENOENT' ? dir : undefined; // made owner-only when first written
  }
  return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0 ? dir : undefined;
}

/** The OS's per-user cache directory (XDG on Linux, Library/Caches on macOS, LOCALAPPDATA on Windows). */
function userCacheDir() {
  const { join } = require('node:path');
  const env = process.env;
  // os.homedir() answers $HOME where it is set; reading it here spares loading node:os.
  const homedir = () => (process.platform !== 'win32' && env.HOME) || require('node:os').homedir();
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches');
  if (process.platform === 'win32') return env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local');
  return env.XDG_CACHE_HOME || join(homedir(), '.cache');
}
