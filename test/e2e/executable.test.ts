// The standalone executable's launcher (scripts/executable/launcher.cjs), run only when
// PWCTL_TEST_EXECUTABLE names one (CI builds it): --version before anything is unpacked, and
// first runs at once that each finish with one complete copy and nothing half-written left.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, TEST_EXECUTABLE } from '../helpers/cli.js';

describe.skipIf(!TEST_EXECUTABLE)('the standalone executable', () => {
  it('answers --version without unpacking anything', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-exe-cache-'));
    const run = await runCli(['--version'], { env: { XDG_CACHE_HOME: cache } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
    expect(readdirSync(cache)).toEqual([]);
  });

  it('six first runs at once all succeed and leave one unpacked copy, no staging directory', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-exe-cache-'));
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => runCli(['--help'], { env: { XDG_CACHE_HOME: cache } })),
    );
    for (const run of runs) expect([run.code, run.stderr]).toEqual([0, '']);
    const entries = readdirSync(join(cache, 'pwctl')).filter((name) => name !== 'code-cache');
    expect(entries).toHaveLength(1);
    const copy = join(cache, 'pwctl', entries[0]!);
    expect(readdirSync(copy).sort()).toEqual(['bin', 'dist', 'package.json']);
    expect(existsSync(join(copy, 'dist', 'cli.cjs'))).toBe(true);
    // The keyring addon is written on first use only.
    expect(existsSync(join(cache, 'pwctl', entries[0]!, 'keyring.node'))).toBe(false);
  });
});
