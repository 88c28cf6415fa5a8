// Server text is an attack surface once it reaches a terminal: ESC/CSI/OSC sequences can
// rewrite the screen, set the window title, plant hyperlinks or write the clipboard. Every
// C0 and C1 control character and DEL is shown in a visible form instead (ESC → ^[,
// CSI 0x9b → \x9b), as gh does.

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function visible(char: string, keepLayout: boolean): string {
  const code = char.charCodeAt(0);
  if (char === '\n') return keepLayout ? '\n' : '\\n';
  if (char === '\t') return keepLayout ? '\t' : '\\t';
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  if (code === 0x2028 || code === 0x2029) return `\\u${code.toString(16)}`;
  return `\\x${code.toString(16)}`;
}

/** For a table cell or a one-line message: every control character escaped, tabs and newlines too. */
export function escapeInline(text: string): string {
  return text.replace(CONTROL, (c) => visible(c, false));
}

/** For a multi-line body shown to a person: newlines and tabs kept, every other control character escaped. */
export function escapeBlock(text: string): string {
  return text.replace(CONTROL, (c) => visible(c, true));
}
