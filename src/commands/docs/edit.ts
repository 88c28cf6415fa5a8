import { getDocument, updateDocument } from '../../api/documents.js';
import type { Document } from '../../api/types.js';
import type { RunOf } from '../declare.js';
import { editBody, editorFor } from '../editor.js';
import { checkReplacement, verifyContainers } from './content.js';
import type { edit } from './index.js';
import { DOCUMENT_VIEW } from './views.js';

export const run: RunOf<typeof edit> = async (ctx, opts) => {
  const { uuid } = opts;
  ctx.output.checkFields(DOCUMENT_VIEW);
  editorFor(ctx); // no editor usable here: say so before any request
  const allowRemoving = opts.allowRemovingAttachments;
  const client = await ctx.api();
  const current = await getDocument(client, uuid, { content: true });
  let updated: Document | undefined;
  await editBody(ctx, current.content ?? '', `${current.title.slice(0, 40)}-${uuid.slice(0, 8)}`, async (text) => {
    verifyContainers({ text, source: 'the edited text' }, opts.verify);
    checkReplacement(ctx, current, text, allowRemoving);
    updated = await updateDocument(
      client,
      uuid,
      allowRemoving ? { content: text, allow_removing_attachments: true } : { content: text },
    );
  });
  if (updated) await ctx.output.record(updated, DOCUMENT_VIEW);
};
