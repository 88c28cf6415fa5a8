// When two Markdown bodies hold the same text: line endings and trailing newlines aside (an
// editor that adds a newline at the end of a file has not changed the document).
import { findPreservedElements, omittedElements } from './preserved.js';

/** The body as compared and hashed: line endings LF, no trailing newlines. */
export function comparableBody(body: string): string {
  return body.replace(/\r\n/g, '\n').replace(/\n+$/, '');
}

/**
 * Whether sending `body` would leave `current` as it is: the same text, or the same once the
 * attachments, embeds and form fields that `body` leaves out are set aside — the service
 * keeps those in place on a content update (./preserved.ts), so sending would not remove them.
 */
export function bodyHolds(current: string, body: string): boolean {
  const wanted = comparableBody(body);
  if (comparableBody(current) === wanted) return true;
  const kept = new Set(omittedElements(current, body).map((e) => `${e.kind}:${e.name}`));
  if (kept.size === 0) return false;
  const withoutKept = current
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => !findPreservedElements(line).some((e) => kept.has(`${e.kind}:${e.name}`)))
    .join('\n');
  return comparableBody(withoutKept) === wanted;
}
