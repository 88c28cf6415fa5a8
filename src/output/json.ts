// JSON text that is safe to cat to a terminal: the same JSON value, with what JSON.stringify
// leaves raw and a terminal would obey escaped (escapeJsonText). On a terminal with colour on,
// JSON is also coloured as `gh api` colours it (jsonPainter).
import type { IO } from '../io/io.js';
import { escapeJsonText, terminalText, type TerminalText } from '../io/sanitize.js';

export function toJson(value: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(value, null, indent) ?? 'null');
}

/** Turns JSON text into text for stdout. */
export type JsonPainter = (json: string) => TerminalText;

/**
 * A string (a key when a colon follows), a number, or a literal. A string is matched whole
 * first, so digits or `true` inside one are never taken for tokens of their own.
 */
const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false)\b|\b(null)\b/g;

/**
 * How JSON goes to stdout: into a pipe or a file as it is; on a terminal through the
 * sanitiser, then, when colour is on (not NO_COLOR, --no-color; FORCE_COLOR turns it on even
 * into a pipe, as chalk has it), with keys, strings, numbers, booleans and null each in a
 * colour of their own. The colours go on after the sanitiser, so the service's text can
 * neither carry escapes of its own nor break ours.
 */
export async function jsonPainter(io: Pick<IO, 'stdoutText' | 'stdoutColor'>): Promise<JsonPainter> {
  if (io.stdoutColor === 0) return (json) => io.stdoutText(json);
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: Math.min(io.stdoutColor, 3) as 1 | 2 | 3 });
  const key = chalk.bold.blue;
  return (json) =>
    terminalText(
      io
        .stdoutText(json)
        .replace(TOKEN, (_token, string?: string, colon?: string, number?: string, truth?: string, nil?: string) => {
          if (string !== undefined) return colon ? `${key(string)}${colon}` : chalk.green(string);
          if (number !== undefined) return chalk.cyan(number);
          if (truth !== undefined) return chalk.yellow(truth);
          return chalk.gray(nil!);
        }),
    );
}

/**
 * Values as one indented JSON array — the text of `toJson(values, 2)` and a newline — written
 * value by value as they arrive, so a list is never held whole. `select` is what of a value is
 * shown (--fields); `written` is told of each value once it is written.
 */
export async function writeJsonArray<T>(
  values: AsyncIterable<T> | Iterable<T>,
  write: (text: string) => Promise<void>,
  select: (value: T) => unknown = (value) => value,
  written?: (value: T) => void,
): Promise<number> {
  let count = 0;
  for await (const value of values) {
    await write(`${count === 0 ? '[\n' : ',\n'}${toJson(select(value), 2).replace(/^/gm, '  ')}`);
    written?.(value);
    count++;
  }
  await write(count === 0 ? '[]\n' : '\n]\n');
  return count;
}
