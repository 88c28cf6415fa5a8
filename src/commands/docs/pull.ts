// `docs pull <dir>`: one Markdown file per document the caller can read, bodies fetched with
// the list (include=content, pages of 1000), never one request per document. A document
// that already has a file (found by the uuid in its front matter) is rewritten in place; a
// new one gets `<slug-of-title>.md`, unique in the directory. A file edited since it was
// last pulled or pushed is not overwritten unless --force: its edits would be lost. Each
// document stands alone: one the service sent malformed, or whose file cannot be written,
// fails with its own result and the rest are pulled (pulled-document.ts).
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
import {
  entryNames,
  filesByUuid,
  readDocsDir,
  readDocsState,
  STATE_FILE,
  writeDocsState,
  type DocsState,
  type LocalFile,
} from './docs-dir.js';
import type { pull } from './index.js';
import { pulledDocumentProblem, roundTripProblem } from './pulled-document.js';
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
  const { exists } = await prepareTargetDir(dir, { create: !ctx.dryRun });
  const local = exists ? await readDocsDir(dir) : [];
  for (const file of local) if (file.problem) ctx.io.warn(`${file.problem.message}; that file is left as it is`);
  const pull: PullRun = {
    dir,
    byUuid: filesByUuid(local),
    names: new NameAllocator(exists ? await entryNames(dir) : []),
    state: exists ? await readDocsState(dir) : { documents: Object.create(null) as DocsState['documents'] },
    written: new Map(),
    force: opts.force === true,
    write: !ctx.dryRun,
  };
  const client = await ctx.api();

  let listed = 0;
  let notOverwritten = 0;
  let failed = 0;
  let recorded = false;
  /** The record of this pull; a failure to save it is a result of its own (the documents are written). */
  const record = async (): Promise<BulkResult<FileOutcome> | undefined> => {
    if (recorded || ctx.dryRun) return undefined;
    recorded = true;
    try {
      await writeDocsState(dir, pull.state);
      return undefined;
    } catch (error) {
      return failureResult(
        { id: STATE_FILE },
        new Error(
          `not saved (${describeWriteError(error)}): it is how the next pull tells edited files from unchanged ones; remove or rename what is there`,
        ),
      );
    }
  };
  async function* results(): AsyncGenerator<BulkResult<FileOutcome>> {
    for await (const doc of listDocuments(client, filters, 'all')) {
      listed++;
      const result = await pullOne(pull, doc, listed);
      if (!result.ok) {
        failed++;
        if (result.error.startsWith(NOT_OVERWRITTEN)) notOverwritten++;
      }
      ctx.io.status(`pulled ${listed} documents`);
      yield result;
    }
    const unsaved = await record();
    if (unsaved) {
      failed++;
      yield unsaved;
    }
  }
  try {
    await ctx.output.list(results(), FILE_RESULT_VIEW);
  } finally {
    ctx.io.clearStatus();
    // A listing cut short still records the files it wrote.
    await record();
  }
  const others = failed - notOverwritten;
  const tally = `${notOverwritten ? `, ${notOverwritten} not overwritten` : ''}${others ? `, ${others} failed` : ''}`;
  ctx.io.notice(
    ctx.dryRun
      ? `--dry-run: ${listed} documents would be pulled into ${dir}${tally}; nothing was written`
      : `${listed} documents pulled into ${dir}${tally}`,
  );
  if (failed > 0) throw new BulkFailure(failed, listed);
};

const NOT_OVERWRITTEN = 'not overwritten';

/** One pull's view of its directory, shared by its documents. */
interface PullRun {
  dir: string;
  /** The local files, by the uuid in their front matter. */
  byUuid: Map<string, LocalFile>;
  /** Names free for new files: every entry of the directory is taken. */
  names: NameAllocator;
  state: DocsState;
  /** The documents of this pull so far, by uuid, and the file each went to. */
  written: Map<string, string>;
  force: boolean;
  write: boolean;
}

/**
 * One document into its file. Whatever is wrong with this document (what the service sent,
 * or writing its file) is this document's failed result; the others are pulled all the same.
 */
async function pullOne(pull: PullRun, doc: Document, position: number): Promise<BulkResult<FileOutcome>> {
  const unnamed = { id: `(document ${position} of the list)` };
  const problem = pulledDocumentProblem(doc);
  if (problem) return failureResult(unnamed, new Error(`nothing written: the service sent ${problem}`));
  const earlier = pull.written.get(doc.uuid);
  if (earlier !== undefined)
    return failureResult(
      unnamed,
      new Error(`nothing written: the service listed document ${doc.uuid} twice; the first is in ${earlier}`),
    );

  const existing = pull.byUuid.get(doc.uuid);
  const next = docFileOf(doc, existing?.doc?.extra);
  const text = renderDocFile(next);
  const unreadable = roundTripProblem(text, next);
  if (unreadable) return failureResult(unnamed, new Error(`nothing written for document ${doc.uuid}: ${unreadable}`));
  const name = existing?.name ?? pull.names.allocate(doc.title);
  pull.written.set(doc.uuid, name);
  const outcome = (action: string): FileOutcome => ({
    action,
    uuid: doc.uuid,
    title: doc.title,
    updated_at: doc.updated_at,
  });
  if (existing?.doc && existing.text !== text && !pull.force && editedSincePull(existing.doc, pull.state, next)) {
    return failureResult(
      { id: name },
      new Error(
        `${NOT_OVERWRITTEN}: ${name} was edited since it was last pulled or pushed; push it first (pwctl docs push), or pull with --force to discard the edits`,
      ),
    );
  }
  const action = !existing ? 'created' : existing.text === text ? 'unchanged' : 'updated';
  if (!pull.write) return successResult({ id: name }, outcome(action === 'unchanged' ? action : `would be ${action}`));
  if (action !== 'unchanged') {
    try {
      await writeFileAtomic(join(pull.dir, name), text);
    } catch (error) {
      return failureResult({ id: name }, new Error(`not written (${describeWriteError(error)})`));
    }
  }
  pull.state.documents[doc.uuid] = { file: name, updated_at: doc.updated_at, digest: editableDigest(next) };
  return successResult({ id: name }, outcome(action));
}

/** `it is a directory`, `permission denied`: what stopped a file from being written. */
function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR' || code === 'ENOTEMPTY') return 'a directory is in its place';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Edits that overwriting would lose: the file differs from its record of the last pull or
 * push, and from what would be written now. Without a record, any difference counts.
 */
function editedSincePull(
  file: LocalFile['doc'] & object,
  state: DocsState,
  next: ReturnType<typeof docFileOf>,
): boolean {
  const digest = editableDigest(file);
  if (digest === editableDigest(next)) return false;
  const record = file.uuid === undefined ? undefined : state.documents[file.uuid];
  return record === undefined || record.digest !== digest;
}
