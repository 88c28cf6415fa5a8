// Excerpts and the preservation of attachments, embeds and form fields.
import { describe, expect, it } from 'vitest';
import { excerptOf, preserveMarkers } from '../../src/sandbox/markdown.js';

describe('excerptOf', () => {
  it('drops markup, fences and markers and collapses whitespace', () => {
    const md =
      '# Title\n\n:::callout{emoji="💡" color="mint"}\nSome **bold** and [a link](https://x.example) and `code`.\n:::\n\n[[attachment:a.pdf]]\n\n- item_one';
    expect(excerptOf(md)).toBe('Title Some bold and a link and code. item_one');
  });

  it('cuts at 200 characters without splitting an emoji', () => {
    const md = `${'a'.repeat(199)}😀😀`;
    const excerpt = excerptOf(md);
    expect(Array.from(excerpt)).toHaveLength(200);
    expect(excerpt.endsWith('😀')).toBe(true);
  });
});

describe('preserveMarkers', () => {
  const old = 'Intro\n\n[[attachment:a.pdf]]\n\nMiddle\n\n[[form:Budget]]\n\nEnd';

  it('puts omitted markers back after the line that preceded them', () => {
    expect(preserveMarkers(old, 'Intro\n\nMiddle\n\nEnd')).toBe(
      'Intro\n[[attachment:a.pdf]]\n\nMiddle\n[[form:Budget]]\n\nEnd',
    );
  });

  it('keeps markers the new body already has, without duplicating them', () => {
    const kept = 'New intro\n\n[[attachment:a.pdf]]\n\n[[form:Budget]]';
    expect(preserveMarkers(old, kept)).toBe(kept);
  });

  it('upgrades a plain link named like the attachment back to the marker', () => {
    expect(preserveMarkers(old, '[a.pdf](https://files.example/a.pdf)\n\n[[form:Budget]]')).toBe(
      '[[attachment:a.pdf]]\n\n[[form:Budget]]',
    );
  });

  it('falls back to the original line number when the anchor line is gone', () => {
    expect(preserveMarkers('[[embed:Doc]]\nText', 'Other')).toBe('[[embed:Doc]]\nOther');
  });
});
