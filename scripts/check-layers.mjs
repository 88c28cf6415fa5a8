#!/usr/bin/env node
// Keeps docs/ARCHITECTURE.md's "Dependencies point down" true, run by `npm test`. Each module
// of src/ (a folder, or a file at its root) stands in one layer of LAYERS, and imports only
// modules of the layers below its own: not the layers above, nor the modules beside it. Every
// import of a relative path counts — `import … from`, `export … from`, `import()`, and type-only
// imports too (a type names what it depends on as surely as a value). ALLOWED lists the
// imports ARCHITECTURE allows across that rule, and LAZY_ONLY the modules reached only
// through import(). Exits 1 naming every file → import that breaks them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The layers of src/, from the top down: ARCHITECTURE's statement, as code. */
export const LAYERS = [
  ['cli', 'mcp'], // the two front ends
  ['commands'], // the commands, declared once, front-end neutral
  ['auth', 'webhooks', 'completion', 'bulk', 'sandbox', 'update'], // what the commands and the entry use
  ['aliases'], // the command line's aliases: what the entry expands and the completer follows
  ['config'],
  ['files'],
  ['output', 'content'],
  ['api', 'validate'],
  ['io', 'errors', 'suggest', 'chars', 'version', 'child-env', 'wasm-tiering', 'id-kinds', 'stop-signals'], // the floor
];

/** `pwctl mcp` is declared in src/cli/, since starting the agents' front end is a command-line matter. */
export const ALLOWED = [{ from: 'cli/mcp-serve.ts', to: 'mcp', lazy: true }];

/** Loaded only when a command asks for it (a type-only import loads nothing, and is allowed). */
export const LAZY_ONLY = ['sandbox'];

/**
 * The relative paths a module's code imports, each as `{ spec, how }`: 'static', 'type' (erased
 * when compiled) or 'lazy' (import()). Static imports and re-exports start a line, where the
 * formatter puts them; an import() in a comment is not counted.
 */
export function importsOf(code) {
  const found = [];
  const statics =
    /^(?:import|export)\s+(type\s+)?([\w$]+\s*,?\s*)?(\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})?\s*from\s*(['"])(\.[^'"]+)\4|^import\s*(['"])(\.[^'"]+)\6/gm;
  for (const m of code.matchAll(statics)) {
    const [, typeKeyword, defaultName, names, , spec, , bare] = m;
    const everyNameType =
      !defaultName &&
      names?.startsWith('{') &&
      names
        .slice(1, -1)
        .split(',')
        .filter((n) => n.trim())
        .every((n) => /^\s*type\s/.test(n));
    found.push({ spec: spec ?? bare, how: typeKeyword || everyNameType ? 'type' : 'static' });
  }
  for (const m of code.matchAll(/(typeof\s+)?\bimport\s*\(\s*(['"])(\.[^'"]+)\2\s*\)/g)) {
    const lineStart = code.lastIndexOf('\n', m.index) + 1;
    const before = code.slice(lineStart, m.index);
    if (/^\s*(\/\/|\/?\*)/.test(before) || before.includes('//')) continue;
    found.push({ spec: m[3], how: m[1] ? 'type' : 'lazy' });
  }
  return found;
}

/** Every import of a module of `srcDir` that breaks the layers, as one line each; none when all point down. */
export function checkLayers(srcDir, { layers = LAYERS, allowed = ALLOWED, lazyOnly = LAZY_ONLY } = {}) {
  const layerOf = new Map(layers.flatMap((modules, index) => modules.map((name) => [name, index])));
  const moduleOf = (path) => {
    const parts = relative(srcDir, path).split(sep);
    return parts.length > 1 ? parts[0] : parts[0].replace(/(\.d)?\.[cm]?[jt]s$/, '');
  };
  const problems = [];
  const files = readdirSync(srcDir, { recursive: true }).filter((f) => /\.[cm]?ts$/.test(f));
  for (const file of files.map((f) => join(srcDir, f))) {
    const name = relative(srcDir, file).split(sep).join('/');
    const from = moduleOf(file);
    if (!layerOf.has(from)) {
      problems.push(`src/${name}: src/${from} stands in no layer: add it to LAYERS (and to ARCHITECTURE)`);
      continue;
    }
    for (const { spec, how } of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec);
      if (relative(srcDir, target).startsWith('..')) continue;
      const to = moduleOf(target);
      if (to === from) continue;
      const line = `src/${name} → ${spec}`;
      if (lazyOnly.includes(to) && how === 'static') {
        problems.push(`${line}: src/${to} is reached only through import()`);
        continue;
      }
      const exception = allowed.find((a) => a.from === name && a.to === to);
      if (exception?.lazy && how === 'static')
        problems.push(`${line}: src/${to} is reached from here only through import()`);
      else if (exception) continue;
      else if (!layerOf.has(to)) problems.push(`${line}: src/${to} stands in no layer: add it to LAYERS`);
      else if (layerOf.get(to) < layerOf.get(from)) problems.push(`${line}: runs back up (${from} is below ${to})`);
      else if (layerOf.get(to) === layerOf.get(from))
        problems.push(`${line}: ${from} and ${to} stand side by side, and neither imports the other`);
    }
  }
  return problems.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const src = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..', 'src'));
  const problems = checkLayers(src);
  for (const problem of problems) console.error(`check-layers: ${problem}`);
  if (problems.length > 0) {
    console.error(`check-layers: ${problems.length} import(s) break the layers (scripts/check-layers.mjs, LAYERS)`);
    process.exit(1);
  }
  console.log(`check-layers: every import of ${relative(process.cwd(), src) || '.'} points down the layers`);
}
