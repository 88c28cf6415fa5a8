// A file written as a stream under a temporary name (./atomic-write.ts): `commit()` gives it
// its real name, `discard()` removes it. Until committed, the real name is untouched; export
// streams records to these so that a failure halfway leaves no file that looks complete.
//
// A staged file may be abandoned at any moment, with writes still queued in the stream (a
// sibling list failed while this one was writing). The stream's errors are therefore always
// listened for (an unheard 'error' would end the process), and `discard()` waits until the
// file descriptor is closed before it removes the file, so nothing is left behind.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { temporaryPath } from './atomic-write.js';

export class StagedFile {
  readonly stream: WriteStream;
  readonly #temporary: string;
  #closed: Promise<void> | undefined;
  #error: Error | undefined;

  constructor(readonly path: string) {
    this.#temporary = temporaryPath(path);
    this.stream = createWriteStream(this.#temporary, { flags: 'wx' });
    this.stream.on('error', (error) => void (this.#error ??= error));
  }

  /** Flush and close the stream (once); rejects with the stream's error, if it had one. */
  close(): Promise<void> {
    return (this.#closed ??= (async () => {
      if (this.#error) throw this.#error;
      this.stream.end();
      await finished(this.stream);
    })());
  }

  async commit(): Promise<void> {
    await this.close();
    await rename(this.#temporary, this.path);
  }

  /** Stop writing, whatever is in flight, and remove the temporary file. Never rejects. */
  async discard(): Promise<void> {
    if (!this.stream.closed) {
      const closed = new Promise<void>((resolve) => this.stream.once('close', () => resolve()));
      this.stream.destroy();
      await closed;
    }
    await rm(this.#temporary, { force: true }).catch(() => {});
  }
}
