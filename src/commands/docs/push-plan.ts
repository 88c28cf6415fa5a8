// What `docs push` does with each file, decided before anything is sent:
//
//   no uuid                                  → create the document
//   unchanged since its last pull or push    → skip (whatever the service now holds)
//   the same as the service                  → skip
//   changed, service not newer than the file → update the fields that differ
//   changed, service newer than the file     → refuse: a conflict (update with --force)
//   uuid unknown to the service              → fail
import type { Document, UpdateDocumentBody } from '../../api/types.js';
import { comparableBody } from '../../content/bodies.js';
import { editableDigest, isNewer, type DocFile } from './doc-file.js';
import type { PulledRecord } from './docs-dir.js';
import { shellWord } from '../shell-word.js';

export type PushPlan =
  | { kind: 'create' }
  | { kind: 'skip'; reason: string; current?: Document }
  | { kind: 'update'; changes: UpdateDocumentBody; changed: string[]; current: Document }
  | { kind: 'refuse'; reason: string }
  | { kind: 'missing' };

/** Files with a uuid that are unchanged since their record need nothing from the service. */
export function planWithoutService(file: DocFile, record: PulledRecord | undefined): PushPlan | undefined {
  if (file.uuid === undefined) return { kind: 'create' };
  if (record && record.digest === editableDigest(file)) return { kind: 'skip', reason: 'unchanged since the pull' };
  return undefined;
}

/** `path` is the file as the user names it: a conflict tells them how to see both sides. */
export function planAgainstService(
  file: DocFile,
  current: Document | undefined,
  force: boolean,
  path: string,
): PushPlan {
  if (!current) return { kind: 'missing' };
  const changes = differingFields(file, current);
  const changed = Object.keys(changes);
  if (changed.length === 0) return { kind: 'skip', reason: 'same as the service', current };
  if (!force && file.updated_at !== undefined && isNewer(current.updated_at, file.updated_at)) {
    return {
      kind: 'refuse',
      reason: `conflict: the document changed on the service (updated_at ${current.updated_at}) since this file's pull (${file.updated_at}); nothing was sent. See what changed with \`pwctl docs diff ${shellWord(path)}\`, bring the service's changes into the file, then push with --force (which overwrites the service's version)`,
    };
  }
  return { kind: 'update', changes, changed, current };
}

/**
 * What a push of the file would change: title and body always, audience and edit access when
 * the file gives them (a key left out of the front matter is not a change). `docs diff` shows
 * the same fields.
 */
export function differingFields(file: DocFile, current: Document): UpdateDocumentBody {
  const changes: UpdateDocumentBody = {};
  if (file.title !== current.title) changes.title = file.title;
  if (comparableBody(file.body) !== comparableBody(current.content ?? '')) changes.content = file.body;
  if (file.is_internal !== undefined && file.is_internal !== current.is_internal)
    changes.is_internal = file.is_internal;
  if (file.edit_access !== undefined && file.edit_access !== current.edit_access)
    changes.edit_access = file.edit_access;
  return changes;
}
