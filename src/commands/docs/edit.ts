import { getDocument, updateDocument } from '../../api/documents.js';
import type { Document } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { parseUuid } from '../../validate.js';
import { editBody, editorCommand } from '../editor.js';
import { checkReplacement, verifyContainers } from './content.js';
import { DOCUMENT_VIEW } from './views.js';

export interface EditDocOptions {
  allowRemovingAttachments?: boolean;
  /** false with --no-verify. */
  verify?: boolean;
}

export async function run(ctx: Factory, uuidArg: string, opts: EditDocOptions): Promise<void> {
  const uuid = parseUuid(uuidArg, '<uuid>');
  ctx.output.checkFields(DOCUMENT_VIEW);
  editorCommand(ctx.env); // no editor is a usage error before any request
  const allowRemoving = opts.allowRemovingAttachments === true;
  const client = await ctx.api();
  const current = await getDocument(client, uuid, { content: true });
  let updated: Document | undefined;
  await editBody(ctx, current.content ?? '', `${current.title.slice(0, 40)}-${uuid.slice(0, 8)}`, async (text) => {
    verifyContainers({ text, source: 'the edited text' }, opts.verify !== false);
    checkReplacement(ctx, current, text, allowRemoving);
    updated = await updateDocument(client, uuid, allowRemoving ? { content: text, allow_removing_attachments: true } : { content: text });
  });
  if (updated) await ctx.output.record(updated, DOCUMENT_VIEW);
}
