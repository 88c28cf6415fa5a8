// The daily new-version check, loaded only when src/update/due.ts finds work. At the end of
// a run on a terminal it shows, at most once a day, the newer release the last check found,
// with the upgrade command for the way pwctl was installed; and when the last check is a day
// old it starts the next one in a detached process (`pwctl __update-check`) that writes its
// answer for a later run to show. So no command ever waits for the feed, as npm's
// update-notifier does it; gh asks while the command runs and shows the answer if it came
// in time, which would put a TLS handshake on the command's own event loop.
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { openConfigStore } from '../config/store.js';
import { resolveProfileName } from '../config/settings.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { IO } from '../io/io.js';
import { VERSION } from '../version.js';
import { DAY_MS, readUpdateState, type UpdateState, updateStatePath } from './due.js';

export type InstallMethod = 'homebrew' | 'npm' | 'executable';

/** The feed URL of the run's profile (`config set update_feed_url`), or undefined. */
export function feedUrl(env: NodeJS.ProcessEnv): string | undefined {
  const store = openConfigStore(env);
  return store.profile(resolveProfileName({}, env, store.defaultProfile())).update_feed_url;
}

export function writeUpdateState(env: NodeJS.ProcessEnv, state: UpdateState): void {
  const path = updateStatePath(env);
  // Only beside a config store that exists: a check never creates pwctl's directory.
  if (existsSync(dirname(path))) writeFileAtomic(path, `${JSON.stringify(state)}\n`, 0o600);
}

export function afterRun(env: NodeJS.ProcessEnv, io: IO, now = Date.now()): void {
  const state = readUpdateState(env);
  const latest = state.latest;
  if (latest && isNewer(latest.version, VERSION) && !(now - (state.notified_at ?? 0) < DAY_MS)) {
    io.error(noticeText(latest, installMethod()));
    state.notified_at = now;
    writeUpdateState(env, state);
  }
  if (now - (state.checked_at ?? 0) < DAY_MS) return;
  state.checked_at = now;
  writeUpdateState(env, state);
  if (feedUrl(env) === undefined) return;
  const self = isExecutable() ? [] : [process.argv[1]!];
  spawn(process.execPath, [...self, '__update-check'], { detached: true, stdio: 'ignore', env }).unref();
}

export function noticeText(latest: { version: string; url?: string }, how: InstallMethod): string {
  const upgrade = {
    homebrew: 'To upgrade, run: brew upgrade pwctl',
    npm: 'To upgrade, run: npm install -g pwctl@latest',
    executable: `To upgrade, download it${latest.url ? ' (below)' : ''} and replace ${process.execPath}`,
  }[how];
  return [`\nA new release of pwctl is available: ${VERSION} → ${latest.version}`, upgrade, latest.url, '']
    .filter((line) => line !== undefined)
    .join('\n');
}

/** The standalone executable: a Node single executable application (scripts/dist.mjs). */
function isExecutable(): boolean {
  return process.getBuiltinModule('node:sea')?.isSea() ?? false;
}

/** Homebrew keeps what it installs under a Cellar; else the executable, else an npm install. */
export function installMethod(): InstallMethod {
  const file = isExecutable() ? process.execPath : (process.argv[1] ?? '');
  let real = file;
  try {
    real = realpathSync(file);
  } catch {}
  if (/[\\/]Cellar[\\/]pwctl[\\/]/.test(real)) return 'homebrew';
  return isExecutable() ? 'executable' : 'npm';
}

/** Whether `version` comes after `current` (major.minor.patch; a pre-release before its release). */
export function isNewer(version: string, current: string): boolean {
  const parse = (v: string) => {
    const [main = '', pre] = v.split('-', 2);
    return { parts: main.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const a = parse(version);
  const b = parse(current);
  for (let i = 0; i < 3; i++) if ((a.parts[i] ?? 0) !== (b.parts[i] ?? 0)) return (a.parts[i] ?? 0) > (b.parts[i] ?? 0);
  if (a.pre === b.pre) return false;
  return a.pre === undefined || (b.pre !== undefined && a.pre > b.pre);
}
