// A terminal screen in memory: what the output writer draws into it is kept as text, with the
// width of the real terminal (tables fit it, colours stay on) and no height (nothing drawn into
// it is paged). A watch draws each refresh into one and puts it on the screen whole; a long
// record or diff is drawn into one and handed to the pager.
import { Writable } from 'node:stream';
import { terminalText, type TerminalText } from '../io/sanitize.js';

export class ScreenBuffer extends Writable {
  readonly isTTY = true;
  readonly rows = undefined;
  readonly #chunks: string[] = [];

  constructor(readonly columns: number | undefined) {
    super({ decodeStrings: false });
  }

  override _write(chunk: string | Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.#chunks.push(String(chunk));
    done();
  }

  /** Everything drawn so far: written by the IO of a terminal, so already through the sanitiser. */
  text(): TerminalText {
    return terminalText(this.#chunks.join(''));
  }
}
