#!/usr/bin/env node
// The installed command: a CommonJS shim. `pwctl --version` is answered here, before any
// module loads; a shell's TAB (`pwctl __complete …`) goes to the small completer, which reads
// a prebuilt command tree; everything else runs the CLI entry, which loads each verb's code
// only when it runs. Both are loaded by ./dist-loader.js, which keeps a V8 code cache of each
// file in the user's cache directory, made after a run so that it holds the functions the
// command ran.
'use strict';
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  const { join } = require('node:path');
  const dist = join(__dirname, '..', 'dist');
  const loader = require('./dist-loader.js').createDistLoader({
    distDir: dist,
    cacheRoot: codeCacheDir(),
    command: commandWords(argv),
  });
  process.once('exit', loader.writeCaches);
  let entry;
  try {
    entry = loader.load(join(dist, argv[0] === '__complete' ? 'complete.cjs' : 'cli.cjs'));
  } catch (error) {
    // A file of the install missing or damaged: one line, as every error is (its stack with --debug).
    const debug = argv.includes('--debug') || Boolean(process.env.PWCTL_DEBUG);
    process.stderr.write(
      debug ? `${error.stack}\n` : `error: pwctl cannot load its own files (${error.message}); reinstall pwctl\n`,
    );
    process.exit(1);
  }
  if (argv[0] === '__complete') entry.complete(argv.slice(1));
  else entry.main(argv);
}

/** Where code caches go: per Node version and architecture, under the user's cache directory. */
function codeCacheDir() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  try {
    return require('node:path').join(userCacheDir(), 'pwctl', 'code-cache', `${process.version}-${process.arch}`);
  } catch {
    return undefined; // no home directory: no cache
  }
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
