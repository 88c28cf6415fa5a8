// `docs diff <file|dir>`: each pulled file against what the service holds now (doc-diff.ts),
// so that a conflict `docs push` refused can be resolved. One request: for a directory, the
// list with bodies (pages of 1000) for the documents its files name; for a file, its document.
// For a person a unified diff (coloured on a terminal; into a pipe a plain one `patch` reads),
// for scripts one record per file. Exit 0 when nothing differs and 1 when something does, as
// diff(1): a file never pulled, or whose document is gone, differs too.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { getDocument } from '../../api/documents.js';
import { ApiError } from '../../api/errors.js';
import type { Document } from '../../api/types.js';
import { CommandFailedError, DifferencesFound, UsageError } from '../../errors.js';
import type { View } from '../../output/view.js';
import type { RunOf } from '../declare.js';
import { readFileBytes } from '../read-input.js';
import { currentDocuments } from './current-documents.js';
import { compareDocument, notOnService, notPulled, type DocDiff, type FileComparison } from './doc-diff.js';
import { parseDocFile, type DocFile } from './doc-file.js';
import { filesByUuid, readDocsDir } from './docs-dir.js';
import type { diff } from './index.js';
import { pulledDocumentProblem } from './pulled-document.js';

export const DOC_DIFF_VIEW: View<DocDiff> = {
  fields: [
    'file',
    'uuid',
    'status',
    'same',
    'changed',
    'updated_at',
    'title',
    'is_internal',
    'edit_access',
    'body_diff',
  ],
  columns: [
    { header: 'FILE', value: (r) => r.file, field: 'file', fit: 'shrink' },
    { header: 'STATUS', value: (r) => r.status, field: 'status' },
    { header: 'CHANGED', value: (r) => r.changed, field: 'changed' },
    { header: 'UUID', value: (r) => r.uuid, field: 'uuid' },
  ],
};

interface LocalDoc {
  /** The file as the user names it: the path given, or the directory joined with the name. */
  path: string;
  doc: DocFile;
}

export const run: RunOf<typeof diff> = async (ctx, opts) => {
  const { target } = opts;
  ctx.output.checkFields(DOC_DIFF_VIEW);
  const isDir = await isDirectory(target);
  const files = isDir ? await filesOfDir(target) : [await fileAt(target)];
  if (files.length === 0) {
    ctx.io.notice(`nothing to compare: ${target} holds no .md files`);
    return;
  }

  const wanted = new Set(files.flatMap((f) => (f.doc.uuid === undefined ? [] : [f.doc.uuid])));
  const current =
    wanted.size === 0
      ? new Map<string, Document>()
      : isDir
        ? await listed(await ctx.api(), files, wanted)
        : await fetched(await ctx.api(), files[0]!);
  const comparisons: FileComparison[] = files.map(({ path, doc }) => {
    if (doc.uuid === undefined) return notPulled(path);
    const now = current.get(doc.uuid);
    return now ? compareDocument(path, doc, now) : notOnService(path, doc.uuid);
  });

  // --quiet: the status alone, as git diff --quiet; errors are still said.
  if (opts.quiet) {
    if (comparisons.some((c) => !c.record.same)) throw new DifferencesFound('the files differ from the service');
    return;
  }

  // A person reads the diff; --fields asks for the records' columns instead.
  if (ctx.output.forPeople && ctx.output.fields === undefined) {
    await ctx.output.paged(async (output) => {
      for (const { text } of comparisons) if (text !== '') await output.diff(text);
    });
  } else
    await ctx.output.list(
      comparisons.map((c) => c.record),
      DOC_DIFF_VIEW,
    );
  const differing = comparisons.filter((c) => !c.record.same).length;
  const summary =
    files.length === 1
      ? `the file ${differing ? 'differs from' : 'matches'} the service`
      : differing
        ? `${differing} of ${files.length} files differ from the service`
        : `all ${files.length} files match the service`;
  ctx.io.notice(differing === 0 ? `no differences: ${summary}` : summary);
  if (differing > 0) throw new DifferencesFound(summary);
};

async function isDirectory(target: string): Promise<boolean> {
  try {
    return (await stat(target)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `<file|dir>: cannot read ${JSON.stringify(target)}: ${code === 'ENOENT' ? 'no such file or directory' : (code ?? (error as Error).message)}`,
    );
  }
}

/** Every .md file of the directory, each checked as push checks it, before any request. */
async function filesOfDir(dir: string): Promise<LocalDoc[]> {
  const local = await readDocsDir(dir);
  const problem = local.find((f) => f.problem)?.problem;
  if (problem) throw problem;
  filesByUuid(local);
  return local.map((f) => ({ path: join(dir, f.name), doc: f.doc! }));
}

async function fileAt(path: string): Promise<LocalDoc> {
  const text = (await readFileBytes(path, '<file|dir>')).toString('utf8');
  return { path, doc: parseDocFile(text, path) };
}

/** A directory's documents, from the list: one pass, never one request per document. */
async function listed(
  client: ApiClient,
  files: readonly LocalDoc[],
  wanted: ReadonlySet<string>,
): Promise<Map<string, Document>> {
  const { current, malformed } = await currentDocuments(client, wanted);
  const [uuid, problem] = [...malformed][0] ?? [];
  if (uuid !== undefined)
    throw new CommandFailedError(
      `${files.find((f) => f.doc.uuid === uuid)!.path}: cannot compare it: the service sent ${problem}`,
    );
  return current;
}

/** One file's document; a 404 means it is gone, which is a difference to report, not an error. */
async function fetched(client: ApiClient, file: LocalDoc): Promise<Map<string, Document>> {
  const uuid = file.doc.uuid!;
  let doc: Document;
  try {
    doc = await getDocument(client, uuid, { content: true });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'not_found') return new Map();
    throw error;
  }
  const problem = pulledDocumentProblem(doc);
  if (problem) throw new CommandFailedError(`${file.path}: cannot compare it: the service sent ${problem}`);
  return new Map([[uuid, doc]]);
}
