import { getDocument, updateDocument } from '../../api/documents.js';
import { ApiError } from '../../api/errors.js';
import type { UpdateDocumentBody } from '../../api/types.js';
import type { RunOf } from '../declare.js';
import { checkReplacement, isBlank, verifyContainers } from './content.js';
import type { update } from './index.js';
import { DOCUMENT_VIEW } from './views.js';

export const run: RunOf<typeof update> = async (ctx, opts) => {
  ctx.output.checkFields(DOCUMENT_VIEW);
  const { content, uuid } = opts;
  const allowRemoving = opts.allowRemovingAttachments;
  if (content) verifyContainers(content, opts.verify);

  const client = await ctx.api();
  const body: UpdateDocumentBody = {};
  if (opts.title !== undefined) body.title = opts.title;
  if (content) {
    // The current body is fetched only to name what the new one leaves out.
    if (!isBlank(content.text))
      checkReplacement(ctx, await getDocument(client, uuid, { content: true }), content.text, allowRemoving);
    body.content = content.text;
    if (allowRemoving) body.allow_removing_attachments = true;
  }
  if (opts.audience !== undefined) body.is_internal = opts.audience;
  if (opts.editAccess !== undefined) body.edit_access = opts.editAccess;

  const doc = await updateDocument(client, uuid, body).catch((error: unknown) => {
    throw explainTeamOnly(error, body);
  });
  await ctx.output.record(doc, DOCUMENT_VIEW);
};

/** A 403 on a change of audience or edit access: say which flags a client user's token cannot use. */
function explainTeamOnly(error: unknown, body: UpdateDocumentBody): unknown {
  if (!(error instanceof ApiError) || error.status !== 403) return error;
  if (body.is_internal === undefined && body.edit_access === undefined) return error;
  return error.with({
    message: `${error.message} (--internal, --client-visible and --edit-access need an agency team member's token)`,
  });
}
