// One pulled file against the document the service holds now (`docs diff`): which of the
// fields a push sends differ (push-plan.ts, differingFields), and a unified diff of the two.
//
// The diff is of the file as pwctl would write it, twice: once as it is, once with the
// service's title, audience, edit access and body put in. Everything else (uuid, updated_at,
// the owner, a user's own keys) is the file's on both sides, so only the fields that matter
// can differ, and the line numbers are the file's own: `patch -R <file>` takes a pulled file
// back to the service's version, as far as those fields go. The line diff is jsdiff's
// (Myers), bounded: two bodies too different to diff within MAX_EDIT_LENGTH edits are shown
// as one replaced whole.
import { formatPatch, OMIT_HEADERS, structuredPatch } from 'diff';
import type { Document, EditAccess } from '../../api/types.js';
import { escapeInline } from '../../io/sanitize.js';
import { comparableBody } from '../../content/bodies.js';
import { renderDocFile, type DocFile } from './doc-file.js';
import { differingFields } from './push-plan.js';

/** Past this many inserted and deleted lines the two sides are shown as one replacement: the diff's cost is bounded. */
const MAX_EDIT_LENGTH = 1000;
const CONTEXT_LINES = 3;

export type DiffStatus = 'same' | 'differs' | 'not_pulled' | 'not_on_service';

/** A field on each side. */
export interface Sides<T> {
  service: T;
  file: T;
}

/** One file's result: what `-o json` prints. */
export interface DocDiff {
  file: string;
  uuid: string | null;
  status: DiffStatus;
  same: boolean;
  /** The API fields a push of the file would send (title, content, is_internal, edit_access). */
  changed: string[];
  updated_at?: Sides<string | null>;
  title?: Sides<string>;
  is_internal?: Sides<boolean | null>;
  edit_access?: Sides<EditAccess | null>;
  /** The bodies' unified diff, hunks only (`@@ … @@` and their lines), service first. */
  body_diff?: string;
}

/** A record and what a person reads for it: the unified diff, or one line saying why there is none. */
export interface FileComparison {
  record: DocDiff;
  text: string;
}

export function notPulled(path: string): FileComparison {
  return {
    record: { file: path, uuid: null, status: 'not_pulled', same: false, changed: [] },
    text: `${escapeInline(path)}: never pulled (no uuid in its front matter); \`pwctl docs push\` creates it as a new document\n`,
  };
}

export function notOnService(path: string, uuid: string): FileComparison {
  return {
    record: { file: path, uuid, status: 'not_on_service', same: false, changed: [] },
    text: `${escapeInline(path)}: document ${uuid} is not on the service (deleted, or not visible with this token)\n`,
  };
}

export function compareDocument(path: string, file: DocFile, current: Document): FileComparison {
  const changes = differingFields(file, current);
  const changed = Object.keys(changes);
  const record: DocDiff = {
    file: path,
    uuid: current.uuid,
    status: changed.length === 0 ? 'same' : 'differs',
    same: changed.length === 0,
    changed,
    updated_at: { service: current.updated_at, file: file.updated_at ?? null },
  };
  if (changes.title !== undefined) record.title = { service: current.title, file: file.title };
  if (changes.is_internal !== undefined)
    record.is_internal = { service: current.is_internal ?? null, file: changes.is_internal };
  if (changes.edit_access !== undefined)
    record.edit_access = { service: current.edit_access ?? null, file: changes.edit_access };
  const serviceBody = withNewline(comparableBody(current.content ?? ''));
  const fileBody = withNewline(comparableBody(file.body));
  if (changes.content !== undefined) record.body_diff = hunks(serviceBody, fileBody);
  if (record.same) return { record, text: '' };

  // The file as pwctl writes it, as it is and with the service's side of each compared field.
  const asFile = renderDocFile({ ...file, body: fileBody });
  const asService = renderDocFile({
    ...file,
    title: current.title,
    body: serviceBody,
    is_internal: file.is_internal === undefined ? undefined : current.is_internal,
    edit_access: file.edit_access === undefined ? undefined : current.edit_access,
  });
  // Labels, not content: escaped in a pipe too, so a title cannot break the header line.
  const header = `--- service: ${escapeInline(current.title)} (${escapeInline(current.updated_at)})\n+++ ${escapeInline(path)}\n`;
  return { record, text: `${header}${hunks(asService, asFile)}` };
}

function withNewline(body: string): string {
  return body === '' ? '' : `${body}\n`;
}

/** The unified diff hunks from `before` to `after` (both ending in a newline, or empty). */
export function hunks(before: string, after: string): string {
  if (before === after) return '';
  const patch = structuredPatch('', '', before, after, undefined, undefined, {
    context: CONTEXT_LINES,
    maxEditLength: MAX_EDIT_LENGTH,
  });
  if (!patch) return wholeReplacement(before, after);
  return patch.hunks.length === 0 ? '' : formatPatch(patch, OMIT_HEADERS);
}

function wholeReplacement(before: string, after: string): string {
  const lines = (text: string) => (text === '' ? [] : text.slice(0, -1).split('\n'));
  const [old, now] = [lines(before), lines(after)];
  const range = (count: number) => `${count === 0 ? 0 : 1},${count}`;
  return [
    `@@ -${range(old.length)} +${range(now.length)} @@`,
    ...old.map((l) => `-${l}`),
    ...now.map((l) => `+${l}`),
    '',
  ].join('\n');
}
