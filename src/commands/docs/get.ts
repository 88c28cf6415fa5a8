import { getDocument } from '../../api/documents.js';
import type { Factory } from '../../factory.js';
import { parseUuid } from '../../validate.js';
import { asksForContent } from './list.js';
import { DOCUMENT_VIEW } from './views.js';

export interface GetDocOptions {
  content?: boolean;
}

export async function run(ctx: Factory, uuidArg: string, opts: GetDocOptions): Promise<void> {
  const uuid = parseUuid(uuidArg, '<uuid>');
  ctx.output.checkFields(DOCUMENT_VIEW);
  const fields = ctx.output.fields;
  const client = await ctx.api();
  const doc = await getDocument(client, uuid, { content: opts.content === true || asksForContent(fields) });

  if (ctx.output.format !== 'table') return ctx.output.record(doc, DOCUMENT_VIEW);
  if (fields?.length === 1 && fields[0] === 'content') {
    // The body alone, for `> file` and `$(…)`: byte for byte in a pipe; on a terminal,
    // with control characters made visible.
    const body = doc.content ?? '';
    return ctx.io.stdoutIsTTY ? (body === '' ? undefined : ctx.output.text(body)) : ctx.output.raw(body);
  }
  await ctx.output.record(doc, DOCUMENT_VIEW);
  if (opts.content && !fields && doc.content) await ctx.output.text(`\n${doc.content}`);
}
