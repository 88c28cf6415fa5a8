// `docs push <dir>`: each `*.md` file back to the service, as push-plan.ts decides — create,
// update the fields that changed, skip, or refuse a conflict — through the bulk runner, one
// result per file. Created and updated files get the service's uuid and updated_at written
// back into their front matter. Every file is read and checked before the first request.
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { createDocument, updateDocument } from '../../api/documents.js';
import type { CreateDocumentBody, Document } from '../../api/types.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { describeElements, omittedElements } from '../../content/preserved.js';
import { escapeInline } from '../../io/sanitize.js';
import type { Ctx } from '../context.js';
import type { OptionsFor, RunOf } from '../declare.js';
import { verifyContainers } from './content.js';
import { currentDocuments } from './current-documents.js';
import { docFileOf, editableDigest, renderDocFile, type DocFile } from './doc-file.js';
import { checkStateFile, filesByUuid, readDocsDir, readDocsState, writeDocsState, type DocsState } from './docs-dir.js';
import { pulledDocumentProblem } from './pulled-document.js';
import { createBody, placeOwnerless } from './push-owner.js';
import { planAgainstService, planWithoutService, type PushPlan } from './push-plan.js';
import type { push } from './index.js';
import { FILE_RESULT_VIEW, type FileOutcome } from './sync-view.js';

type PushOptions = OptionsFor<typeof push>;

interface PushItem {
  name: string;
  file: DocFile;
  plan: PushPlan;
  /** A new file's create body. */
  body: CreateDocumentBody;
}

export const run: RunOf<typeof push> = async (ctx, opts) => {
  const { dir } = opts;
  ctx.output.checkFields(FILE_RESULT_VIEW);
  const local = await readDocsDir(dir);
  const problem = local.find((f) => f.problem)?.problem;
  if (problem) throw problem;
  filesByUuid(local);
  await checkStateFile(dir);
  const state = await readDocsState(dir);
  const files = local.map((f) => ({ name: f.name, file: f.doc! }));
  const early = files.map(({ file }) =>
    planWithoutService(file, file.uuid === undefined ? undefined : state.documents[file.uuid]),
  );
  // Bodies that may be sent are checked now, before any request.
  files.forEach(({ name, file }, i) => {
    if (early[i]?.kind !== 'skip') verifyContainers({ text: file.body, source: name }, opts.verify);
  });
  if (files.length === 0) {
    ctx.io.notice(`nothing to do: ${dir} holds no .md files`);
    return;
  }

  const client = await ctx.api();
  const wanted = new Set(files.filter((_, i) => early[i] === undefined).map(({ file }) => file.uuid!));
  const { current, malformed } = await currentDocuments(client, wanted);
  const items: PushItem[] = files.map(({ name, file }, i) => {
    const problem = malformed.get(file.uuid!);
    const plan: PushPlan =
      early[i] ??
      (problem
        ? { kind: 'refuse', reason: `the service sent ${problem}; nothing was sent` }
        : planAgainstService(file, current.get(file.uuid!), opts.force, join(dir, name)));
    return { name, file, plan, body: createBody(ctx, file) };
  });
  await placeOwnerless(ctx, items);
  if (ctx.dryRun) for (const item of items) ctx.io.notice(escapeInline(describePlan(item)));

  try {
    await ctx.bulk(items, (api, item) => pushOne(ctx, api, dir, item, state, opts), {
      done: 'ok',
      concurrency: opts.concurrency,
      view: FILE_RESULT_VIEW,
      key: (item) => ({ id: item.name }),
      failureIsPartial: true,
      dryRunNotice: `--dry-run: ${items.filter((i) => i.plan.kind === 'create' || i.plan.kind === 'update').length} files would be sent, none were`,
    });
  } finally {
    if (!ctx.dryRun) await writeDocsState(dir, state);
  }
};

