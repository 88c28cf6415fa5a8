// JSON text that is safe to cat to a terminal: JSON.stringify leaves DEL, C1 controls and
// U+2028/2029 raw, so escape them. They can occur only inside strings, so the result is
// still the same JSON value. (Bidi controls are left to the sanitiser, whose form for them,
// \u202e, is JSON's own: on a terminal they are escaped the same way; into a pipe the data
// stays as it was.)
const UNSAFE = /[\u007f-\u009f\u2028\u2029]/g;

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

/** JSON text with DEL, C1 and U+2028/2029 as \u escapes: the same JSON, nothing a terminal obeys but what the sanitiser escapes. */
export function escapeJsonText(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
