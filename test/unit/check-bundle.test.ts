// The build check that `npm test` runs: a module listed in two outputs' source maps is found,
// as are a cycle of static requires and a file the dist loader could not run.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { findDuplicates, findImportCycles, findUnloadable } from '../../scripts/check-bundle.mjs';

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

  it('takes dist/complete.cjs for a build of its own: its modules may be the command line’s too, but it may require no dist file', () => {
    const dir = dist({ 'cli.cjs': ['../src/errors.ts'], 'complete.cjs': ['../src/errors.ts'] });
    expect(findDuplicates(dir).size).toBe(0);
    writeFileSync(join(dir, 'cli.cjs'), 'exports.a=1;');
    writeFileSync(join(dir, 'complete.cjs'), 'const e=require("./errors.cjs");exports.b=require(`node:fs`);');
    expect(findUnloadable(dir)).toEqual([['complete.cjs', 'requires another dist file, though it runs alone']]);
    writeFileSync(join(dir, 'complete.cjs'), 'exports.b=require(`node:fs`);');
    expect(findUnloadable(dir)).toEqual([]);
  });

  it('finds a cycle of static requires between output files, and not one through a lazy chunk’s require', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwctl-dist-'));
    mkdirSync(join(dir, 'chunks'));
    const files: Record<string, string> = {
      'cli.cjs': 'const a=require("./chunks/a.cjs");require("./chunks/c.cjs");',
      'chunks/a.cjs': 'const b=require("./b.cjs");exports.a=b.b;',
      'chunks/b.cjs': 'exports.b=1;const a=require(`./a.cjs`);',
      'chunks/c.cjs':
        'exports.m=()=>Promise.resolve().then(()=>require("../cli.cjs"));exports.n=()=>Promise.resolve().then(()=>r.r(require("../cli.cjs"),1));',
    };
    for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, file), code);
    expect(findImportCycles(dir)).toEqual([['chunks/a.cjs', 'chunks/b.cjs']]);
    writeFileSync(join(dir, 'chunks/b.cjs'), 'exports.b=1;');
    expect(findImportCycles(dir)).toEqual([]);
  });

  it('names a file with non-ASCII text or an import() call, and not one that only says “import(”', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwctl-dist-'));
    const files: Record<string, string> = {
      'cli.cjs': 'exports.a=`no import( here`;',
      'b.cjs': 'exports.b=()=>import("node:fs");',
      'c.cjs': 'exports.c=`caf\\u00e9`;',
      'd.cjs': 'exports.d=`café`;',
    };
    for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, file), code);
    expect(findUnloadable(dir)).toEqual([
      ['b.cjs', 'calls import()'],
      ['d.cjs', 'holds non-ASCII text'],
    ]);
  });
});
