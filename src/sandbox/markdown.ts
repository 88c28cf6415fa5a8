// Markdown bodies: plain-text excerpts, and the elements Markdown cannot express.
//
// Attachments, embedded documents and form fields are written in sandbox bodies as a line of
// their own holding one marker:
//
//   [[attachment:brief.pdf]]
//   [[embed:Agency handbook]]
//   [[form:Preferred launch date]]
//
// On a content update without allow_removing_attachments, every marker of the old body that
// the new body lacks is put back where it was (after the line that preceded it, or at the same
// line number when that line is gone). A marker the new body kept as a plain link whose text is
// the marker's name (`[brief.pdf](https://…)`) is "upgraded back" to the marker.
import { EXCERPT_LENGTH } from '../api/types.js';

const MARKER_RE = /^\s*\[\[(attachment|embed|form):([^\]\n]+)\]\]\s*$/;

export interface Marker {
  kind: 'attachment' | 'embed' | 'form';
  name: string;
  line: string;
}

export function parseMarker(line: string): Marker | null {
  const m = MARKER_RE.exec(line);
  if (!m) return null;
  return { kind: m[1] as Marker['kind'], name: (m[2] ?? '').trim(), line: line.trim() };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The new body with the old body's preservable elements kept in place. */
export function preserveMarkers(oldBody: string, newBody: string): string {
  const oldLines = oldBody.split('\n');
  const lines = newBody.split('\n');
  const present = new Set(lines.flatMap((l) => parseMarker(l)?.line ?? []));

  oldLines.forEach((oldLine, oldIndex) => {
    const marker = parseMarker(oldLine);
    if (!marker || present.has(marker.line)) return;
    present.add(marker.line);

    const link = new RegExp(`^\\s*\\[${escapeRegExp(marker.name)}\\]\\([^)]*\\)\\s*$`);
    const linkIndex = lines.findIndex((l) => link.test(l));
    if (linkIndex >= 0) {
      lines[linkIndex] = marker.line;
      return;
    }
    let anchor = -1;
    for (let i = oldIndex - 1; i >= 0 && anchor < 0; i--) {
      const prev = oldLines[i] ?? '';
      if (prev.trim() !== '' && !parseMarker(prev)) anchor = lines.indexOf(prev);
    }
    const at = anchor >= 0 ? anchor + 1 : Math.min(oldIndex, lines.length);
    lines.splice(at, 0, marker.line);
  });
  return lines.join('\n');
}

const FENCE_RE = /^\s*:{3,}\s*(callout|toggle)?(\{.*\})?\s*$/;

/** Plain text of a Markdown body: markup, fences and markers dropped, whitespace collapsed. */
export function plainText(markdown: string): string {
  const text = markdown
    .split('\n')
    .filter((line) => !FENCE_RE.test(line) && !parseMarker(line) && !/^\s*(```|~~~)/.test(line))
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*>\s?/, '')
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
        .replace(/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/, ''),
    )
    .join(' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\*(.+?)\*/g, '$1')
    .replace(/(^|\W)_(.+?)_(?!\w)/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1');
  return text.replace(/\s+/g, ' ').trim();
}

/** The first 200 characters (code points, so no emoji is cut in half) of the plain text. */
export function excerptOf(markdown: string): string {
  return Array.from(plainText(markdown)).slice(0, EXCERPT_LENGTH).join('');
}
