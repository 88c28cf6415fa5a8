// A file written as a stream under a temporary name (./atomic-write.ts): `commit()` gives it
// its real name, `discard()` removes it. Until committed, the real name is untouched; export
// streams records to these so that a failure halfway leaves no file that looks complete.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { temporaryPath } from './atomic-write.js';

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
