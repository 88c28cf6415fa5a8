// The directory a command writes into (`export`, `docs pull`): created when missing, refused
// when it is something else, and — for export — refused when it already holds anything,
// unless the user said --force. Checked before any request.
import { mkdir, readdir, stat } from 'node:fs/promises';
import { UsageError } from '../errors.js';

export interface TargetDirOptions {
  /** Refuse a directory that holds anything (unless `force`). */
  empty?: boolean;
  force?: boolean;
  /** false: leave a missing directory missing (a --dry-run writes nothing). Default true. */
  create?: boolean;
}

/** Resolves to false when the directory is missing and was not created. */
export async function prepareTargetDir(dir: string, options: TargetDirOptions = {}): Promise<boolean> {
  const shown = JSON.stringify(dir);
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new UsageError(`<dir>: cannot use ${shown}: ${error.code ?? error.message}`);
  });
  if (!info) {
    if (options.create === false) return false;
    await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`<dir>: cannot create ${shown}: ${error.code ?? error.message}`);
    });
    return true;
  }
  if (!info.isDirectory()) throw new UsageError(`<dir>: ${shown} is not a directory`);
  if (options.empty && !options.force && (await readdir(dir)).length > 0) {
    throw new UsageError(
      `<dir>: ${shown} is not empty; choose an empty or new directory, or pass --force to replace an earlier export there`,
    );
  }
  return true;
}