async function pushOne(
  ctx: Ctx,
  client: ApiClient,
  dir: string,
  item: PushItem,
  state: DocsState,
  opts: PushOptions,
): Promise<FileOutcome> {
  const { name, file, plan, body } = item;
  const outcome = (
    action: string,
    doc: Pick<Document, 'uuid' | 'title' | 'updated_at'> | undefined,
    more: Partial<FileOutcome> = {},
  ): FileOutcome => ({
    action,
    uuid: doc?.uuid ?? file.uuid ?? null,
    title: doc?.title ?? file.title,
    updated_at: doc?.updated_at ?? file.updated_at ?? null,
    ...more,
  });
  switch (plan.kind) {
    case 'skip':
      // The same text as the service, under an older updated_at: the file is current now.
      if (plan.current && !ctx.dryRun) {
        if (plan.current.updated_at !== file.updated_at) await writeBack(dir, name, plan.current, file, state);
        else
          state.documents[plan.current.uuid] = {
            file: name,
            updated_at: plan.current.updated_at,
            digest: editableDigest(file),
          };
      }
      return outcome('skipped', plan.current, { reason: plan.reason });
    case 'refuse':
      throw new Error(plan.reason);
    case 'missing':
      throw new Error(
        `document ${file.uuid} is not on the service (deleted, or not visible with this token); remove uuid and updated_at from the front matter to create it as a new document`,
      );
    case 'create': {
      let doc = await createDocument(
        client,
        body,
        `pwctl docs list --all --fields uuid,title,created_at (then add the uuid to ${name})`,
      );
      // The create body has no edit_access (the reference's table): a second request sets it.
      if (file.edit_access !== undefined && file.edit_access !== doc.edit_access)
        doc = await updateDocument(client, doc.uuid, { edit_access: file.edit_access });
      await writeBack(dir, name, doc, file, state);
      return outcome('created', doc);
    }
    case 'update': {
      const { changes, current } = plan;
      if (changes.content !== undefined) {
        noticeKeptElements(ctx, name, current.content ?? '', changes.content, opts.allowRemovingAttachments);
        if (opts.allowRemovingAttachments) changes.allow_removing_attachments = true;
      }
      const doc = await updateDocument(client, current.uuid, changes);
      await writeBack(dir, name, doc, file, state);
      return outcome('updated', doc, { changed: plan.changed });
    }
  }
}

/** The service's uuid and updated_at (and its other front matter) into the file, the body kept as written. */
async function writeBack(dir: string, name: string, doc: Document, file: DocFile, state: DocsState): Promise<void> {
  // A file the next push could not read would stop every later push of the directory.
  const problem = pulledDocumentProblem(doc);
  if (problem) throw new Error(`${name} was left as it was: the service answered with ${problem}`);
  const written = docFileOf(doc, file.extra, file.body);
  await writeFileAtomic(join(dir, name), renderDocFile(written));
  state.documents[doc.uuid] = { file: name, updated_at: doc.updated_at, digest: editableDigest(written) };
}

/** The service keeps attachments, embeds and form fields a new body leaves out, unless told otherwise. */
function noticeKeptElements(ctx: Ctx, name: string, current: string, next: string, allowRemoving: boolean): void {
  const omitted = omittedElements(current, next);
  if (omitted.length === 0) return;
  const what = escapeInline(describeElements(omitted));
  name = escapeInline(name);
  ctx.io.notice(
    allowRemoving
      ? `${name}: removing ${what} (--allow-removing-attachments)`
      : `${name}: leaves out ${what}; the service keeps ${omitted.length === 1 ? 'it' : 'them'} in place (--allow-removing-attachments removes ${omitted.length === 1 ? 'it' : 'them'})`,
  );
}

function describePlan({ name, plan }: PushItem): string {
  switch (plan.kind) {
    case 'create':
      return `would create ${name}`;
    case 'update':
      return `would update ${name} (${plan.changed.join(', ')})`;
    case 'skip':
      return `would skip ${name}: ${plan.reason}`;
    case 'refuse':
      return `would refuse ${name}: ${plan.reason}`;
    case 'missing':
      return `would fail ${name}: its uuid is not on the service`;
  }
}
