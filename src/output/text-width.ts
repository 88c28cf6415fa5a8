// How many terminal cells text takes: combining marks none, East Asian wide characters and
// emoji (ZWJ sequences, VS16 presentation) two. string-width knows the Unicode rules; this
// module adds cutting at a grapheme boundary. Loaded only for text that needs it (table.ts).
//
// Between two printable ASCII characters there is always a grapheme boundary: every rule
// that joins characters into one cluster involves one that is not ASCII (a combining mark
// joins the character before it, a prepended one the character after). So text is
// measured in pieces: each run of other characters with its ASCII neighbours goes to
// string-width, whose grapheme segmentation costs about a microsecond a character, and the
// plain ASCII between runs counts one cell a character, as string-width would count it.
import stringWidth from 'string-width';

/** A run of characters other than printable ASCII, with the ASCII character on either side. */
const JOINED_RUN = /[\x20-\x7e]?(?:[^\x20-\x7e]+[\x20-\x7e]?)+/g;

let graphemes: Intl.Segmenter | undefined;

export function textWidth(text: string): number {
  let width = text.length;
  for (const run of text.matchAll(JOINED_RUN)) width += stringWidth(run[0]) - run[0].length;
  return width;
}

/** The longest run of whole grapheme clusters from the start of `text` that fits in `width` cells. */
export function cutToWidth(text: string, width: number): string {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let used = 0;
  let at = 0;
  for (const run of text.matchAll(JOINED_RUN)) {
    // Plain ASCII before the run: one cell, one cluster a character.
    if (used + (run.index - at) > width) return text.slice(0, at + width - used);
    used += run.index - at;
    at = run.index;
    for (const { segment } of graphemes.segment(run[0])) {
      used += stringWidth(segment);
      if (used > width) return text.slice(0, at);
      at += segment.length;
    }
  }
  return text.slice(0, at + Math.max(0, Math.min(text.length - at, width - used)));
}
