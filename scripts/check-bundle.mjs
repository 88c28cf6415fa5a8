#!/usr/bin/env node
// Proves two things of the built dist/, run by `npm test` after the build:
// - from the source maps, that every source module exists once at run time: each file under
//   src/ (and each bundled library file) may appear in the `sources` of one output file only.
//   A module compiled into two outputs would exist twice in a process, each copy with its own
//   state and classes (then `instanceof` lies);
// - that no output file imports itself back through static imports: in such a cycle one file
//   runs before a file it depends on, and a class or constant it uses at load is not there yet.
//   The chunk groups (scripts/build-chunks.mjs) merge modules, which is how such a cycle would appear.
// Exits 1 naming every module found twice and every cycle.
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

/** Every cycle of static imports between output files, each as the list of files around it. */
export function findImportCycles(distDir) {
  const files = walk(distDir).filter((f) => f.endsWith('.js'));
  const importsOf = new Map(
    files.map((file) => {
      const code = readFileSync(file, 'utf8');
      // Static imports only: `import … from "./x.js"` and `import "./x.js"`; not import().
      const specs = [
        ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{][^;]*?from\s*)?["'`](\.[^"'`]+)["'`]/g),
      ];
      return [file, specs.map((m) => resolve(join(file, '..'), m[1]))];
    }),
  );
  const cycles = [];
  const state = new Map(); // file → 'open' while on the path, 'done' after
  const path = [];
  const visit = (file) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push(path.slice(path.indexOf(file)).map((f) => relative(distDir, f)));
      return;
    }
    state.set(file, 'open');
    path.push(file);
    for (const next of importsOf.get(file) ?? []) visit(next);
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) visit(file);
  return cycles;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..', 'dist'));
  const duplicates = findDuplicates(dist);
  const cycles = findImportCycles(dist);
  for (const [source, outputs] of duplicates)
    console.error(`check-bundle: ${source} is bundled into ${outputs.join(', ')}`);
  if (duplicates.size > 0) console.error(`check-bundle: ${duplicates.size} source module(s) bundled more than once`);
  for (const cycle of cycles) console.error(`check-bundle: import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  if (duplicates.size > 0 || cycles.length > 0) process.exit(1);
  console.log(`check-bundle: every source module is bundled once, and no file imports itself back (${dist})`);
}
