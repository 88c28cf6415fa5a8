#!/usr/bin/env node
// Proves three things of the built dist/, run by `npm test` after the build:
// - from the source maps, that every source module exists once at run time: each file under
//   src/ (and each bundled library file) may appear in the `sources` of one output file only.
//   A module compiled into two outputs would exist twice in a process, each copy with its own
//   state and classes (then `instanceof` lies). The shell completer, dist/complete.cjs, is a
//   build of its own that runs alone: it may hold modules the command line's files hold too,
//   and must require no other dist file;
// - that no output file imports itself back through static imports: in such a cycle one file
//   runs before a file it depends on, and a class or constant it uses at load is not there yet.
//   The chunk groups (scripts/build-chunks.mjs) merge modules, which is how such a cycle would appear;
// - that every output file is ASCII and calls no import(): bin/dist-loader.js reads them as
//   Latin-1 and compiles them with vm.Script, which has no loader for import(); and that the
//   loader itself is ASCII, as bin/pwctl.js reads it the same way.
// Exits 1 naming every module found twice, every cycle and every such file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { COMPLETER_BUILD } from './build-chunks.mjs';

/** Outputs built apart (scripts/build.mjs): each runs alone, in a process that loads no other dist file. */
const SEPARATE_BUILDS = [COMPLETER_BUILD.file];

/**
 * Map of source path → output files whose source maps list it, for every source listed more
 * than once; the separate builds' outputs are left out (one file cannot hold a module twice).
 */
export function findDuplicates(distDir) {
  const owners = new Map();
  for (const mapFile of walk(distDir).filter((f) => f.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const output = relative(distDir, mapFile.slice(0, -'.map'.length));
    if (SEPARATE_BUILDS.includes(output.split(sep).join('/'))) continue;
    for (const source of map.sources ?? []) {
      // Paths are relative to the map; normalise them so the same module compares equal.
      const key = relative(distDir, resolve(join(mapFile, '..'), source));
      owners.set(key, [...(owners.get(key) ?? []), output]);
    }
  }
  return new Map([...owners].filter(([, outputs]) => outputs.length > 1));
}

/** Every cycle of static requires between output files, each as the list of files around it. */
export function findImportCycles(distDir) {
  const files = walk(distDir).filter((f) => f.endsWith('.cjs'));
  const importsOf = new Map(
    files.map((file) => {
      const code = readFileSync(file, 'utf8');
      // Static requires only, as Rolldown writes them: `const x=require("./x.cjs")` or a
      // statement `require("./x.cjs");`, not a lazy chunk's `….then(()=>…(require("./x.cjs")))`.
      const specs = [...code.matchAll(/(?<=^|[;,]|[\w$]=)require\(["'`](\.[^"'`]+)["'`]\)/gm)];
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

/** Output files the loader cannot run as they are: each with what is wrong with it. */
export function findUnloadable(distDir) {
  const found = [];
  for (const file of walk(distDir).filter((f) => f.endsWith('.cjs'))) {
    const code = readFileSync(file, 'utf8');
    const name = relative(distDir, file);
    if (/[^\x00-\x7f]/.test(code)) found.push([name, 'holds non-ASCII text']);
    if (code.includes('import(') && hasImportCall(parseAst(code, { sourceType: 'script' }, name)))
      found.push([name, 'calls import()']);
    if (SEPARATE_BUILDS.includes(name.split(sep).join('/')) && /require\(["'`]\.{1,2}\//.test(code))
      found.push([name, 'requires another dist file, though it runs alone']);
  }
  return found;
}

function hasImportCall(node) {
  if (Array.isArray(node)) return node.some(hasImportCall);
  if (!node || typeof node !== 'object') return false;
  if (node.type === 'ImportExpression') return true;
  for (const key in node) if (key !== 'type' && typeof node[key] === 'object' && hasImportCall(node[key])) return true;
  return false;
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
  const unloadable = findUnloadable(dist);
  const loader = join(fileURLToPath(import.meta.url), '..', '..', 'bin', 'dist-loader.js');
  if (/[^\x00-\x7f]/.test(readFileSync(loader, 'utf8')))
    unloadable.push(['bin/dist-loader.js', 'holds non-ASCII text']);
  for (const [source, outputs] of duplicates)
    console.error(`check-bundle: ${source} is bundled into ${outputs.join(', ')}`);
  if (duplicates.size > 0) console.error(`check-bundle: ${duplicates.size} source module(s) bundled more than once`);
  for (const cycle of cycles) console.error(`check-bundle: import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  for (const [file, problem] of unloadable) console.error(`check-bundle: ${file} ${problem}`);
  if (duplicates.size > 0 || cycles.length > 0 || unloadable.length > 0) process.exit(1);
  console.log(
    `check-bundle: every source module is bundled once (the completer in a build of its own), no file requires itself back, every file is ASCII without import() (${dist})`,
  );
}
