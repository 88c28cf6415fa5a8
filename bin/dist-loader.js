// Loads dist/'s CommonJS files — the entry bin/pwctl.js names and every chunk it require()s —
// with V8 code caches of pwctl's own, made after a command has run.
//
// Node's compile cache (module.enableCompileCache) is made when a file is compiled, before it
// runs, so it holds only what V8 compiles eagerly (the top level); every function a command
// calls was compiled again on every run, about 30 M instructions of one `steps get`, a third
// of what pwctl adds to a bare node:http script. V8 puts every function compiled so far into
// a code cache made later, so this one is made at exit. A cache grows with the commands run:
// a run whose command words its cache has not seen (`steps get`, `docs list`) writes it again
// at exit, so each verb's functions join it on the verb's first successful run.
//
// Caches live in the user's cache directory, a directory per Node version and architecture
// and in it one per installed copy of dist/ (named by a hash of its path: two installs never
// take each other's caches), one file per dist file named by the file's name, size and
// modification time; V8 checks its own version, its flags and the source's length, and a
// cache it rejects is made again.
// Each file is [header length: 4 bytes][header: JSON, the command words][V8's data]. Writes
// go to a file of their own, renamed into place (owner-only), and never fail a command: a
// cache is only an optimisation. NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it turns off
// Node's.
//
// A cache is code: V8 runs the bytecode it holds, and checks only that the source has the
// same length. So caches are read and written only in a directory this user owns that no one
// else may write (as the config store's, src/config/ownership.ts); elsewhere pwctl runs
// without them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

/** At most this many command-word lists are kept in a cache's header; beyond it, the list starts over. */
const MAX_COMMANDS = 200;
/** Caches (and installs' directories of them) not written for this long go when another is written. */
const STALE_MS = 30 * 24 * 3600 * 1000;
/** A staging file older than this was left by a process killed while writing. */
const STAGING_MS = 3600 * 1000;

/**
 * A loader for the files under `distDir`. `cacheRoot` is where caches go (undefined: none),
 * in a directory for this dist/; `command` names the command line (its leading words), to
 * tell whether a cache has seen it.
 */
function createDistLoader({ distDir, cacheRoot, command = '' }) {
  const ownDir = cacheRoot && path.join(cacheRoot, installName(distDir));
  const cacheDir = ownDir && privateOrAbsent(ownDir) ? ownDir : undefined;
  const modules = new Map(); // filename → module record, so each file runs once
  const cacheFiles = new Map(); // a loaded file's name → the name of its current cache
  const toWrite = []; // { script, file, usable, commands } for the exit
  let nodeRequire;

  function load(filename) {
    const loaded = modules.get(filename);
    if (loaded) return loaded.exports;
    const module = { id: filename, filename, exports: {}, loaded: false };
    modules.set(filename, module);
    const { source, size, mtimeMs } = readSource(filename);
    const cacheFile =
      cacheDir && path.join(cacheDir, `${path.basename(filename)}-${size}-${Math.trunc(mtimeMs * 1000)}`);
    if (cacheFile) cacheFiles.set(path.basename(filename), path.basename(cacheFile));
    const cached = cacheFile ? readCache(cacheFile) : undefined;
    // The wrapper on a line of its own, and line numbers counted from the source's first line.
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, {
      filename,
      lineOffset: -1,
      cachedData: cached?.data,
    });
    if (cacheFile && (!cached || script.cachedDataRejected || !cached.commands.includes(command))) {
      const usable = cached !== undefined && !script.cachedDataRejected;
      toWrite.push({ script, file: cacheFile, usable, commands: usable ? cached.commands : [] });
    }
    const dir = path.dirname(filename);
    const requireHere = (id) =>
      id.startsWith('./') || id.startsWith('../') ? load(path.resolve(dir, id)) : external(id);
    script.runInThisContext().call(module.exports, module.exports, requireHere, module, filename, dir);
    module.loaded = true;
    return module.exports;
  }

  /** A built-in, or a dependency (the keyring addon's package) resolved from dist/. */
  function external(id) {
    const builtin = process.getBuiltinModule(id);
    if (builtin) return builtin;
    nodeRequire ??= require('node:module').createRequire(path.join(distDir, 'package.json'));
    return nodeRequire(id);
  }

  /**
   * Write the caches this run made or grew; called at exit with the exit code. A run that
   * failed (a usage error stops before the verb runs) counts as having seen nothing: it
   * writes only caches that were missing or rejected, and does not add its command, so the
   * first run that succeeds grows them with the verb's functions.
   */
  function writeCaches(code = 0) {
    const due = code === 0 ? toWrite : toWrite.filter((entry) => !entry.usable);
    if (due.length === 0) return;
    try {
      fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
      for (const { script, file, commands } of due) {
        const seen = code === 0 ? [...(commands.length < MAX_COMMANDS ? commands : []), command] : commands;
        writeCache(file, seen, script.createCachedData());
      }
      pruneStale(cacheDir, cacheFiles);
      pruneOtherInstalls(path.dirname(cacheDir), path.basename(cacheDir));
    } catch {
      // An unwritable cache directory costs speed, never a command.
    }
    toWrite.length = 0;
  }

  return { load, writeCaches };
}

