// Whether this run has anything to do about new versions: the only part of the update
// notifier that every run loads. It reads environment variables and, on a terminal, the
// timestamps of one small file; the rest (src/update/notifier.ts) loads only when a check is
// due or a notice is waiting, at most once a day each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from '../config/paths.js';
import { isTerminal } from '../io/is-terminal.js';

export const DAY_MS = 86_400_000;

/** What the notifier remembers (`<config dir>/update-check.json`). Times are milliseconds since the epoch. */
export interface UpdateState {
  /** When the feed was last asked (or found not configured). */
  checked_at?: number;
  /** The newest release the feed named. */
  latest?: { version: string; url?: string };
  /** When a notice of `latest` was last shown. */
  notified_at?: number;
}

export function updateStatePath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'update-check.json');
}

export function readUpdateState(env: NodeJS.ProcessEnv): UpdateState {
  try {
    const state = JSON.parse(readFileSync(updateStatePath(env), 'utf8')) as unknown;
    return typeof state === 'object' && state !== null ? (state as UpdateState) : {};
  } catch {
    return {};
  }
}

/**
 * Never in CI, with PWCTL_NO_UPDATE_NOTIFIER, or when stdout or stderr is not a terminal (a
 * script reads the output); otherwise when the last check is a day old or a notice of a newer
 * release has not been shown today.
 */
export function updateWorkDue(env: NodeJS.ProcessEnv, now = Date.now()): boolean {
  if (env.CI || env.PWCTL_NO_UPDATE_NOTIFIER || !isTerminal(1) || !isTerminal(2)) return false;
  const state = readUpdateState(env);
  const since = (time: number | undefined) => (typeof time === 'number' ? now - time : Number.POSITIVE_INFINITY);
  return since(state.checked_at) >= DAY_MS || (state.latest !== undefined && since(state.notified_at) >= DAY_MS);
}
