// JSON text that is safe to cat to a terminal: the same JSON value, with what JSON.stringify
// leaves raw and a terminal would obey escaped (escapeJsonText).
import { escapeJsonText } from '../io/sanitize.js';

export function toJson(value: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(value, null, indent) ?? 'null');
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
