// JSON text that is safe to cat to a terminal: JSON.stringify leaves DEL, C1 controls and
// U+2028/2029 raw, so escape them. They can occur only inside strings, so the result is
// still the same JSON value. (Bidi controls are left to the sanitiser, whose form for them,
// \u202e, is JSON's own: on a terminal they are escaped the same way; into a pipe the data
// stays as it was.)
const UNSAFE = /[\u007f-\u009f\u2028\u2029]/g;

export function toJson(value: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(value, null, indent) ?? 'null');
}

/** JSON text with DEL, C1 and U+2028/2029 as \u escapes: the same JSON, nothing a terminal obeys but what the sanitiser escapes. */
export function escapeJsonText(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
