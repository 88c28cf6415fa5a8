// How many terminal cells text takes: combining marks none, East Asian wide characters and
// emoji (ZWJ sequences, VS16 presentation) two. string-width knows the Unicode rules; this
// module adds cutting at a grapheme boundary. Loaded only for text that needs it (table.ts).
import stringWidth from 'string-width';

let graphemes: Intl.Segmenter | undefined;

export function textWidth(text: string): number {
  return stringWidth(text);
}

/** The longest run of whole grapheme clusters from the start of `text` that fits in `width` cells. */
export function cutToWidth(text: string, width: number): string {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    used += stringWidth(segment);
    if (used > width) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
