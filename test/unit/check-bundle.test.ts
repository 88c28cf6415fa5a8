// The build check that `npm test` runs: a module listed in two outputs' source maps is found.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { findDuplicates, findImportCycles } from '../../scripts/check-bundle.mjs';

function dist(maps: Record<string, string[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-dist-'));
  for (const [file, sources] of Object.entries(maps)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, `${file}.map`), JSON.stringify({ version: 3, sources }));
  }
  return dir;
}

describe('check-bundle', () => {
  it('passes when every source is in one output', () => {
    expect(findDuplicates(dist({ 'cli.js': ['../src/cli.ts'], 'chunks/a.js': ['../../src/errors.ts'] })).size).toBe(0);
  });

  it('names a source bundled into two outputs, whatever relative path each map uses', () => {
    const found = findDuplicates(
      dist({ 'cli.cjs': ['../src/errors.ts', '../src/cli.ts'], 'esm/chunks/x.js': ['../../../src/errors.ts'] }),
    );
    expect([...found]).toEqual([['../src/errors.ts', ['cli.cjs', 'esm/chunks/x.js']]]);
  });

  it('finds a cycle of static imports between output files, and not one through import()', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwctl-dist-'));
    mkdirSync(join(dir, 'chunks'));
    const files: Record<string, string> = {
      'cli.js': 'import{a}from"./chunks/a.js";import"./chunks/c.js";',
      'chunks/a.js': 'import{b as a}from"./b.js";export{a};',
      'chunks/b.js': 'var x=1;export{x as b};export{a}from`./a.js`;',
      'chunks/c.js': 'const m=()=>import("../cli.js");export{m};',
    };
    for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, file), code);
    expect(findImportCycles(dir)).toEqual([['chunks/a.js', 'chunks/b.js']]);
    writeFileSync(join(dir, 'chunks/b.js'), 'var x=1;export{x as b};');
    expect(findImportCycles(dir)).toEqual([]);
  });
});
