// Files replaced whole or not at all: written under a temporary name beside the target,
// flushed to disk, and renamed over it. A rename within one directory is atomic, so a
// reader, a crash, a SIGKILL or Ctrl-C finds the old content or the new one, never half of
// one. Temporary names start with a dot and hold `.partial-`, so nothing mistakes one for a
// finished file. Used by the config store, the id cache, docs pull/push and export.
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let written = 0;

/** A name no other writer of `path`, in this process or another, is using. */
export function temporaryPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.partial-${process.pid}-${Date.now().toString(36)}-${written++}`);
}

/** Replace `path` with `text` in one step; a new file gets `mode` (less the umask). */
export function writeFileAtomic(path: string, text: string, mode = 0o666): void {
  const temp = temporaryPath(path);
  const fd = openSync(temp, 'wx', mode);
  try {
    const bytes = Buffer.from(text, 'utf8');
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
  syncDirectory(dirname(path));
}

/**
 * Remove temporary files that writers of `path` killed mid-write left behind. Only call it
 * while holding the lock that every writer of `path` takes: then no such file is in use.
 */
export function removeLeftovers(path: string): void {
  const prefix = `.${basename(path)}.partial-`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    try {
      unlinkSync(join(dirname(path), name));
    } catch {
      // Gone already.
    }
  }
}

/** Make a rename durable. Directories cannot be opened for this on Windows; there it is skipped. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here: the rename is still atomic, only its durability is the OS's.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
