#!/usr/bin/env node
// The test files that run the built CLI as a child process: CI runs them again, on Node 26,
// against the standalone executable (PWCTL_TEST_EXECUTABLE). Derived from the tests, not kept by hand:
// every child-process run of pwctl goes through `cliCommand()` or `CLI_PROGRAM`
// (test/helpers/cli.ts; test/unit/process-level-tests.test.ts holds the tests to that), so
// the helpers that start one are those whose code names either, or names such a helper; and
// a test file is process-level when it names one of them.
//
//   npx vitest run $(node scripts/process-level-tests.mjs)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * A helper file's named pieces of code: each top-level declaration, and each method of an
 * object a helper returns (`pwBin(args) {…}` in useSandboxCli), from its first line to the
 * line that closes it at the same indentation, without the pieces inside it, its comments
 * and its plain strings.
 */
function namedPieces(text) {
  const original = text.split('\n');
  const lines = text
    .replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/'(?:[^'\\\n]|\\.)*'/g, (c) => c.replace(/./g, ' '))
    .split('\n');
  const topLevel = /^()(?:export\s+)?(?:async\s+)?(?:function\*?\s+|const\s+|let\s+)(\w+)/;
  const method = /^(\s+)(?:async\s+)?(?!(?:if|for|while|switch|catch|function)\b)(\w+)\([^)]*\)(?::[^{]*)?\s*\{$/;
  const spans = [];
  lines.forEach((line, i) => {
    const m = topLevel.exec(line) ?? method.exec(line);
    if (!m) return;
    let end = i;
    const closing = new RegExp(`^${m[1]}[})\\]]`);
    if (!/;\s*$/.test(original[i])) while (end + 1 < lines.length && !closing.test(lines[++end]));
    spans.push({ name: m[2], from: i, to: end });
  });
  return spans.map(({ name, from, to }) => {
    const inner = spans.filter((s) => s.from > from && s.to <= to);
    const own = lines.filter((_, i) => i >= from && i <= to && !inner.some((s) => i >= s.from && i <= s.to));
    return { name, code: own.join('\n') };
  });
}

export function processLevelTests(root = ROOT) {
  const all = filesUnder(join(root, 'test'));
  const names = (text, wanted) => [...wanted].some((name) => new RegExp(`\\b${name}\\b`).test(text));
  const spawners = new Set(['cliCommand', 'CLI_PROGRAM']);
  const pieces = all.filter((f) => !f.endsWith('.test.ts')).flatMap((f) => namedPieces(readFileSync(f, 'utf8')));
  for (let grew = true; grew; ) {
    grew = false;
    for (const piece of pieces)
      if (!spawners.has(piece.name) && names(piece.code, spawners)) {
        spawners.add(piece.name);
        grew = true;
      }
  }
  return all
    .filter((f) => f.endsWith('.test.ts') && names(readFileSync(f, 'utf8'), spawners))
    .map((f) => relative(root, f).split('\\').join('/'))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(processLevelTests().join('\n'));
