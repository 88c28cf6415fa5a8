// An exclusive lock between pwctl processes on one config store: a lock file created with
// O_EXCL that names its holder (host, pid, a random nonce). Why not proper-lockfile: see
// docs/design/credentials.md.
//
// A lock is abandoned, and taken over, when its holder is a process of this host that no
// longer exists (SIGKILL, a crash: recovered at once) or when the file has not been touched
// for `staleMs` (a holder on another host, or one that hangs): a holder touches it every
// `heartbeatMs`. A process that loses its lock that way finds out before it writes
// (`verify`), so a holder that was only slow fails instead of overwriting a newer store.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { ConfigError } from '../errors.js';

export interface LockOptions {
  /** How often a holder touches the lock file to show it is alive. */
  heartbeatMs: number;
  /** A lock file untouched this long is abandoned, whoever holds it. */
  staleMs: number;
  /** How long to wait for the lock before giving up with an error naming the file. */
  waitMs: number;
}

export const LOCK_DEFAULTS: LockOptions = {
  heartbeatMs: 1_000,
  staleMs: 5_000,
  // Longer than any legitimate hold: the longest is a token renewal, one request to the
  // token endpoint.
  waitMs: 30_000,
};

/** Pause between attempts, randomised so that waiting processes do not retry in step. */
const MIN_PAUSE_MS = 5;
const MAX_PAUSE_MS = 40;

interface Holder {
  host: string;
  pid: number;
  nonce: string;
}

export class HeldLock {
  readonly #timer: NodeJS.Timeout;
  #released = false;

  constructor(
    readonly path: string,
    readonly holder: Holder,
    heartbeatMs: number,
  ) {
    this.#timer = setInterval(() => touch(path), heartbeatMs);
    this.#timer.unref();
  }

  /** Throws when another process has taken the lock over (this one looked dead or hung). */
  verify(): void {
    if (readHolder(this.path)?.nonce !== this.holder.nonce) {
      throw new ConfigError(
        `lost the lock on the config store (${this.path}) to another pwctl process while this one was stalled; nothing was written`,
      );
    }
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    clearInterval(this.#timer);
    try {
      if (readHolder(this.path)?.nonce === this.holder.nonce) unlinkSync(this.path);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

export async function acquireLock(path: string, options: Partial<LockOptions> = {}): Promise<HeldLock> {
  const opts = { ...LOCK_DEFAULTS, ...options };
  const holder: Holder = { host: hostname(), pid: process.pid, nonce: randomBytes(8).toString('hex') };
  const deadline = Date.now() + opts.waitMs;
  for (;;) {
    if (tryCreate(path, holder)) return new HeldLock(path, holder, opts.heartbeatMs);
    if (takeOverIfAbandoned(path, opts.staleMs)) continue;
    if (Date.now() >= deadline) {
      const seconds = Math.round(opts.waitMs / 100) / 10;
      throw new ConfigError(
        `the config store is locked by another pwctl process: waited ${seconds} s for ${path}; if no other pwctl is running, remove that file`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, MIN_PAUSE_MS + Math.random() * (MAX_PAUSE_MS - MIN_PAUSE_MS)));
  }
}

function tryCreate(path: string, holder: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new ConfigError(`cannot create the lock file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Remove the lock at `path` if it is abandoned; true when the caller should try again at
 * once. The file is first renamed to a name of our own, so that of two processes that
 * judged the same lock abandoned only one removes it; if what we moved is not the file we
 * judged (its holder released it and a live process locked again in between), it goes back.
 */
function takeOverIfAbandoned(path: string, staleMs: number): boolean {
  let judged: ReturnType<typeof statSync>;
  try {
    judged = statSync(path);
  } catch {
    return true; // released meanwhile
  }
  if (!isAbandoned(readHolder(path), judged.mtimeMs, staleMs)) return false;
  const aside = `${path}.${randomBytes(6).toString('hex')}.abandoned`;
  try {
    renameSync(path, aside);
  } catch {
    return true; // someone else moved or released it
  }
  try {
    if (statSync(aside).ino !== judged.ino) linkSync(aside, path);
  } catch {
    // The place was taken again already: the holder we displaced finds out in verify().
  }
  try {
    unlinkSync(aside);
  } catch {
    // Nothing left to clean.
  }
  return true;
}

function isAbandoned(holder: Holder | undefined, mtimeMs: number, staleMs: number): boolean {
  if (holder && holder.host === hostname() && !isRunning(holder.pid)) return true;
  return Date.now() - mtimeMs > staleMs;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder named in a lock file; undefined when it is missing or not yet written. */
function readHolder(path: string): Holder | undefined {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    if (typeof data.host === 'string' && Number.isSafeInteger(data.pid) && typeof data.nonce === 'string')
      return data as Holder;
  } catch {
    // Missing, or created and not yet written: the holder is unknown.
  }
  return undefined;
}

function touch(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // Released or taken over: verify() reports the latter before anything is written.
  }
}
