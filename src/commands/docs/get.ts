import { getDocument } from '../../api/documents.js';
import type { Factory } from '../../factory.js';
import { parseUuid } from '../../validate.js';
import { printRecordWithBody } from '../record-body.js';
import { asksForContent } from './list.js';
import { DOCUMENT_VIEW } from './views.js';

export interface GetDocOptions {
  content?: boolean;
}

export async function run(ctx: Factory, uuidArg: string, opts: GetDocOptions): Promise<void> {
  const uuid = parseUuid(uuidArg, '<uuid>');
  ctx.output.checkFields(DOCUMENT_VIEW);
  const client = await ctx.api();
  const doc = await getDocument(client, uuid, { content: opts.content === true || asksForContent(ctx.output.fields) });
  await printRecordWithBody(ctx, doc, DOCUMENT_VIEW, doc.content, opts.content === true);
}
