// Headless Chromium for the browser tests: Debian's `chromium` package driven by
// playwright-core, with a throwaway home so a run leaves nothing in the user's.
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** What a test that needs Chromium says when it is skipped. */
export const NO_CHROMIUM = `skipped: no Chromium at ${CHROMIUM} (install Debian's package: apt-get install -y chromium)`;

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium writes a profile, caches and crash reports under HOME and the XDG directories
 * (`~/.config/chromium/Crash Reports`); it gets temporary ones, so the suite leaves nothing
 * in the user's home.
 */
function browserEnv(): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'pwctl-chromium-'));
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_RUNTIME_DIR: home,
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, env: browserEnv() });
}

/** What Chromium would leave in the real home, as paths and modification times. */
export function chromiumTraces(): string[] {
  return ['.config/chromium', '.cache/chromium', '.cache/dconf', '.local/share/chromium', '.pki'].flatMap((dir) =>
    listRecursively(join(homedir(), dir)),
  );
}

function listRecursively(path: string): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [`${path} ${stat.mtimeMs}`];
  return [`${path}/ ${stat.mtimeMs}`, ...readdirSync(path).flatMap((name) => listRecursively(join(path, name)))];
}
