// Server text is an attack surface once it reaches a terminal: ESC/CSI/OSC sequences can
// rewrite the screen, set the window title, plant hyperlinks or write the clipboard, and
// bidirectional overrides can show a title reversed. Every C0 and C1 control character, DEL
// and bidi override or isolate is shown in a visible form instead (ESC → ^[, CSI 0x9b →
// \x9b, U+202E → \u202e), as gh does. The \u forms are JSON's own escapes, so JSON text
// (which carries such characters only inside strings) stays the same JSON once sanitised.
//
// This is the one sanitiser: the IO of a run (io.ts) passes every line for stderr, and every
// line for a terminal's stdout, through it; TerminalText marks text that already went through it.

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

declare const terminalSafe: unique symbol;

/**
 * Text that may be written to stdout as it is: escaped by this module, or built by pwctl
 * from escaped pieces and its own layout and colours (terminalText()).
 */
export type TerminalText = string & { readonly [terminalSafe]: true };

function visible(char: string, keepLayout: boolean): string {
  const code = char.charCodeAt(0);
  if (char === '\n') return keepLayout ? '\n' : '\\n';
  if (char === '\t') return keepLayout ? '\t' : '\\t';
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  if (code > 0xff) return `\\u${code.toString(16)}`;
  return `\\x${code.toString(16)}`;
}

/** For a table cell or a one-line message: every control character escaped, tabs and newlines too. */
export function escapeInline(text: string): TerminalText {
  return text.replace(CONTROL, (c) => visible(c, false)) as TerminalText;
}

/** For a multi-line body shown to a person: newlines and tabs kept, every other control character escaped. */
export function escapeBlock(text: string): TerminalText {
  return text.replace(CONTROL, (c) => visible(c, true)) as TerminalText;
}

/**
 * Text pwctl built itself from TerminalText pieces plus its own layout and colours (padding,
 * a cut mark, chalk's bold): the one place such text is declared safe without escaping it.
 */
export function terminalText(text: string): TerminalText {
  return text as TerminalText;
}

// JSON.stringify leaves DEL, C1 controls and U+2028/2029 raw. They can occur only inside
// strings, so escaping them keeps the same JSON value. (Bidi controls are left to the
// sanitiser, whose form for them, \u202e, is JSON's own: on a terminal they are escaped the
// same way; into a pipe the data stays as it was.)
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;

/** JSON text with DEL, C1 and U+2028/2029 as \u escapes: the same JSON, nothing a terminal obeys but what the sanitiser escapes. */
export function escapeJsonText(text: string): string {
  return text.replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
