// Server text is an attack surface once it reaches a terminal: ESC/CSI/OSC sequences can
// rewrite the screen, set the window title, plant hyperlinks or write the clipboard;
// bidirectional overrides, isolates and marks can show a title reversed or reordered; and
// invisible characters (zero-width spaces and joiners, word joiners, the BOM, invisible
// operators, tag characters) make two different texts look the same or hide text outright.
// Every C0 and C1 control character, DEL, and each of those is shown in a visible form
// instead (ESC → ^[, CSI 0x9b → \x9b, U+202E → \u202e), as gh does. The \u forms are JSON's
// own escapes (past U+FFFF, the two surrogates), so JSON text (which carries such characters
// only inside strings) stays the same JSON once sanitised.
//
// Three uses of invisible characters are text, not tricks, and are kept: the zero-width
// joiner of an emoji sequence (👩‍💻, 🏳️‍🌈: escaping it would split the picture in two); a
// joiner or non-joiner between two letters of a script that writes with them (Persian,
// Hindi, Malayalam …; never between Latin, Greek or Cyrillic letters, where look-alikes are
// the risk); and the tag characters of a subdivision flag (🏴 England, Scotland, Wales).
//
// This is the one sanitiser: the IO of a run (io.ts) passes every line for stderr, and every
// line for a terminal's stdout, through it; TerminalText marks text that already went through it.

const ALWAYS = [
  String.raw`\u0000-\u0008\u000b-\u001f\u007f-\u009f`, // C0 (tab and newline aside), DEL, C1
  String.raw`\u061c\u200e\u200f`, // direction marks: Arabic letter mark, LRM, RLM
  String.raw`\u202a-\u202e\u2066-\u2069`, // bidi embeddings, overrides and isolates
  String.raw`\u2028\u2029`, // line and paragraph separators
  String.raw`\u200b-\u200d\u2060-\u2064\u206a-\u206f\ufeff`, // zero-width and invisible format characters
  String.raw`\ufff9-\ufffb`, // interlinear annotations
].join('');
/** A tag character, U+E0000–U+E007F, as its two surrogates. */
const TAG = String.raw`\udb40[\udc00-\udc7f]`;
// Not unicode-aware on purpose: a plain class is the fast scan every line for a terminal
// takes; the few characters that may be kept are looked at where they are found.
const INLINE_UNSAFE = new RegExp(`[\\t\\n${ALWAYS}]|${TAG}`, 'g');
const BLOCK_UNSAFE = new RegExp(`[${ALWAYS}]|${TAG}`, 'g');

/** A letter or mark of a script that writes with joiners (not Latin, Greek, Cyrillic, Common or Inherited). */
const JOINING_LETTER = String.raw`(?![\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Common}\p{sc=Inherited}])[\p{L}\p{M}]`;
let joiners: { letterBefore: RegExp; letterAfter: RegExp; emojiBefore: RegExp; emojiAfter: RegExp } | undefined;
/**
 * What may stand either side of a kept joiner, made when the first joiner is met: V8 builds a
 * Unicode property class when the expression is made, milliseconds at every start (7 ms on
 * Node 20), and most runs meet no joiner at all.
 */
function joinerContext() {
  return (joiners ??= {
    letterBefore: new RegExp(`${JOINING_LETTER}$`, 'u'),
    letterAfter: new RegExp(`^${JOINING_LETTER}`, 'u'),
    /**
     * An emoji, perhaps with its presentation selector or a skin tone, just before a joiner.
     * The modifiers spelled out: V8 in Node 26 fails an astral range in a class before `$`
     * (/[\u{1F3FB}-\u{1F3FF}]$/u does not match "\u{1F3FD}").
     */
    emojiBefore: /\p{Extended_Pictographic}(?:\u{FE0F}|\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF})?$/u,
    emojiAfter: /^\p{Extended_Pictographic}/u,
  });
}
/** A subdivision flag: black flag, tag letters or digits, cancel tag. */
const FLAG = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,7}\u{E007F}/uy;

declare const terminalSafe: unique symbol;

/**
 * Text that may be written to stdout as it is: escaped by this module, or built by pwctl
 * from escaped pieces and its own layout and colours (terminalText()).
 */
export type TerminalText = string & { readonly [terminalSafe]: true };

/** Whether the invisible character at `at` is text: an emoji's joiner, a joiner in a word, a flag's tag. */
function isKept(char: string, whole: string, at: number): boolean {
  if (char === '\u200c' || char === '\u200d') {
    const before = whole.slice(Math.max(0, at - 4), at);
    const after = whole.slice(at + 1, at + 3);
    const { letterBefore, letterAfter, emojiBefore, emojiAfter } = joinerContext();
    if (char === '\u200d' && emojiBefore.test(before) && emojiAfter.test(after)) return true;
    return letterBefore.test(before) && letterAfter.test(after);
  }
  if (char.length !== 2) return false;
  let start = at;
  while (start >= 2 && whole.charCodeAt(start - 2) === 0xdb40) start -= 2;
  if (start < 2) return false;
  FLAG.lastIndex = start - 2;
  return FLAG.test(whole) && FLAG.lastIndex > at;
}

function visible(char: string, keepLayout: boolean): string {
  const code = char.charCodeAt(0);
  if (char === '\n') return keepLayout ? '\n' : '\\n';
  if (char === '\t') return keepLayout ? '\t' : '\\t';
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  if (code <= 0xff) return `\\x${code.toString(16)}`;
  return char
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
}

function showUnsafe(text: string, unsafe: RegExp, keepLayout: boolean): TerminalText {
  return text.replace(unsafe, (char: string, at: number) =>
    (char.length === 2 || char === '\u200c' || char === '\u200d') && isKept(char, text, at)
      ? char
      : visible(char, keepLayout),
  ) as TerminalText;
}

/** For a table cell or a one-line message: every control character escaped, tabs and newlines too. */
export function escapeInline(text: string): TerminalText {
  return showUnsafe(text, INLINE_UNSAFE, false);
}

/** For a multi-line body shown to a person: newlines and tabs kept, every other control character escaped. */
export function escapeBlock(text: string): TerminalText {
  return showUnsafe(text, BLOCK_UNSAFE, true);
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
  if (!hasUnsafeInJson(text)) return text;
  return text.replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether UNSAFE_IN_JSON would find anything: looked for by hand, as most output has none, to spare compiling it. */
function hasUnsafeInJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}
