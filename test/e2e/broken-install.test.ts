// An install with a file of dist/ missing: one line on stderr naming it and what to do, exit 1,
// no stack trace (it comes with --debug) — whether the entry or a chunk a command loads is gone.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir, packageCopyCommand, ROOT } from '../helpers/cli.js';

/** A copy of the installed package (bin/, dist/, package.json), with `remove` taken out of dist/. */
function brokenCopy(remove: (dist: string) => string): string {
  const root = mkdtempSync(join(tmpdir(), 'pwctl-broken-'));
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(ROOT, part), join(root, part), { recursive: true });
  rmSync(join(root, 'dist', remove(join(root, 'dist'))));
  return root;
}

async function pwctl(root: string, args: string[]) {
  const env = { ...baseEnv(makeConfigDir()), PWCTL_SANDBOX: '1' };
  try {
    const [program, argv] = packageCopyCommand(root, args);
    const { stdout, stderr } = await promisify(execFile)(program, argv, { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('a broken install', () => {
  it('without its entry file: one line naming the file and the remedy, exit 1; the stack only with --debug', async () => {
    const root = brokenCopy(() => 'cli.cjs');
    const r = await pwctl(root, ['steps', 'get', '101']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: pwctl cannot load its own files \(ENOENT: [^\n]*cli\.cjs'?\); reinstall pwctl\n$/,
    );
    const debug = await pwctl(root, ['--debug', 'steps', 'get', '101']);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('without its loader (bin/dist-loader.js): the same line, exit 1', async () => {
    const root = brokenCopy(() => 'cli.cjs');
    cpSync(join(ROOT, 'dist', 'cli.cjs'), join(root, 'dist', 'cli.cjs'));
    rmSync(join(root, 'bin', 'dist-loader.js'));
    const r = await pwctl(root, ['steps', 'get', '101']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: pwctl cannot load its own files \(ENOENT: [^\n]*dist-loader\.js'?\); reinstall pwctl\n$/,
    );
  });

  it('without the chunk of the noun a command names: one error line, exit 1, no stack', async () => {
    const root = brokenCopy((dist) =>
      join('chunks', readdirSync(join(dist, 'chunks')).find((f) => /^steps-.*\.cjs$/.test(f))!),
    );
    const r = await pwctl(root, ['steps', 'get', '101']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: .*steps-.*\.cjs/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
