#!/usr/bin/env node
// The installed command: a CommonJS shim. `pwctl --version` is answered here, before any
// module loads; a shell's TAB (`pwctl __complete …`) goes to the small completer, which reads
// a prebuilt command tree; everything else runs the CLI entry, which loads each verb's code
// only when it runs. Where Node has a module compile cache (22.1 and later), pwctl's modules
// are compiled once and reused from the user's cache directory.
'use strict';
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  useCompileCache();
  if (argv[0] === '__complete') import('../dist/complete.js').then((m) => m.complete(argv.slice(1)));
  else import('../dist/cli.js').then((m) => m.main(argv));
}

function useCompileCache() {
  const { enableCompileCache } = require('node:module');
  if (typeof enableCompileCache !== 'function' || process.env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    enableCompileCache(require('node:path').join(userCacheDir(), 'pwctl', 'compile-cache'));
  } catch {
    // A cache is an optimisation: without one, modules are compiled as usual.
  }
}

/** The OS's per-user cache directory (XDG on Linux, Library/Caches on macOS, LOCALAPPDATA on Windows). */
function userCacheDir() {
  const { homedir } = require('node:os');
  const { join } = require('node:path');
  const env = process.env;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches');
  if (process.platform === 'win32') return env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local');
  return env.XDG_CACHE_HOME || join(homedir(), '.cache');
}
