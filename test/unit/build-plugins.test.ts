// The build's plugins (scripts/build-plugins.mjs, scripts/build-output-plugins.mjs): the names
// a built-in's stand-in takes, CommonJS wrappers turned into function expressions without
// moving mapped code, Rolldown's runtime helpers copied into the chunks that use them, and a
// chunk's exports made one object.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  commonJsWrappersAsFunctions,
  exportsAsOneObject,
  runtimeHelpersInEachChunk,
  // @ts-expect-error a plain ES module script without types
} from '../../scripts/build-output-plugins.mjs';
// @ts-expect-error a plain ES module script without types
import { builtinImports } from '../../scripts/build-plugins.mjs';

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

describe('a chunk’s exports as one object', () => {
  const renderChunk = (code: string, moduleIds = ['/src/a.ts']) =>
    (
      exportsAsOneObject() as {
        renderChunk(code: string, chunk: { moduleIds: string[] }): { code: string; map: null } | null;
      }
    ).renderChunk(code, { moduleIds });
  /** Runs a CommonJS chunk as Node would and returns its module.exports. */
  const evaluate = (code: string) => {
    const module = { exports: {} as Record<string, unknown> };
    new Function('exports', 'module', code)(module.exports, module);
    return module.exports;
  };
  const getter = (name: string, value: string) =>
    `Object.defineProperty(exports, '${name}', {\n  enumerable: true,\n  get: function () {\n    return ${value};\n  }\n});`;

  it('turns the trailing assignments and getters into one literal: data for what cannot change, getters for what can', () => {
    const chunk = [
      'Object.defineProperty(exports, Symbol.toStringTag, { value: "Module" });',
      'const fixed = 1;',
      'function f() { return counter; }',
      'var Klass = class {};',
      'let counter = 0;',
      'function bump() { counter++; }',
      'var later;',
      'later = "set";',
      'var ns = { n: 1 };',
      'exports.main = f;',
      [getter('fixed', 'fixed'), getter('counter', 'counter'), getter('later', 'later')].join('\n'),
      `${getter('Klass', 'Klass')}\n${getter('bump', 'bump')}\n${getter('word', '`local`')}\n${getter('n', 'ns.n')}`,
    ].join('\n');
    const out = renderChunk(chunk)!;
    expect(out.map).toBeNull();
    // Everything above the exports where it was: no mapped code moves.
    const lines = chunk.split('\n');
    expect(out.code.split('\n').slice(0, 9)).toEqual(lines.slice(0, 9));
    expect(out.code).not.toContain("defineProperty(exports, '");
    expect(out.code).toContain('module.exports = { __proto__: exports, main: f, fixed: fixed, get counter()');
    expect(out.code).toContain('get later() { return later; }');
    expect(out.code).toContain('get n() { return ns.n; }');
    const exported = evaluate(out.code) as Record<string, unknown> & { bump(): void; counter: number };
    expect(Object.getOwnPropertyDescriptor(exported, 'fixed')).toMatchObject({ value: 1, writable: true });
    expect(exported.main).toBeTypeOf('function');
    expect(exported.word).toBe('local');
    expect(exported.later).toBe('set');
    expect(exported.n).toBe(1);
    // A live binding stays live.
    expect(exported.counter).toBe(0);
    exported.bump();
    expect(exported.counter).toBe(1);
    // What was set on the first exports object still reads.
    expect(Object.prototype.toString.call(exported)).toBe('[object Module]');
  });

  it('leaves a chunk that ends in something else, and the runtime helpers’ chunk, alone', () => {
    expect(renderChunk('exports.a = 1;\nconsole.log(exports.a);')).toBeNull();
    expect(renderChunk(getter('n', 'n'), ['/node_modules/rolldown/runtime.js'])).toBeNull();
  });
});

