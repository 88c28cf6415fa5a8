// A document as the service listed it, checked before `docs pull` makes a file of it. A file
// that the next pull or push cannot read back (a uuid that is no uuid, a title that is a
// number, a timestamp that is not one) would make every later push refuse the directory, so
// such a document is refused on its own and nothing is written for it. The last check is
// the file itself: it must read back as the same document.
import { EDIT_ACCESS_VALUES } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { editableDigest, parseDocFile, timestampKey, type DocFile } from './doc-file.js';

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_SHOWN = 60;

/** What is wrong with a listed document, as a phrase (`document …: title is 42; expected …`), or undefined. */
export function pulledDocumentProblem(doc: unknown): string | undefined {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return `a list entry is ${shown(doc)}; expected a document`;
  const d = doc as Record<string, unknown>;
  // The service's uuids are lower case; another spelling would not match the file's next time.
  if (typeof d.uuid !== 'string' || !CANONICAL_UUID.test(d.uuid))
    return `a document's uuid is ${shown(d.uuid)}; expected a lower-case UUID`;
  const wrong = (key: string, expected: string) =>
    `document ${d.uuid}: ${key} is ${shown(d[key])}; expected ${expected}`;
  if (typeof d.title !== 'string' || d.title.trim() === '') return wrong('title', 'a non-empty string');
  if (typeof d.updated_at !== 'string' || timestampKey(d.updated_at) === undefined)
    return wrong('updated_at', 'an ISO 8601 timestamp');
  if (!absent(d.content) && typeof d.content !== 'string') return wrong('content', 'a string');
  if (!absent(d.is_internal) && typeof d.is_internal !== 'boolean') return wrong('is_internal', 'true or false');
  if (!absent(d.edit_access) && !(EDIT_ACCESS_VALUES as readonly unknown[]).includes(d.edit_access))
    return wrong('edit_access', `one of ${EDIT_ACCESS_VALUES.join(', ')}`);
  for (const key of ['project', 'client', 'company']) {
    const ref = d[key];
    if (absent(ref)) continue;
    const id = typeof ref === 'object' ? (ref as { id?: unknown }).id : undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
      return wrong(key, 'null or an object with a positive integer id');
  }
  return undefined;
}

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Why `text`, the file written for `doc`, would not read back as the same document, or undefined. */
export function roundTripProblem(text: string, expected: DocFile): string | undefined {
  let read: DocFile;
  try {
    read = parseDocFile(text, 'the file');
  } catch (error) {
    if (error instanceof UsageError) return `its file would not read back (${error.message})`;
    throw error;
  }
  if (read.uuid !== expected.uuid || editableDigest(read) !== editableDigest(expected))
    return 'its file would not read back as the same document';
  return undefined;
}

/** A value from the service, cut short: it goes into a one-line result. */
function shown(value: unknown): string {
  const text = value === undefined ? 'missing' : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}
