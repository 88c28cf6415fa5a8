// The config store's lock between processes, driven in one process: two HeldLocks stand for
// two pwctl processes, the file's age for a holder that stopped touching it.
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/config/lock.js';

const lockPath = () => join(mkdtempSync(join(tmpdir(), 'pwctl-lock-')), 'config.json.lock');
const holderOf = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { nonce: string }).nonce;
const age = (path: string, seconds: number) =>
  utimesSync(path, new Date(Date.now() - seconds * 1000), new Date(Date.now() - seconds * 1000));

describe('the config store lock', () => {
  it('is exclusive: a second taker gets it only once the first releases it', async () => {
    const path = lockPath();
    const first = await acquireLock(path);
    let secondHolds = false;
    const second = acquireLock(path, { waitMs: 10_000 }).then((lock) => ((secondHolds = true), lock));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(secondHolds).toBe(false);
    expect(holderOf(path)).toBe(first.holder.nonce);
    first.release();
    const taken = await second;
    expect(holderOf(path)).toBe(taken.holder.nonce);
    taken.release();
    expect(existsSync(path)).toBe(false);
  });

  it('takes over a lock nobody touched for staleMs; the displaced holder finds out before it writes and leaves the new lock alone', async () => {
    const path = lockPath();
    const stalled = await acquireLock(path, { heartbeatMs: 3_600_000 });
    age(path, 60);
    const next = await acquireLock(path, { staleMs: 1_000 });
    expect(holderOf(path)).toBe(next.holder.nonce);
    expect(() => stalled.verify()).toThrow(
      /lost the lock on the config store \(.*config\.json\.lock\).*nothing was written/,
    );
    stalled.release();
    expect(holderOf(path)).toBe(next.holder.nonce);
    expect(() => next.verify()).not.toThrow();
    next.release();
  });

  it('judges a lock file it cannot read (created, not yet written) by its age alone', async () => {
    const path = lockPath();
    writeFileSync(path, '');
    await expect(acquireLock(path, { waitMs: 100 })).rejects.toMatchObject({ name: 'ConfigError' });
    age(path, 60);
    const lock = await acquireLock(path, { waitMs: 100 });
    expect(holderOf(path)).toBe(lock.holder.nonce);
    lock.release();
  });

  it('gives up after waitMs with a ConfigError naming the lock file', async () => {
    const path = lockPath();
    const held = await acquireLock(path);
    await expect(acquireLock(path, { waitMs: 50 })).rejects.toMatchObject({
      name: 'ConfigError',
      message: `the config store is locked by another pwctl process: waited 0.1 s for ${path}; if no other pwctl is running, remove that file`,
    });
    held.release();
  });
});
