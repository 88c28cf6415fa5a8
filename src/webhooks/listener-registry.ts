// Which `webhooks listen` processes are running, so that `webhooks trigger <event>` can send
// to one without being told where (as `stripe trigger` reaches `stripe listen`). Each listener
// keeps one small file in `<config dir>/listeners/` while it runs — its address, pid, profile
// and the --events it shows — and removes
// it when it stops. A listener killed outright leaves its file behind: a file whose process is
// gone is ignored, and removed by the next listener that registers. No secret is written here:
// `trigger` reads a subscription's secret from the config store, as `listen` does.
import { mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';

export interface ListenerRecord {
  pid: number;
  profile: string;
  /** Where deliveries go: the listener's address, reachable from this machine, with its --path. */
  url: string;
  started_at: string;
  /** --events: the only event types it shows and forwards; null for all. */
  events: string[] | null;
}

const DIR_NAME = 'listeners';
const FILE = /^listener-(\d+)-\d+\.json$/;

/** Register a running listener; the function returned removes it again (idempotent). */
export function registerListener(configDir: string, record: ListenerRecord, port: number): () => void {
  const dir = join(configDir, DIR_NAME);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  removeStale(dir);
  const path = join(dir, `listener-${record.pid}-${port}.json`);
  writeFileAtomic(path, `${JSON.stringify(record)}\n`, 0o600);
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    try {
      unlinkSync(path);
    } catch {
      // Gone already (removed by hand): nothing to undo.
    }
  };
}

/** The listeners of `profile` whose process still runs, oldest first. */
export function runningListeners(configDir: string, profile: string): ListenerRecord[] {
  return readRecords(join(configDir, DIR_NAME))
    .filter(({ record }) => record.profile === profile && isRunning(record.pid))
    .map(({ record }) => record)
    .sort((a, b) => a.started_at.localeCompare(b.started_at));
}

/** The address a sender on this machine reaches a listener bound to `origin` at: a wildcard address becomes loopback. */
export function reachableOrigin(origin: string): string {
  return origin.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
}

function readRecords(dir: string): Array<{ name: string; record: ListenerRecord }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (!FILE.test(name)) return [];
    try {
      const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as ListenerRecord;
      return isRecord(record) ? [{ name, record }] : [];
    } catch {
      // Removed since the listing, or not ours to read: not a running listener.
      return [];
    }
  });
}

function removeStale(dir: string): void {
  for (const { name, record } of readRecords(dir)) {
    if (isRunning(record.pid)) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Another listener removed it first.
    }
  }
}

/**
 * Whether the process still runs. EPERM means a process of another user has that pid now:
 * not the listener that wrote the file (the directory is private).
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is ListenerRecord {
  const r = value as ListenerRecord;
  return (
    typeof r === 'object' &&
    r !== null &&
    Number.isSafeInteger(r.pid) &&
    typeof r.profile === 'string' &&
    typeof r.url === 'string' &&
    typeof r.started_at === 'string'
  );
}
