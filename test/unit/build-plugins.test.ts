// The build's plugins (scripts/build-plugins.mjs): the names a built-in's stand-in takes, and
// CommonJS wrappers turned into function expressions without moving mapped code.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { builtinImports, commonJsWrappersAsFunctions } from '../../scripts/build-plugins.mjs';

describe('built-in modules through process.getBuiltinModule', () => {
  it('takes the names each import asks for, leaving types out, and notes a namespace import', () => {
    const found = builtinImports(
      [
        "import { readFile, type Stats, stat as statFile } from 'node:fs';",
        "import type { Server } from 'node:http';",
        "import path, { join } from 'node:path';",
        "import * as os from 'node:os';",
        "import { helper } from './helper.js';",
        'export const x: Stats | Server | undefined = undefined;',
      ].join('\n'),
      'example.ts',
    ) as Map<string, { names: Set<string>; namespace: boolean }>;
    expect([...found.keys()].sort()).toEqual(['node:fs', 'node:os', 'node:path']);
    expect([...found.get('node:fs')!.names]).toEqual(['readFile', 'stat']);
    expect([...found.get('node:path')!.names]).toEqual(['join']);
    expect(found.get('node:os')!.namespace).toBe(true);
    expect(found.get('node:fs')!.namespace).toBe(false);
  });
});

describe('CommonJS wrappers as function expressions', () => {
  const renderChunk = (code: string) =>
    (commonJsWrappersAsFunctions() as { renderChunk(code: string): { code: string; map: null } | null }).renderChunk(
      code,
    );

  it('rewrites each wrapper’s head on its own line and nothing else', () => {
    const chunk = [
      'import { t as __commonJSMin } from "./rolldown-runtime.js";',
      'var require_a = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
      '\tmodule.exports = () => "a";',
      '}));',
      'var require_b = /* @__PURE__ */ __commonJSMin(((exports) => {',
      '\texports.b = [1].map((x) => x);',
      '}));',
      'const other = (x) => x;',
    ].join('\n');
    const out = renderChunk(chunk)!;
    expect(out.map).toBeNull();
    const lines = out.code.split('\n');
    expect(lines[1]).toBe('var require_a = /* @__PURE__ */ __commonJSMin((function (exports, module) {');
    expect(lines[4]).toBe('var require_b = /* @__PURE__ */ __commonJSMin((function (exports) {');
    // Every other line as it was: the mapped code does not move.
    for (const i of [0, 2, 3, 5, 6, 7]) expect(lines[i]).toBe(chunk.split('\n')[i]);
  });

  it('leaves a chunk without wrappers alone, and a wrapper whose body shares its head’s line', () => {
    expect(renderChunk('export const a = () => 1;')).toBeNull();
    const sameLine = 'var r = __commonJSMin(((exports) => { exports.a = 1; }));';
    expect(renderChunk(sameLine)!.code).toBe(sameLine);
  });
});
