// The layering check that `npm test` runs (scripts/check-layers.mjs), fed small trees of its
// own: an import that runs back up, or across to a module beside it, fails it by name.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { checkLayers, importsOf } from '../../scripts/check-layers.mjs';

const LAYERS = [['cli', 'mcp'], ['commands'], ['sandbox'], ['api'], ['errors']];
const RULES = { layers: LAYERS, allowed: [{ from: 'cli/start-mcp.ts', to: 'mcp', lazy: true }], lazyOnly: ['sandbox'] };

/** A src/ directory holding `files` (path → code). */
function tree(files: Record<string, string>): string {
  const src = join(mkdtempSync(join(tmpdir(), 'pwctl-layers-')), 'src');
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(join(src, file, '..'), { recursive: true });
    writeFileSync(join(src, file), code);
  }
  return src;
}

/** A tree whose imports all point down. */
const DOWNWARD = {
  'cli/main.ts': "import { run } from '../commands/run.js';\nexport const go = () => import('../sandbox/start.js');\n",
  'commands/run.ts': "import type { Client } from '../api/client.js';\nimport { fail } from '../errors.js';\n",
  'api/client.ts': "import { fail } from '../errors.js';\nimport { page } from './page.js';\n",
  'errors.ts': 'export function fail() {}\n',
};

describe('check-layers', () => {
  it('passes a tree whose imports all point down', () => {
    expect(checkLayers(tree(DOWNWARD), RULES)).toEqual([]);
  });

  it('fails on an import that runs back up, naming the file and the import', () => {
    const src = tree({ ...DOWNWARD, 'api/client.ts': "import type { Ctx } from '../commands/run.js';\n" });
    expect(checkLayers(src, RULES)).toEqual([
      'src/api/client.ts → ../commands/run.js: runs back up (api is below commands)',
    ]);
  });

  it('counts import(), re-exports and a file at the root of src/ as well', () => {
    const src = tree({
      ...DOWNWARD,
      'errors.ts': "export { run } from './commands/run.js';\n",
      'api/client.ts':
        "const later = () => import('../cli/main.js');\n// import('../cli/main.js') in a comment is no import\n",
    });
    expect(checkLayers(src, RULES)).toEqual([
      'src/api/client.ts → ../cli/main.js: runs back up (api is below cli)',
      'src/errors.ts → ./commands/run.js: runs back up (errors is below commands)',
    ]);
  });

  it('keeps the two front ends apart, but for the start of one declared in the other, through import()', () => {
    const src = tree({
      ...DOWNWARD,
      'mcp/server.ts': "import { flags } from '../cli/main.js';\n",
      'cli/start-mcp.ts': "export const start = () => import('../mcp/server.js');\n",
    });
    expect(checkLayers(src, RULES)).toEqual([
      'src/mcp/server.ts → ../cli/main.js: mcp and cli stand side by side, and neither imports the other',
    ]);
    const statically = tree({ ...DOWNWARD, 'cli/start-mcp.ts': "import { serve } from '../mcp/server.js';\n" });
    expect(checkLayers(statically, RULES)).toEqual([
      'src/cli/start-mcp.ts → ../mcp/server.js: src/mcp is reached from here only through import()',
    ]);
  });

  it('reaches the sandbox only through import(), or for its types', () => {
    const src = tree({
      ...DOWNWARD,
      'commands/run.ts':
        "import type { Ready } from '../sandbox/start.js';\nimport { start } from '../sandbox/start.js';\n",
    });
    expect(checkLayers(src, RULES)).toEqual([
      'src/commands/run.ts → ../sandbox/start.js: src/sandbox is reached only through import()',
    ]);
  });

  it('names a module of src/ that stands in no layer', () => {
    expect(checkLayers(tree({ ...DOWNWARD, 'extra/x.ts': 'export {};\n' }), RULES)).toEqual([
      'src/extra/x.ts: src/extra stands in no layer: add it to LAYERS (and to ARCHITECTURE)',
    ]);
  });

  it('reads how each module is imported', () => {
    const code = [
      "import a, { b } from './a.js';",
      "import type { C } from './c.js';",
      "import { type D, type E } from './d.js';",
      "import {\n  f,\n  type G,\n} from './f.js';",
      "export * from './h.js';",
      "import './side-effect.js';",
      "type M = typeof import('./m.js');",
      "const n = await import('./n.js');",
      "import { x } from 'node:fs';",
    ].join('\n');
    expect(importsOf(code)).toEqual([
      { spec: './a.js', how: 'static' },
      { spec: './c.js', how: 'type' },
      { spec: './d.js', how: 'type' },
      { spec: './f.js', how: 'static' },
      { spec: './h.js', how: 'static' },
      { spec: './side-effect.js', how: 'static' },
      { spec: './m.js', how: 'type' },
      { spec: './n.js', how: 'lazy' },
    ]);
  });
});
