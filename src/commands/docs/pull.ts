// `docs pull <dir>`: one Markdown file per document the caller can read, bodies fetched with
// the list (include=content, pages of 1000), never one request per document. A document
// that already has a file (found by the uuid in its front matter) is rewritten in place; a
// new one gets `<slug-of-title>.md`, unique in the directory. A file edited since it was
// last pulled or pushed is not overwritten unless --force: its edits would be lost.
import { join } from 'node:path';
import { listDocuments, type DocumentFilters } from '../../api/documents.js';
import type { Document } from '../../api/types.js';
import { BulkFailure } from '../../errors.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { NameAllocator } from '../../files/safe-name.js';
import { prepareTargetDir } from '../../files/target-dir.js';
import { failureResult, successResult, type BulkResult } from '../../bulk/results.js';
import type { RunOf } from '../declare.js';
import { docFileOf, editableDigest, renderDocFile } from './doc-file.js';
import { filesByUuid, readDocsDir, readDocsState, writeDocsState, type DocsState, type LocalFile } from './docs-dir.js';
import type { pull } from './index.js';
import { FILE_RESULT_VIEW, type FileOutcome } from './sync-view.js';

export const run: RunOf<typeof pull> = async (ctx, opts) => {
  const { dir } = opts;
  const filters: DocumentFilters = {
    company_id: opts.company ?? ctx.settings.company,
    project_id: opts.project,
    client_id: opts.client,
    is_internal: opts.audience,
    include: ['content'],
  };
  ctx.output.checkFields(FILE_RESULT_VIEW);
  const exists = await prepareTargetDir(dir, { create: !ctx.dryRun });
  const local = exists ? await readDocsDir(dir) : [];
  for (const file of local) if (file.problem) ctx.io.warn(`${file.problem.message}; that file is left as it is`);
  const byUuid = filesByUuid(local);
  const names = new NameAllocator(local.map((file) => file.name));
  const state = exists ? await readDocsState(dir) : { documents: {} };
  const client = await ctx.api();

  let pulled = 0;
  let refused = 0;
  async function* results(): AsyncGenerator<BulkResult<FileOutcome>> {
    for await (const doc of listDocuments(client, filters, 'all')) {
      const result = await pullOne(dir, doc, byUuid.get(doc.uuid), names, state, { force: opts.force === true, write: !ctx.dryRun });
      pulled++;
      if (!result.ok) refused++;
      ctx.io.status(`pulled ${pulled} documents`);
      yield result;
    }
  }
  try {
    await ctx.output.list(results(), FILE_RESULT_VIEW);
  } finally {
    ctx.io.clearStatus();
    if (!ctx.dryRun) await writeDocsState(dir, state);
  }
  const notOverwritten = refused ? `, ${refused} not overwritten` : '';
  ctx.io.notice(ctx.dryRun ? `--dry-run: ${pulled} documents would be pulled into ${dir}${notOverwritten}; nothing was written` : `${pulled} documents pulled into ${dir}${notOverwritten}`);
  if (refused > 0) throw new BulkFailure(refused, pulled);
};

async function pullOne(
  dir: string,
  doc: Document,
  existing: LocalFile | undefined,
  names: NameAllocator,
  state: DocsState,
  { force, write }: { force: boolean; write: boolean },
): Promise<BulkResult<FileOutcome>> {
  const name = existing?.name ?? names.allocate(doc.title);
  const next = docFileOf(doc, existing?.doc?.extra);
  const text = renderDocFile(next);
  const outcome = (action: string): FileOutcome => ({ action, uuid: doc.uuid, title: doc.title, updated_at: doc.updated_at });
  if (existing?.doc && existing.text !== text && !force && editedSincePull(existing.doc, state, next)) {
    return failureResult(
      { id: name },
      new Error(`not overwritten: ${name} was edited since it was last pulled or pushed; push it first (pwctl docs push), or pull with --force to discard the edits`),
    );
  }
  const action = !existing ? 'created' : existing.text === text ? 'unchanged' : 'updated';
  if (!write) return successResult({ id: name }, outcome(action === 'unchanged' ? action : `would be ${action}`));
  if (action !== 'unchanged') await writeFileAtomic(join(dir, name), text);
  state.documents[doc.uuid] = { file: name, updated_at: doc.updated_at, digest: editableDigest(next) };
  return successResult({ id: name }, outcome(action));
}

/**
 * Edits that overwriting would lose: the file differs from its record of the last pull or
 * push, and from what would be written now. Without a record, any difference counts.
 */
function editedSincePull(file: LocalFile['doc'] & object, state: DocsState, next: ReturnType<typeof docFileOf>): boolean {
  const digest = editableDigest(file);
  if (digest === editableDigest(next)) return false;
  const record = file.uuid === undefined ? undefined : state.documents[file.uuid];
  return record === undefined || record.digest !== digest;
}