describe('Rolldown’s runtime helpers copied into each chunk that uses them', () => {
  type Chunk = { type: 'chunk'; fileName: string; code: string; imports: string[]; moduleIds: string[] };
  const runtime = (): Chunk => ({
    type: 'chunk',
    fileName: 'chunks/rolldown-runtime-X.cjs',
    moduleIds: ['\0rolldown/runtime.js'],
    imports: [],
    code: 'var __defProp=Object.defineProperty,__create=Object.create,__exportAll=(all)=>__defProp({},`m`,{value:all}),__toESM=(mod)=>__create(mod);Object.defineProperty(exports,"n",{enumerable:!0,get:function(){return __exportAll}}),Object.defineProperty(exports,"r",{enumerable:!0,get:function(){return __toESM}});\n//# sourceMappingURL=rolldown-runtime-X.cjs.map',
  });
  const user = (code: string): Chunk => ({
    type: 'chunk',
    fileName: 'cli.cjs',
    moduleIds: ['/repo/src/cli/main.ts'],
    imports: ['chunks/rolldown-runtime-X.cjs', 'chunks/other.cjs'],
    code,
  });
  const plugin = () =>
    runtimeHelpersInEachChunk() as {
      generateBundle(options: unknown, bundle: Record<string, Chunk>): void;
      writeBundle(options: { dir: string }): Promise<void>;
    };

  it('gives a chunk the helpers it uses, and what they use, on a line above its own; its require() becomes their object in place', () => {
    const required = 'require_rolldown_runtime=require("./chunks/rolldown-runtime-X.cjs")';
    const code = `const ${required},require_other=require("./chunks/other.cjs");var x=require_rolldown_runtime.n({a:require_other.a});exports.x=x;\n//# sourceMappingURL=cli.cjs.map`;
    const bundle = { 'chunks/rolldown-runtime-X.cjs': runtime(), 'cli.cjs': user(code) };
    plugin().generateBundle({}, bundle);
    expect(Object.keys(bundle)).toEqual(['cli.cjs']);
    const [helpers, line] = bundle['cli.cjs'].code.split(/\n(.*)/s) as [string, string];
    expect(helpers).toBe(
      'var __defProp=Object.defineProperty;var __exportAll=(all)=>__defProp({},`m`,{value:all});var __rolldown_runtime={n:__exportAll};',
    );
    expect(line).toBe(code.replace(required, 'require_rolldown_runtime=__rolldown_runtime'.padEnd(required.length)));
    expect(bundle['cli.cjs'].imports).toEqual(['chunks/other.cjs']);
    // What the chunk now runs gives it what the helper's chunk did.
    const run = new Function(
      'require',
      'exports',
      `${helpers}\n${line.replace(/require_other=require\([^)]*\)/, 'require_other={a:1}')}`,
    );
    const exported: { x?: unknown } = {};
    run(() => ({}), exported);
    expect(Object.getOwnPropertyDescriptor(exported.x, 'm')?.value).toEqual({ a: 1 });
  });

  it('takes the helpers a chunk in chunks/ requires with its own path, and refuses a chunk that declares a helper’s name', () => {
    const bundle = {
      'chunks/rolldown-runtime-X.cjs': runtime(),
      'chunks/steps.cjs': {
        ...user('const r=require("./rolldown-runtime-X.cjs");var y=r.r({});exports.y=y;'),
        fileName: 'chunks/steps.cjs',
      },
    };
    plugin().generateBundle({}, bundle);
    expect(bundle['chunks/steps.cjs'].code.split('\n')[0]).toBe(
      'var __create=Object.create;var __toESM=(mod)=>__create(mod);var __rolldown_runtime={r:__toESM};',
    );
    const clash = {
      'chunks/rolldown-runtime-X.cjs': runtime(),
      'cli.cjs': user(
        'const require_rolldown_runtime=require("./chunks/rolldown-runtime-X.cjs");var __defProp=1;require_rolldown_runtime.n({});',
      ),
    };
    expect(() => plugin().generateBundle({}, clash)).toThrow(/cli\.cjs declares __defProp as the runtime does/);
  });

  it('gives the written source map of each such chunk the empty first line its code gained', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwctl-build-'));
    writeFileSync(join(dir, 'cli.cjs.map'), JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA,CAAC' }));
    const instance = plugin();
    instance.generateBundle(
      {},
      {
        'chunks/rolldown-runtime-X.cjs': runtime(),
        'cli.cjs': user('const rt=require("./chunks/rolldown-runtime-X.cjs");exports.x=rt.n({});'),
      },
    );
    await instance.writeBundle({ dir });
    expect(JSON.parse(readFileSync(join(dir, 'cli.cjs.map'), 'utf8')).mappings).toBe(';AAAA,CAAC');
  });
});
