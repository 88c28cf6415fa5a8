import { getDocument } from '../../api/documents.js';
import type { RunOf } from '../declare.js';
import { printRecordWithBody } from '../record-body.js';
import type { get } from './index.js';
import { asksForContent } from './list.js';
import { DOCUMENT_VIEW } from './views.js';

export const run: RunOf<typeof get> = async (ctx, opts) => {
  ctx.output.checkFields(DOCUMENT_VIEW);
  const client = await ctx.api();
  const doc = await getDocument(client, opts.uuid, { content: opts.content || asksForContent(ctx.output.fields) });
  await printRecordWithBody(ctx, doc, DOCUMENT_VIEW, doc.content, opts.content);
};
