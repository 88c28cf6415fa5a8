import { getDocument, updateDocument } from '../../api/documents.js';
import { ApiError } from '../../api/errors.js';
import { EDIT_ACCESS_VALUES, type UpdateDocumentBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseEnum, parseUuid, requireNonEmpty } from '../../validate.js';
import { readContentFlags, type ContentFlags } from '../content-input.js';
import { audienceFromFlags, checkReplacement, isBlank, verifyContainers } from './content.js';
import { DOCUMENT_VIEW } from './views.js';

export interface UpdateDocOptions extends ContentFlags {
  title?: string;
  internal?: boolean;
  clientVisible?: boolean;
  editAccess?: string;
  allowRemovingAttachments?: boolean;
  /** false with --no-verify. */
  verify?: boolean;
}

export async function run(ctx: Factory, uuidArg: string, opts: UpdateDocOptions): Promise<void> {
  const uuid = parseUuid(uuidArg, '<uuid>');
  ctx.output.checkFields(DOCUMENT_VIEW);
  const title = opts.title === undefined ? undefined : requireNonEmpty(opts.title, '--title');
  const isInternal = audienceFromFlags(opts);
  const editAccess = opts.editAccess === undefined ? undefined : parseEnum(opts.editAccess, EDIT_ACCESS_VALUES, '--edit-access');
  const content = await readContentFlags(ctx, opts);
  const allowRemoving = opts.allowRemovingAttachments === true;
  if (allowRemoving && !content) throw new UsageError('--allow-removing-attachments applies only with --content or --content-file');
  if (title === undefined && isInternal === undefined && editAccess === undefined && !content) {
    throw new UsageError('nothing to update: pass --title, --content, --content-file, --internal, --client-visible or --edit-access');
  }
  if (content) verifyContainers(content, opts.verify !== false);

  const client = await ctx.api();
  const body: UpdateDocumentBody = {};
  if (title !== undefined) body.title = title;
  if (content) {
    // The current body is fetched only to name what the new one leaves out.
    if (!isBlank(content.text)) checkReplacement(ctx, await getDocument(client, uuid, { content: true }), content.text, allowRemoving);
    body.content = content.text;
    if (allowRemoving) body.allow_removing_attachments = true;
  }
  if (isInternal !== undefined) body.is_internal = isInternal;
  if (editAccess !== undefined) body.edit_access = editAccess;

  const doc = await updateDocument(client, uuid, body).catch((error: unknown) => {
    throw explainTeamOnly(error, body);
  });
  if (!doc) return;
  await ctx.output.record(doc, DOCUMENT_VIEW);
}

/** A 403 on a change of audience or edit access: say which flags a client user's token cannot use. */
function explainTeamOnly(error: unknown, body: UpdateDocumentBody): unknown {
  if (!(error instanceof ApiError) || error.status !== 403) return error;
  if (body.is_internal === undefined && body.edit_access === undefined) return error;
  return error.with({ message: `${error.message} (--internal, --client-visible and --edit-access need an agency team member's token)` });
}
