// The built CLI's code cache (bin/dist-loader.js), as a user's runs meet it: the first run
// leaves an owner-only cache of each file it loaded (the loader included) in the user's cache directory, the next
// runs the same command from it and leaves it as it is, NODE_DISABLE_COMPILE_CACHE=1 keeps
// none, and a cache directory that cannot be made costs nothing but speed.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { pwBin } = useSandboxCli();
const GET = ['steps', 'get', '101', '-o', 'json'];

/** The code cache's directory: one per Node version and architecture, in it one per install of dist/. */
function codeCacheDir(cacheHome: string): string {
  const root = join(cacheHome, 'pwctl', 'code-cache');
  const versions = readdirSync(root);
  expect(versions).toHaveLength(1);
  expect(versions[0]).toMatch(/^v\d+\.\d+\.\d+-\w+$/);
  const installs = readdirSync(join(root, versions[0]!));
  expect(installs).toEqual([expect.stringMatching(/^dist-[0-9a-f]{8}$/)]);
  return join(root, versions[0]!, installs[0]!);
}

describe('the code cache', () => {
  it('is written by the first run, owner-only, a file for each file loaded, and read as it is by the next', async () => {
    const cacheHome = mkdtempSync(join(tmpdir(), 'pwctl-cache-home-'));
    const first = await pwBin(GET, { env: { XDG_CACHE_HOME: cacheHome } });
    expect([first.code, first.stderr]).toEqual([0, '']);
    const dir = codeCacheDir(cacheHome);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir).sort();
    expect(files.map((f) => f.replace(/-[\w-]{8}\.cjs/, '.cjs').replace(/-\d+-\d+$/, ''))).toEqual([
      'cli.cjs',
      'dist-loader.js', // the loader's own, which the shim compiles it with
      'steps.cjs',
    ]);
    const contents = files.map((f) => readFileSync(join(dir, f)));
    for (const f of files) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);

    const second = await pwBin(GET, { env: { XDG_CACHE_HOME: cacheHome } });
    expect([second.code, second.stdout, second.stderr]).toEqual([0, first.stdout, '']);
    expect(readdirSync(dir).sort()).toEqual(files);
    expect(files.map((f) => readFileSync(join(dir, f)))).toEqual(contents);
  });

  it('is not kept with NODE_DISABLE_COMPILE_CACHE=1, and a cache directory that cannot be made changes nothing', async () => {
    const cacheHome = mkdtempSync(join(tmpdir(), 'pwctl-cache-home-'));
    const off = await pwBin(GET, { env: { XDG_CACHE_HOME: cacheHome, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect([off.code, off.stderr]).toEqual([0, '']);
    expect(JSON.parse(off.stdout)).toMatchObject({ id: 101 });
    expect(existsSync(join(cacheHome, 'pwctl', 'code-cache'))).toBe(false);

    // Where the cache's directory would be, a file (the executable unpacks itself beside it).
    const blockedHome = mkdtempSync(join(tmpdir(), 'pwctl-cache-home-'));
    mkdirSync(join(blockedHome, 'pwctl'));
    writeFileSync(join(blockedHome, 'pwctl', 'code-cache'), '');
    const blocked = await pwBin(GET, { env: { XDG_CACHE_HOME: blockedHome } });
    expect([blocked.code, blocked.stdout, blocked.stderr]).toEqual([0, off.stdout, '']);
  });
});
