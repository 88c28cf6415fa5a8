#!/usr/bin/env node
// Proves from the build's source maps that every source module exists once at run time:
// each file under src/ (and each bundled library file) may appear in the `sources` of one
// output file only. A module compiled into two outputs would exist twice in a process, each
// copy with its own state and classes (then `instanceof` lies). Run by `npm test` after the
// build; exits 1 naming every module found twice.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Map of source path → output files whose source maps list it, for every source listed more than once. */
export function findDuplicates(distDir) {
  const owners = new Map();
  for (const mapFile of walk(distDir).filter((f) => f.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const output = relative(distDir, mapFile.slice(0, -'.map'.length));
    for (const source of map.sources ?? []) {
      // Paths are relative to the map; normalise them so the same module compares equal.
      const key = relative(distDir, resolve(join(mapFile, '..'), source));
      owners.set(key, [...(owners.get(key) ?? []), output]);
    }
  }
  return new Map([...owners].filter(([, outputs]) => outputs.length > 1));
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..', 'dist'));
  const duplicates = findDuplicates(dist);
  if (duplicates.size === 0) {
    console.log(`check-bundle: every source module is bundled once (${dist})`);
  } else {
    for (const [source, outputs] of duplicates)
      console.error(`check-bundle: ${source} is bundled into ${outputs.join(', ')}`);
    console.error(`check-bundle: ${duplicates.size} source module(s) bundled more than once`);
    process.exit(1);
  }
}
