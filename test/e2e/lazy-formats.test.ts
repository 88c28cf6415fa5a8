// Every format is registered in one list at start-up, but each one's code loads only when it
// is used: `-o json` must not pay for YAML, CSV or the table layout (nor chalk,
// string-width, the yaml library). Checked on the built CLI: a module loader hook records
// every file of dist/ the process loads, and their source maps name the modules inside.
import { describe, expect, it } from 'vitest';
import { makeConfigDir, runCli } from '../helpers/cli.js';
import { traceLoads } from '../helpers/loaded-modules.js';

/** The source modules of every dist file a run loaded. */
async function modulesLoadedBy(args: string[]): Promise<string[]> {
  const trace = traceLoads();
  const r = await runCli(args, { configDir: makeConfigDir(), env: trace.env });
  expect(r.code, r.stderr).toBe(0);
  const loaded = trace.sources();
  expect(loaded.length).toBeGreaterThan(1);
  return loaded;
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
