// What `npm run dist` publishes beside the executables: the archives (read back with tar
// and Python's zipfile, not with our own code), SHA256SUMS, the Homebrew formula and the
// scoop manifest, checked against the archives they name.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { writeArchive } from '../../scripts/executable/archive.mjs';
import {
  homebrewFormula,
  PLACEHOLDER_BASE_URL,
  releaseBaseUrl,
  scoopManifest,
  sha256Sums,
  // @ts-expect-error a plain ES module script without types
} from '../../scripts/executable/manifests.mjs';

const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const TARGETS = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win-x64'];

function release() {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-dist-'));
  const archives: Record<string, { file: string; sha256: string }> = {};
  for (const target of TARGETS) {
    const exe = join(dir, `exe-${target}`);
    writeFileSync(exe, `#!/bin/sh\necho ${target}\n`.repeat(300));
    const name = `pwctl-1.2.3-${target}`;
    const file = `${name}${target.startsWith('win') ? '.zip' : '.tar.gz'}`;
    writeArchive(join(dir, file), name, [
      { name: target.startsWith('win') ? 'pwctl.exe' : 'pwctl', path: exe, mode: 0o755 },
    ]);
    archives[target] = { file, sha256: sha256(join(dir, file)) };
  }
  const about = {
    version: '1.2.3',
    description: 'Command-line tool for the Project Work Service API',
    homepage: 'https://example.com/pwctl',
    license: 'MIT',
    baseUrl: 'https://example.com/pwctl/v1.2.3',
  };
  return { dir, archives, about };
}

describe('the release archives', () => {
  it('a .tar.gz holds the directory and the executable, mode 0755, byte for byte', () => {
    const { dir, archives } = release();
    const file = join(dir, archives['linux-x64']!.file);
    const listing = execFileSync('tar', ['-tvzf', file], { encoding: 'utf8' });
    expect(listing).toMatch(/^drwxr-xr-x root\/root .* pwctl-1\.2\.3-linux-x64\/$/m);
    expect(listing).toMatch(/^-rwxr-xr-x root\/root .* pwctl-1\.2\.3-linux-x64\/pwctl$/m);
    execFileSync('tar', ['-xzf', file, '-C', dir]);
    expect(readFileSync(join(dir, 'pwctl-1.2.3-linux-x64', 'pwctl'))).toEqual(readFileSync(join(dir, 'exe-linux-x64')));
  });

  it.skipIf(!has('python3'))('a .zip holds the same, deflated, its mode kept for unzip', () => {
    const { dir, archives } = release();
    const read = `import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
for i in z.infolist(): print(i.filename, oct(i.external_attr >> 16), i.compress_type, len(z.read(i)))`;
    const out = execFileSync('python3', ['-c', read, join(dir, archives['win-x64']!.file)], { encoding: 'utf8' });
    const size = readFileSync(join(dir, 'exe-win-x64')).length;
    expect(out.trim().split('\n')).toEqual([
      'pwctl-1.2.3-win-x64/ 0o40755 0 0',
      `pwctl-1.2.3-win-x64/pwctl.exe 0o100755 8 ${size}`,
    ]);
  });

  it('the same files make the same archive bytes', () => {
    expect(release().archives).toEqual(release().archives);
  });
});

describe('SHA256SUMS, the Homebrew formula and the scoop manifest', () => {
  it('SHA256SUMS checks with sha256sum -c', () => {
    const { dir, archives } = release();
    writeFileSync(join(dir, 'SHA256SUMS'), sha256Sums(Object.values(archives)));
    const out = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
    expect(out.trim().split('\n')).toHaveLength(TARGETS.length);
  });

  it('the formula names each unix archive and its hash in its platform and CPU block, and signs on macOS', () => {
    const { dir, archives, about } = release();
    const formula = homebrewFormula({ ...about, archives });
    const blocks = [...formula.matchAll(/on_(macos|linux) do\n([\s\S]*?)\n {2}end/g)];
    expect(blocks.map((b) => b[1])).toEqual(['macos', 'linux']);
    for (const [os, cpus] of [
      ['macos', { arm: 'darwin-arm64', intel: 'darwin-x64' }],
      ['linux', { arm: 'linux-arm64', intel: 'linux-x64' }],
    ] as const) {
      const body = blocks.find((b) => b[1] === os)![2]!;
      for (const [cpu, target] of Object.entries(cpus)) {
        const block = new RegExp(`on_${cpu} do\\n\\s+url "([^"]+)"\\n\\s+sha256 "([0-9a-f]{64})"\\n\\s+end`).exec(body);
        expect(block?.[1]).toBe(`${about.baseUrl}/${archives[target]!.file}`);
        expect(block?.[2]).toBe(sha256(join(dir, archives[target]!.file)));
      }
    }
    expect(formula).toMatch(/^class Pwctl < Formula$/m);
    expect(formula).toContain('bin.install "pwctl"');
    expect(formula).toContain('system "codesign", "--force", "--sign", "-", bin/"pwctl" if OS.mac?');
    const code = formula.replace(/^\s*#.*$/gm, '');
    expect(code.match(/\bdo$|^\s*def\b|^class\b/gm)?.length).toBe(code.match(/^\s*end$/gm)?.length);
    if (has('ruby')) {
      writeFileSync(join(dir, 'pwctl.rb'), formula);
      expect(execFileSync('ruby', ['-c', join(dir, 'pwctl.rb')], { encoding: 'utf8' })).toMatch(/Syntax OK/);
    }
  });

  it('the scoop manifest has the fields scoop requires, and the zip and its hash', () => {
    const { dir, archives, about } = release();
    const manifest = JSON.parse(
      JSON.stringify(scoopManifest({ ...about, archive: archives['win-x64']!, dir: 'pwctl-1.2.3-win-x64' })),
    );
    expect(manifest).toEqual({
      version: '1.2.3',
      description: about.description,
      homepage: about.homepage,
      license: 'MIT',
      architecture: {
        '64bit': {
          url: `${about.baseUrl}/pwctl-1.2.3-win-x64.zip`,
          hash: sha256(join(dir, 'pwctl-1.2.3-win-x64.zip')),
          extract_dir: 'pwctl-1.2.3-win-x64',
        },
      },
      bin: 'pwctl.exe',
    });
  });

  it('the base URL comes from PWCTL_RELEASE_BASE_URL, {version} filled in; else a reserved domain', () => {
    expect(releaseBaseUrl('1.2.3', { PWCTL_RELEASE_BASE_URL: 'https://dl.example.com/pwctl/v{version}/' })).toBe(
      'https://dl.example.com/pwctl/v1.2.3',
    );
    expect(releaseBaseUrl('1.2.3', {})).toBe(PLACEHOLDER_BASE_URL.replace('{version}', '1.2.3'));
    expect(new URL(releaseBaseUrl('1.2.3', {})).hostname.endsWith('.invalid')).toBe(true);
  });
});
