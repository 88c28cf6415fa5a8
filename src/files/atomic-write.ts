// Files replaced whole or not at all. Each is written under a temporary name in its own
// directory and renamed over the target at the end: a rename within one directory is atomic,
// so a reader, a crash or Ctrl-C never leaves half a file under the real name. Temporary
// names start with a dot and end in `.partial-…`, so nothing mistakes one for a finished file.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';

export function temporaryPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.partial-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Replace `path` with `text` in one step. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temporary = temporaryPath(path);
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * A file written as a stream under a temporary name: `commit()` gives it its real name,
 * `discard()` removes it. Until committed, the real name is untouched.
 */
export class StagedFile {
  readonly stream: WriteStream;
  readonly #temporary: string;
  #closed: Promise<void> | undefined;

  constructor(readonly path: string) {
    this.#temporary = temporaryPath(path);
    this.stream = createWriteStream(this.#temporary, { flags: 'wx' });
  }

  /** Flush and close the stream (once). */
  close(): Promise<void> {
    return (this.#closed ??= (async () => {
      this.stream.end();
      await finished(this.stream);
    })());
  }

  async commit(): Promise<void> {
    await this.close();
    await rename(this.#temporary, this.path);
  }

  async discard(): Promise<void> {
    this.stream.destroy();
    await rm(this.#temporary, { force: true });
  }
}
