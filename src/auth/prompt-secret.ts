// A hidden-input prompt: the terminal is put in raw mode so nothing typed or pasted is
// echoed, and the keys are interpreted here (Enter, Backspace, Ctrl-U, Ctrl-W, Ctrl-C,
// Ctrl-D) as a terminal's own line editing does for hidden input (`read -s`, a password
// prompt): with nothing shown there is no cursor to move, so Ctrl-A, Ctrl-E and the arrow
// keys do nothing.
import { CANCELLED, InterruptedError } from '../errors.js';
import type { IO } from '../io/io.js';

export interface KeyState {
  value: string;
  /** Set when the input is finished: submitted with Enter/Ctrl-D, or cancelled with Ctrl-C. */
  done?: 'submit' | 'cancel';
}

/** Apply a chunk of raw terminal input to the value typed so far. */
export function applyKeys(state: KeyState, chunk: string): KeyState {
  let value = state.value;
  for (let i = 0; i < chunk.length; i++) {
    const char = chunk[i]!;
    switch (char) {
      case '\r':
      case '\n':
      case '\u0004': // Ctrl-D
        return { value, done: 'submit' };
      case '\u0003': // Ctrl-C
        return { value, done: 'cancel' };
      case '\u007f':
      case '\b':
        value = [...value].slice(0, -1).join('');
        break;
      case '\u0015': // Ctrl-U
        value = '';
        break;
      case '\u0017': // Ctrl-W: the word before the end, and the spaces after it, as readline deletes it
        value = value.replace(/(?:\w+|[^\w\s]+)?\s*$/u, '');
        break;
      case '\u001b': {
        // An escape sequence (arrow keys, bracketed paste markers): skip it whole.
        if (chunk[i + 1] === '[') {
          i += 2;
          while (i < chunk.length && !/[@-~]/.test(chunk[i]!)) i++;
        } else {
          i++;
        }
        break;
      }
      default:
        if (char >= ' ') value += char;
    }
  }
  return { value };
}

type RawStdin = IO['stdin'] & { setRawMode?: (mode: boolean) => unknown; isRaw?: boolean };

/** Ask for a secret on the terminal without echoing it. Ctrl-C ends the run (exit 130). */
export async function promptSecret(io: IO, question: string): Promise<string> {
  const stdin = io.stdin as RawStdin;
  const wasRaw = stdin.isRaw === true;
  // Echo off before the question shows: a person who types as soon as it appears must not
  // see (or leave in the scrollback) a token the terminal echoed before raw mode began.
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  io.error(question);
  try {
    return await new Promise<string>((resolve, reject) => {
      let state: KeyState = { value: '' };
      const onData = (chunk: string) => {
        state = applyKeys(state, chunk);
        if (!state.done) return;
        cleanup();
        if (state.done === 'cancel') reject(new InterruptedError(CANCELLED));
        else resolve(state.value);
      };
      const onEnd = () => {
        cleanup();
        resolve(state.value);
      };
      const cleanup = () => {
        stdin.off('data', onData);
        stdin.off('end', onEnd);
        stdin.pause();
      };
      stdin.on('data', onData);
      stdin.on('end', onEnd);
      stdin.resume();
    });
  } finally {
    stdin.setRawMode?.(wasRaw);
    io.error('\n');
  }
}
