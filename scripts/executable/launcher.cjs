// The main script of pwctl's standalone executable (a Node single executable application,
// built by scripts/dist.mjs). It answers --version at once; otherwise it makes sure this
// build's files — bin/pwctl.js, dist/ and their package.json files, carried as assets — are
// unpacked in the user's cache directory, and runs bin/pwctl.js from there, exactly as an
// npm install runs it: the lazy chunks and pwctl's code cache (bin/dist-loader.js) work as they do
// there. A SEA's main script cannot import() files, so the shim is loaded with a require
// made for its path. The build replaces the two constants below.
'use strict';
const VERSION = '0.0.0-dev';
const BUILD = 'dev';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { join } = require('node:path');
  const root = join(userCacheDir(), 'pwctl', `${VERSION}-${BUILD}`);
  try {
    unpack(root);
  } catch (error) {
    process.stderr.write(
      `error: cannot unpack pwctl into ${root}: ${error.message}; set XDG_CACHE_HOME to a writable directory\n`,
    );
    process.exit(1);
  }
  // The keyring binding (src/auth/os-keyring.ts) asks for this instead of the npm package.
  globalThis[Symbol.for('pwctl.keyring')] = () => loadAddon(root, 'keyring.node');
  require('node:module').createRequire(__filename)(join(root, 'bin', 'pwctl.js'));
}

/**
 * Write every asset but the addons under `root`, once per build: into a directory of its
 * own, renamed into place whole, so a run sees all the files or none, and two first runs
 * at once each finish (the loser of the rename uses the winner's copy). A build's first run
 * also removes other builds' copies (and staging directories) not run for a month: an
 * upgrade's leftovers, or an executable not run since; one run again simply unpacks again.
 * Each run marks its copy as used (its time), so a copy still in use is never removed.
 */
function unpack(root) {
  const fs = require('node:fs');
  const { basename, dirname, join } = require('node:path');
  try {
    const now = new Date();
    fs.utimesSync(root, now, now);
    return;
  } catch {
    // Not unpacked yet, or a copy this user may read but not touch.
    if (fs.existsSync(root)) return;
  }
  const sea = require('node:sea');
  fs.mkdirSync(dirname(root), { recursive: true });
  const staging = fs.mkdtempSync(`${root}.tmp-`);
  try {
    for (const key of sea.getAssetKeys()) {
      if (key.endsWith('.node')) continue;
      const file = join(staging, key);
      fs.mkdirSync(dirname(file), { recursive: true });
      fs.writeFileSync(file, new Uint8Array(sea.getRawAsset(key)));
    }
    fs.renameSync(staging, root);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(join(root, 'bin', 'pwctl.js'))) throw error;
  }
  removeOldCopies(dirname(root), basename(root));
}

/** Other builds' unpacked copies (named <version>-<build>) in `parent`, once not run for a month. */
function removeOldCopies(parent, own) {
  const fs = require('node:fs');
  const { join } = require('node:path');
  const monthAgo = Date.now() - 30 * 24 * 3600 * 1000;
  for (const entry of fs.readdirSync(parent)) {
    if (entry === own || !/^\d+\.\d+\.\d+/.test(entry)) continue;
    try {
      const dir = join(parent, entry);
      if (fs.statSync(dir).mtimeMs < monthAgo) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/** A native addon carried as an asset: written beside the unpacked files on first use, then loaded. */
function loadAddon(root, key) {
  const fs = require('node:fs');
  const { join } = require('node:path');
  const file = join(root, key);
  if (!fs.existsSync(file)) {
    const staging = `${file}.tmp-${process.pid}`;
    fs.writeFileSync(staging, new Uint8Array(require('node:sea').getRawAsset(key)));
    fs.renameSync(staging, file);
  }
  const addon = { exports: {} };
  process.dlopen(addon, file);
  return addon.exports;
}

/** The OS's per-user cache directory, as bin/pwctl.js chooses it. */
function userCacheDir() {
  const { join } = require('node:path');
  const env = process.env;
  // os.homedir() answers $HOME where it is set; reading it here spares loading node:os.
  const homedir = () => (process.platform !== 'win32' && env.HOME) || require('node:os').homedir();
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches');
  if (process.platform === 'win32') return env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local');
  return env.XDG_CACHE_HOME || join(homedir(), '.cache');
}
