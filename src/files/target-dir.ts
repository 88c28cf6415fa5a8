// The directory a command writes into (`export`, `docs pull`): created when missing, refused
// when it is something else, and — for export — refused when it already holds anything,
// unless the user said --force. Checked before any request. A run that fails can take back
// the directories it created, so that it leaves the file system as it found it.
import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';

export interface TargetDirOptions {
  /** Refuse a directory that holds anything (unless `force`). */
  empty?: boolean;
  force?: boolean;
  /** false: leave a missing directory missing (a --dry-run writes nothing). Default true. */
  create?: boolean;
}

/** The directory as prepared: whether it is there now, and a way to take back what preparing it created. */
export interface TargetDir {
  /** false when it was missing and not created (`create: false`). */
  exists: boolean;
  /**
   * Remove the directories this run created for it, if they are still empty: a run that
   * failed leaves no new directory behind. A directory that was there before is left alone.
   */
  removeIfCreated(): Promise<void>;
}

export async function prepareTargetDir(dir: string, options: TargetDirOptions = {}): Promise<TargetDir> {
  const shown = JSON.stringify(dir);
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new UsageError(`<dir>: cannot use ${shown}: ${error.code ?? error.message}`);
  });
  if (!info) {
    if (options.create === false) return { exists: false, removeIfCreated: async () => {} };
    // The first directory mkdir made: `dir` itself, or a parent when those were missing too.
    const first = await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`<dir>: cannot create ${shown}: ${error.code ?? error.message}`);
    });
    return { exists: true, removeIfCreated: () => removeEmptyUpTo(resolve(dir), first && resolve(first)) };
  }
  if (!info.isDirectory()) throw new UsageError(`<dir>: ${shown} is not a directory`);
  if (options.empty && !options.force && (await readdir(dir)).length > 0) {
    throw new UsageError(
      `<dir>: ${shown} is not empty; choose an empty or new directory, or pass --force to replace an earlier export there`,
    );
  }
  return { exists: true, removeIfCreated: async () => {} };
}

/** rmdir `dir` and its parents up to `first`, stopping at the first that is not empty (or gone). */
async function removeEmptyUpTo(dir: string, first: string | undefined): Promise<void> {
  if (first === undefined) return;
  for (let current = dir; ; current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
    if (current === first || dirname(current) === current) return;
  }
}
