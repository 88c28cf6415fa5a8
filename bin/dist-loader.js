// Loads dist/'s CommonJS files (the entry bin/pwctl.js names and every chunk it require()s)
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
// Caches live in the directory bin/pwctl.js chooses (per Node version and architecture, and
// per installed copy of dist/, under the user's cache directory, and only one no one else may
// write: V8 runs the bytecode a cache holds, checking only that the source has the same
// length), one file per dist file named by the file's name, size and modification time, and
// one of this file itself, which bin/pwctl.js compiles with it; V8 checks its own version, its
// flags and the source's length, and a cache it rejects is made again.
// Each file is [header length: 4 bytes][header: JSON, the command words][V8's data]. Writes
// go to a file of their own, renamed into place (owner-only), and never fail a command: a
// cache is only an optimisation. NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it turns off
// Node's.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

/** At most this many command-word lists are kept in a cache's header; beyond it, the list starts over. */
const MAX_COMMANDS = 200;
/**
 * Caches not written for this long go when another is written; so do the directories other
 * installs, other Node versions and pwctl's compile cache of old left in the user's cache.
 */
const STALE_MS = 30 * 24 * 3600 * 1000;
/** A staging file older than this was left by a process killed while writing. */
const STAGING_MS = 3600 * 1000;

/**
 * The entry of pwctl's command line (the completer's for a shell's TAB), loaded with code
 * caches from `cacheDir` (undefined: none), which are written at exit. `self` is this file as
 * bin/pwctl.js compiled it with its cache there.
 */
function loadEntry(argv, { distDir, cacheDir, self }) {
  const loader = createDistLoader({ distDir, cacheDir, command: commandWords(argv), self });
  process.once('exit', loader.writeCaches);
  return loader.load(path.join(distDir, argv[0] === '__complete' ? 'complete.cjs' : 'cli.cjs'));
}

/** The command line's leading words (`steps get`), which tell a cache whether it has seen this command. */
function commandWords(args) {
  const words = [];
  for (const arg of args) {
    if (words.length === 2 || !isCommandWord(arg)) break;
    words.push(arg);
  }
  return words.join(' ');
}

/** [a-z][a-z-]*, tested without a regular expression, which V8 would compile for this alone. */
function isCommandWord(arg) {
  for (let i = 0; i < arg.length; i++) {
    const code = arg.charCodeAt(i);
    if (!((code >= 0x61 && code <= 0x7a) || (code === 0x2d && i > 0))) return false;
  }
  return arg !== '';
}

/**
 * A loader for the files under `distDir`, with caches in `cacheDir` (undefined: none);
 * `command` names the command line (its leading words), to tell whether a cache has seen it.
 * `self`, from bin/pwctl.js, is this file as compiled with its cache, which is written as
 * dist/'s are.
 */
function createDistLoader({ distDir, cacheDir, command = '', self }) {
  const modules = new Map(); // filename -> module record, so each file runs once
  const cacheFiles = new Map(); // a compiled file's name -> the name of its current cache
  const toWrite = []; // { script, file, usable, commands } for the exit
  let nodeRequire;
  if (self) track({ ...self, cached: self.cached && parseCache(self.cached) });

  /** Notes a file compiled with its cache, whose cache is written at exit if it is missing, rejected or new to this command. */
  function track({ filename, script, cacheFile, cached }) {
    if (!cacheFile) return;
    cacheFiles.set(path.basename(filename), path.basename(cacheFile));
    const usable = cached !== undefined && !script.cachedDataRejected;
    if (usable && cached.commands.includes(command)) return;
    toWrite.push({ script, file: cacheFile, usable, commands: usable ? cached.commands : [] });
  }

  function load(filename) {
    const loaded = modules.get(filename);
    if (loaded) return loaded.exports;
    const module = { id: filename, filename, exports: {}, loaded: false };
    modules.set(filename, module);
    const { source, size, mtimeMs } = readWrapped(filename);
    const cacheFile =
      cacheDir && path.join(cacheDir, `${path.basename(filename)}-${size}-${Math.trunc(mtimeMs * 1000)}`);
    const cached = cacheFile ? readCache(cacheFile) : undefined;
    const script = new vm.Script(source, {
      filename,
      lineOffset: -1,
      cachedData: cached?.data,
    });
    track({ filename, script, cacheFile, cached });
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
      pruneLeftBehind(cacheDir);
    } catch {
      // An unwritable cache directory costs speed, never a command.
    }
    toWrite.length = 0;
  }

  return { load, writeCaches };
}

/** The CommonJS wrapper, on a line of its own: line numbers are counted from the source's first line (lineOffset -1). */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {\n';
const WRAPPER_TAIL = '\n})';

/**
 * A dist file's source inside the CommonJS wrapper, decoded once into one string. A template
 * around the file's text is copied again when V8 flattens it to compile: 190 kB more young
 * memory in a `steps get`, which fills V8's young generation (1 MB) once as it is.
 */
function readWrapped(filename) {
  const fd = fs.openSync(filename, 'r');
  try {
    const { size, mtimeMs } = fs.fstatSync(fd);
    const head = WRAPPER_HEAD.length;
    const buffer = Buffer.allocUnsafe(head + size + WRAPPER_TAIL.length);
    buffer.write(WRAPPER_HEAD, 0, 'latin1');
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, buffer, head + read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    const end = head + read;
    buffer.write(WRAPPER_TAIL, end, 'latin1');
    // The build writes ASCII only (non-ASCII escaped), so latin1 decodes it exactly and fast.
    return { source: buffer.toString('latin1', 0, end + WRAPPER_TAIL.length), size, mtimeMs };
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
  return parseCache(bytes);
}

/** A cache file's command words and V8's data; undefined for a file that is not one. */
function parseCache(bytes) {
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

/**
 * What else of pwctl's the user's cache directory holds, once it is a month old (a directory's
 * time changes when an entry is added or removed in it): other installs' caches (an
 * uninstalled copy, an executable's older version), other Node versions' (each a directory of
 * installs), and the compile cache of versions before this loader. `cacheDir` is
 * <cache>/pwctl/code-cache/<Node version>-<arch>/dist-<hash>, as bin/pwctl.js makes it.
 */
function pruneLeftBehind(cacheDir) {
  const versionDir = path.dirname(cacheDir);
  const codeCache = path.dirname(versionDir);
  pruneOldDirs(versionDir, (entry) => entry.startsWith('dist-') && entry !== path.basename(cacheDir));
  pruneOldDirs(codeCache, (entry) => /^v\d+\./.test(entry) && entry !== path.basename(versionDir));
  if (path.basename(codeCache) === 'code-cache')
    pruneOldDirs(path.dirname(codeCache), (entry) => entry === 'compile-cache');
}

/** The directories in `parent` that `pick` names, once they are a month old. */
function pruneOldDirs(parent, pick) {
  const now = Date.now();
  for (const entry of fs.readdirSync(parent)) {
    if (!pick(entry)) continue;
    const dir = path.join(parent, entry);
    try {
      if (now - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

module.exports = { createDistLoader, loadEntry };
