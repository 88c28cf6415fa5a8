// The pieces of the update notifier that need no process: which feed answers name a
// release (their text reaches a terminal), which version is newer, and how pwctl was
// installed, told from where the running script really lies (the executable's own case is
// test/e2e/update-notifier.test.ts).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { latestOf } from '../../src/update/check-feed.js';
import { installMethod, isNewer, noticeText } from '../../src/update/notifier.js';

describe('the release feed', () => {
  it('reads {"version","url"} and GitHub\'s releases/latest shape', () => {
    expect(latestOf({ version: '0.4.0', url: 'https://example.com/v0.4.0' })).toEqual({
      version: '0.4.0',
      url: 'https://example.com/v0.4.0',
    });
    expect(
      latestOf({ tag_name: 'v1.2.3-rc.1', html_url: 'https://github.com/o/pwctl/releases/tag/v1.2.3-rc.1' }),
    ).toEqual({ version: '1.2.3-rc.1', url: 'https://github.com/o/pwctl/releases/tag/v1.2.3-rc.1' });
  });

  it('takes nothing that is not a version, and no link that is not a plain http(s) URL', () => {
    for (const feed of [null, 'x', {}, { version: 'latest' }, { version: '1.2' }, { version: '1.2.3\u001b[31m' }])
      expect(latestOf(feed)).toBeUndefined();
    expect(latestOf({ version: '1.0.0', url: 'javascript:alert(1)' })).toEqual({ version: '1.0.0' });
    expect(latestOf({ version: '1.0.0', url: 'https://x.example/\u001b]8;;evil' })).toEqual({ version: '1.0.0' });
  });
});

describe('isNewer', () => {
  it('compares major, minor and patch as numbers; a pre-release comes before its release', () => {
    expect(isNewer('0.10.0', '0.9.9')).toBe(true);
    expect(isNewer('0.9.9', '0.10.0')).toBe(false);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0', '1.0.0-rc.1')).toBe(true);
    expect(isNewer('1.0.0-rc.1', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0-rc.2', '1.0.0-rc.1')).toBe(true);
  });
});

describe('installMethod', () => {
  const script = process.argv[1] ?? '';
  let dir = '';
  afterEach(() => {
    process.argv[1] = script;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  /** `file` in `real`, and a link to it in `linked` (a directory on PATH), under a new directory. */
  function install(file: string, real: string, linked: string): string {
    dir = mkdtempSync(join(tmpdir(), 'pwctl-install-'));
    mkdirSync(join(dir, real), { recursive: true });
    mkdirSync(join(dir, linked), { recursive: true });
    writeFileSync(join(dir, real, file), '');
    symlinkSync(join(dir, real, file), join(dir, linked, 'pwctl'));
    return join(dir, linked, 'pwctl');
  }

  it('Homebrew: the command on PATH links into a Cellar', () => {
    process.argv[1] = install('pwctl', 'Cellar/pwctl/0.4.0/bin', 'bin');
    expect(installMethod()).toBe('homebrew');
    expect(noticeText({ version: '0.4.0' }, 'homebrew')).toContain('To upgrade, run: brew upgrade pwctl');
  });

  it('npm: a global install links into node_modules, which is no Cellar', () => {
    process.argv[1] = install('pwctl.js', 'lib/node_modules/pwctl/bin', 'bin');
    expect(installMethod()).toBe('npm');
    expect(noticeText({ version: '0.4.0' }, 'npm')).toContain('To upgrade, run: npm install -g pwctl@latest');
  });

  it("a Cellar of another formula is not pwctl's", () => {
    process.argv[1] = install('pwctl.js', 'Cellar/node/24.0.0/lib/node_modules/pwctl/bin', 'bin');
    expect(installMethod()).toBe('npm');
  });
});
