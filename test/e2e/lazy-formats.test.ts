// Every format is registered in one list at start-up, but each one's code loads only when it
// is used: `-o json` must not pay for YAML, CSV or the table layout (nor chalk,
// string-width, the yaml library). Checked on the built CLI: a module loader hook records
// every file of dist/ the process loads, and their source maps name the modules inside.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeConfigDir, ROOT, runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'pwctl-lazy-'));
const hooks = join(dir, 'hooks.mjs');
writeFileSync(
  hooks,
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (process.env.LOADED_LOG && url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}
`,
);
const register = join(dir, 'register.mjs');
writeFileSync(
  register,
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
);

/** The source modules (paths relative to the repository) of every dist file a run loaded. */
async function modulesLoadedBy(args: string[]): Promise<string[]> {
  const log = join(dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(log, '');
  const r = await runCli(args, {
    configDir: makeConfigDir(),
    env: { NODE_OPTIONS: `--import=${pathToFileURL(register).href}`, LOADED_LOG: log },
  });
  expect(r.code, r.stderr).toBe(0);
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => u !== '')
    .map((u) => fileURLToPath(u))
    .filter((f) => f.includes(`${join(ROOT, 'dist')}`));
  expect(files.length).toBeGreaterThan(1);
  return files.flatMap((file) => {
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    return map.sources.map((source) => relative(ROOT, join(file, '..', source)));
  });
}

const OTHER_FORMATS =
  /^src\/output\/(yaml|csv|table|table-output|column-fit|text-width)\.ts$|^node_modules\/(yaml|chalk|string-width)\//;

describe('format code loads only when used', () => {
  it('-o json: a record from the embedded sandbox loads no YAML, CSV or table code', async () => {
    const loaded = await modulesLoadedBy(['--sandbox', 'steps', 'get', '101', '-o', 'json']);
    expect(loaded).toContain('src/output/formats.ts');
    expect(loaded.filter((m) => OTHER_FORMATS.test(m))).toEqual([]);
  });

  it('each of yaml, csv and table loads its own code', async () => {
    expect(await modulesLoadedBy(['--sandbox', 'steps', 'get', '101', '-o', 'yaml'])).toContain('src/output/yaml.ts');
    expect(await modulesLoadedBy(['--sandbox', 'steps', 'list', '-o', 'csv'])).toContain('src/output/csv.ts');
    const table = await modulesLoadedBy(['--sandbox', 'steps', 'list']);
    expect(table).toContain('src/output/table-output.ts');
    // Into a pipe: tab-separated rows, nothing measured, nothing bold.
    expect(table.filter((m) => /^node_modules\/(chalk|string-width)\//.test(m))).toEqual([]);
  });
});
