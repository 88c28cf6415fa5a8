// Character tests for the names, ids and flags every command line checks. V8 compiles a
// regular expression on its first use in a process, about 50 K instructions each, far more
// than these loops take on the short strings they see: a `steps get` compiled two dozen.
// Patterns stay where a run meets them rarely (errors, unusual input) and read better so.

export const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
export const isLowerLetter = (code: number): boolean => code >= 0x61 && code <= 0x7a;
export const isLetter = (code: number): boolean => isLowerLetter(code | 0x20);
export const isLetterOrDigit = (code: number): boolean => isLetter(code) || isDigit(code);
/** [A-Za-z0-9_], a regular expression's \w. */
export const isWordChar = (code: number): boolean => isLetterOrDigit(code) || code === 0x5f;
/** [A-Za-z0-9_.-]: what a profile name is made of after its first character. */
export const isNameChar = (code: number): boolean => isWordChar(code) || code === 0x2e || code === 0x2d;

/** Whether every UTF-16 code unit of `text` from `from` on passes `test` (true when there are none). */
export function everyChar(text: string, test: (code: number) => boolean, from = 0): boolean {
  for (let i = from; i < text.length; i++) if (!test(text.charCodeAt(i))) return false;
  return true;
}
