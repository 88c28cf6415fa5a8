// The standalone executable's launcher (scripts/executable/launcher.cjs), run only when
// PWCTL_TEST_EXECUTABLE names one (CI builds it): --version before anything is unpacked,
// first runs at once that each finish with one complete copy and nothing half-written left,
// other builds' copies removed once not run for a month, and its own marked as run.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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

  it('a build’s first run removes other builds’ copies a month old, and keeps newer ones and what is not a copy', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-exe-cache-'));
    const pwctl = join(cache, 'pwctl');
    const old = [join(pwctl, '0.0.1-aaaaaaa'), join(pwctl, '0.0.2-bbbbbbb.tmp-Xy12Zq')];
    const kept = [join(pwctl, '0.0.3-ccccccc'), join(pwctl, 'notes')];
    for (const dir of [...old, ...kept]) {
      mkdirSync(join(dir, 'dist'), { recursive: true });
      writeFileSync(join(dir, 'package.json'), '{}\n');
    }
    const twoMonthsAgo = new Date(Date.now() - 60 * 24 * 3600 * 1000);
    for (const dir of [...old, kept[1]!]) utimesSync(dir, twoMonthsAgo, twoMonthsAgo);
    const run = await runCli(['--help'], { env: { XDG_CACHE_HOME: cache } });
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(old.filter((dir) => existsSync(dir))).toEqual([]);
    expect(kept.filter((dir) => existsSync(dir))).toEqual(kept);
    // This build's own copy, beside them.
    expect(readdirSync(pwctl).filter((name) => !['code-cache', '0.0.3-ccccccc', 'notes'].includes(name))).toHaveLength(
      1,
    );
  });

  it('each run marks its own copy as used, so another build’s first run keeps it while it is run', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-exe-cache-'));
    expect((await runCli(['--help'], { env: { XDG_CACHE_HOME: cache } })).code).toBe(0);
    const copy = join(cache, 'pwctl', readdirSync(join(cache, 'pwctl')).find((name) => /^\d/.test(name))!);
    const twoMonthsAgo = new Date(Date.now() - 60 * 24 * 3600 * 1000);
    utimesSync(copy, twoMonthsAgo, twoMonthsAgo);
    expect((await runCli(['--help'], { env: { XDG_CACHE_HOME: cache } })).code).toBe(0);
    expect(statSync(copy).mtimeMs).toBeGreaterThan(Date.now() - 24 * 3600 * 1000);
  });
});
