// The terminal sanitiser (src/output/sanitize.ts): what reaches a terminal in a visible form
// instead of being obeyed, and the invisible characters that are text and are kept.
import { describe, expect, it } from 'vitest';
import { escapeBlock, escapeInline } from '../../src/io/sanitize.js';

describe('sanitiser', () => {
  it('shows C0, DEL and C1 controls in a visible form', () => {
    expect(escapeInline('a\u001b[31mred\u0007')).toBe('a^[[31mred^G');
    expect(escapeInline('x\u009b2Jy')).toBe('x\\x9b2Jy');
    expect(escapeInline('del\u007f cr\r')).toBe('del^? cr^M');
    expect(escapeInline('osc \u001b]0;title\u0007')).toBe('osc ^[]0;title^G');
    expect(escapeInline('ls\u2028ps\u2029')).toBe('ls\\u2028ps\\u2029');
    // Bidi overrides and isolates: a title must not show reversed.
    expect(escapeInline('a\u202eb\u202c c\u2066d\u2069')).toBe('a\\u202eb\\u202c c\\u2066d\\u2069');
    expect(escapeBlock('x\u202ay\u202by\u202dz\u2067\u2068\n')).toBe('x\\u202ay\\u202by\\u202dz\\u2067\\u2068\n');
  });

  it('keeps a record on one line: tabs and newlines escaped in cells', () => {
    expect(escapeInline('a\tb\nc')).toBe('a\\tb\\nc');
  });

  it('keeps layout in bodies shown to people, escaping the rest', () => {
    expect(escapeBlock('line 1\n\tline 2\u001b[2J')).toBe('line 1\n\tline 2^[[2J');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(escapeInline('Café ✓ 🚀 日本')).toBe('Café ✓ 🚀 日本');
  });
});

describe('sanitiser: direction marks and invisible characters', () => {
  it('shows direction marks (LRM, RLM, ALM) like the bidi overrides', () => {
    expect(escapeInline('a\u200eb\u200fc\u061cd')).toBe('a\\u200eb\\u200fc\\u061cd');
    expect(escapeBlock('x\u200f\n')).toBe('x\\u200f\n');
  });

  it('shows zero-width and other invisible format characters', () => {
    expect(escapeInline('ad\u200bmin')).toBe('ad\\u200bmin');
    expect(escapeInline('x\ufeffy\u2060z')).toBe('x\\ufeffy\\u2060z');
    expect(escapeInline('\u2061\u2064\u206a\u206f\ufff9')).toBe('\\u2061\\u2064\\u206a\\u206f\\ufff9');
    // Joiners between Latin letters (pay\u200cpal looks like paypal) and on their own.
    expect(escapeInline('pay\u200cpal a\u200db')).toBe('pay\\u200cpal a\\u200db');
    expect(escapeInline('\u200d👩 👩\u200d')).toBe('\\u200d👩 👩\\u200d');
    // Tag characters (text hidden from the reader) as JSON escapes: their two surrogates.
    expect(escapeInline('hi\u{E0041}\u{E0042}')).toBe('hi\\udb40\\udc41\\udb40\\udc42');
  });

  it('keeps what is text: emoji ZWJ sequences, joiners inside words of scripts that use them, subdivision flags', () => {
    // A joiner between two pictographs (after a presentation selector or a skin tone too).
    for (const emoji of ['👨\u200d👩\u200d👧', '🏳️\u200d🌈', '👩🏽\u200d💻', '❤️\u200d🔥'])
      expect(escapeInline(`team ${emoji}!`)).toBe(`team ${emoji}!`);
    expect(escapeInline('می\u200cخواهم')).toBe('می\u200cخواهم'); // Persian: ZWNJ
    expect(escapeInline('क्\u200dष')).toBe('क्\u200dष'); // Devanagari: ZWJ after a virama
    const england = '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(escapeInline(`go ${england}`)).toBe(`go ${england}`);
    // A flag's tags out of place are hidden text.
    expect(escapeInline('\u{E0067}\u{E007F}')).toBe('\\udb40\\udc67\\udb40\\udc7f');
  });
});
