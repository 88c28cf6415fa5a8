// JSON text that is safe to cat to a terminal: JSON.stringify leaves DEL, C1 controls and
// U+2028/2029 raw, so escape them. They can occur only inside strings, so the result is
// still the same JSON value.
const UNSAFE = /[\u007f-\u009f\u2028\u2029]/g;

export function toJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) ?? 'null';
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