/** Whether `dir` is a directory of this user's that only they may write, or is not there yet (it is made so). */
function privateOrAbsent(dir) {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return true;
  let stats;
  try {
    stats = fs.lstatSync(dir);
  } catch (error) {
    return error.code === 'ENOENT';
  }
  return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

/** A directory name for an installed dist/: FNV-1a of its path, in hex. */
function installName(distDir) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < distDir.length; i++) hash = Math.imul(hash ^ distDir.charCodeAt(i), 0x01000193) >>> 0;
  return `dist-${hash.toString(16).padStart(8, '0')}`;
}

function readSource(filename) {
  const fd = fs.openSync(filename, 'r');
  try {
    const { size, mtimeMs } = fs.fstatSync(fd);
    const buffer = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    // The build writes ASCII only (non-ASCII escaped), so latin1 decodes it exactly and fast.
    return { source: buffer.toString('latin1', 0, read), size, mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

function readCache(file) {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength));
    if (!Array.isArray(header.commands)) return undefined;
    return { commands: header.commands, data: bytes.subarray(4 + headerLength) };
  } catch {
    return undefined;
  }
}

function writeCache(file, commands, data) {
  const header = Buffer.from(JSON.stringify({ commands }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length, 0);
  const staging = `${file}.tmp-${process.pid}`;
  try {
    fs.writeFileSync(staging, Buffer.concat([length, header, data]), { mode: 0o600 });
    fs.renameSync(staging, file);
  } catch {
    fs.rmSync(staging, { force: true });
  }
}

/**
 * Caches of files that changed (the same name, another size or time: a rebuild) go at once;
 * those of files no longer loaded (an older build's chunks) once they are a month old; a
 * staging file a killed process left behind once it is an hour old (a write takes
 * milliseconds, so no live writer still holds it). `current` maps each file this run loaded
 * to its cache's name: those stay, whether this run wrote them or only read them.
 */
function pruneStale(cacheDir, current) {
  const now = Date.now();
  for (const entry of fs.readdirSync(cacheDir)) {
    const staging = entry.includes('.tmp-');
    const loadedAs = current.get(entry.replace(/-\d+-\d+$/, ''));
    if (!staging && loadedAs === entry) continue;
    const file = path.join(cacheDir, entry);
    try {
      const age = now - fs.statSync(file).mtimeMs;
      const stale = staging ? age > STAGING_MS : loadedAs !== undefined || age > STALE_MS;
      if (stale) fs.rmSync(file, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/** Other installs' caches (an uninstalled copy, an executable's older version) once they are a month old. */
function pruneOtherInstalls(cacheRoot, own) {
  const now = Date.now();
  for (const entry of fs.readdirSync(cacheRoot)) {
    if (entry === own || !entry.startsWith('dist-')) continue;
    const dir = path.join(cacheRoot, entry);
    try {
      if (now - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

module.exports = { createDistLoader };
