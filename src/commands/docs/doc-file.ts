// A document as a Markdown file: YAML front matter with the contract's keys, in its order,
// then the body.
//
//   ---
//   uuid: 5eed0000-0000-4000-8000-000000000081
//   title: Project brief
//   updated_at: "2026-01-05T10:00:00.000000Z"
//   is_internal: false
//   edit_access: team
//   project_id: 31
//   client_id: null
//   company_id: 1
//   ---
//   # Brief …
//
// Other keys a user adds (a static-site generator's `layout:`) are kept when pwctl rewrites
// the file. A body is compared without its trailing newlines: an editor that adds one at the
// end of the file has not changed the document.
import { createHash } from 'node:crypto';
import { EDIT_ACCESS_VALUES, type Document, type EditAccess } from '../../api/types.js';
import { comparableBody } from '../../content/bodies.js';
import { UsageError } from '../../errors.js';
import { FrontMatterError, readFrontMatter, writeFrontMatter } from '../../files/front-matter.js';
import { parseUuid } from '../../validate.js';

export const FRONT_MATTER_KEYS = [
  'uuid',
  'title',
  'updated_at',
  'is_internal',
  'edit_access',
  'project_id',
  'client_id',
  'company_id',
] as const;

export interface DocFile {
  uuid?: string;
  title: string;
  updated_at?: string;
  is_internal?: boolean;
  edit_access?: EditAccess;
  project_id?: number | null;
  client_id?: number | null;
  company_id?: number | null;
  body: string;
  /** Front matter keys that are not pwctl's, kept as they are. */
  extra: Record<string, unknown>;
}

/** The file for a document as the service holds it (listed with include=content). */
export function docFileOf(doc: Document, extra: Record<string, unknown> = {}, body = doc.content ?? ''): DocFile {
  return {
    uuid: doc.uuid,
    title: doc.title,
    updated_at: doc.updated_at,
    is_internal: doc.is_internal,
    edit_access: doc.edit_access,
    project_id: doc.project?.id ?? null,
    client_id: doc.client?.id ?? null,
    company_id: doc.company?.id ?? null,
    body,
    extra,
  };
}

export function renderDocFile(file: DocFile): string {
  const data: Record<string, unknown> = {};
  for (const key of FRONT_MATTER_KEYS) if (file[key] !== undefined) data[key] = file[key];
  for (const [key, value] of Object.entries(file.extra)) if (!(key in data)) data[key] = value;
  const body = file.body === '' || file.body.endsWith('\n') ? file.body : `${file.body}\n`;
  return writeFrontMatter(data, body);
}

/** A file's document, every field checked; a UsageError names the file and the field. */
export function parseDocFile(text: string, name: string): DocFile {
  let parsed: ReturnType<typeof readFrontMatter>;
  try {
    parsed = readFrontMatter(text);
  } catch (error) {
    if (error instanceof FrontMatterError) throw new UsageError(`${name}: ${error.message}`);
    throw error;
  }
  const { data, body } = parsed;
  const field = (key: string) => `${name}: ${key}`;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data))
    if (!(FRONT_MATTER_KEYS as readonly string[]).includes(key)) extra[key] = value;

  const file: DocFile = { title: '', body, extra };
  if (data.uuid !== undefined && data.uuid !== null && data.uuid !== '')
    file.uuid = parseUuid(String(data.uuid), field('uuid'));
  if (typeof data.title !== 'string' || data.title.trim() === '') {
    throw new UsageError(
      `${field('title')} is required: a non-empty string in the front matter (quote it if it looks like a number: title: "2024")`,
    );
  }
  file.title = data.title;
  if (data.updated_at !== undefined && data.updated_at !== null) {
    if (typeof data.updated_at !== 'string' || timestampKey(data.updated_at) === undefined) {
      throw new UsageError(
        `${field('updated_at')} must be an ISO 8601 timestamp as pulled (e.g. "2026-01-05T10:00:00.000000Z"), got ${JSON.stringify(data.updated_at)}`,
      );
    }
    file.updated_at = data.updated_at;
  }
  if (file.uuid !== undefined && file.updated_at === undefined) {
    throw new UsageError(
      `${field('updated_at')} is required with a uuid: it tells whether the service changed since the pull (pull the document again)`,
    );
  }
  if (data.is_internal !== undefined && data.is_internal !== null) {
    if (typeof data.is_internal !== 'boolean')
      throw new UsageError(`${field('is_internal')} must be true or false, got ${JSON.stringify(data.is_internal)}`);
    file.is_internal = data.is_internal;
  }
  if (data.edit_access !== undefined && data.edit_access !== null) {
    if (!(EDIT_ACCESS_VALUES as readonly unknown[]).includes(data.edit_access)) {
      throw new UsageError(
        `${field('edit_access')} must be one of ${EDIT_ACCESS_VALUES.join(', ')}, got ${JSON.stringify(data.edit_access)}`,
      );
    }
    file.edit_access = data.edit_access as EditAccess;
  }
  for (const key of ['project_id', 'client_id', 'company_id'] as const) {
    const value = data[key];
    if (value === undefined) continue;
    if (value !== null && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)) {
      throw new UsageError(`${field(key)} must be a positive integer id or null, got ${JSON.stringify(value)}`);
    }
    file[key] = value as number | null;
  }
  return file;
}

/** What a push can change (title, body, audience, edit access), as one digest. */
export function editableDigest(file: Pick<DocFile, 'title' | 'body' | 'is_internal' | 'edit_access'>): string {
  const state = [file.title, comparableBody(file.body), file.is_internal ?? null, file.edit_access ?? null];
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}

/**
 * A timestamp as a string that sorts in time order: the API sends microseconds, which
 * Date.parse would drop, so the fraction is compared as digits.
 */
export function timestampKey(value: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) return undefined;
  const seconds = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(seconds)) return undefined;
  return `${String(seconds).padStart(16, '0')}.${(m[2] ?? '').padEnd(9, '0')}`;
}

/** True when `a` is later than `b`. */
export function isNewer(a: string, b: string): boolean {
  const [ka, kb] = [timestampKey(a), timestampKey(b)];
  return ka !== undefined && kb !== undefined && ka > kb;
}
