import { listDocuments, type DocumentFilters } from '../../api/documents.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { printList, resolveLimit, type ListFlags } from '../list-options.js';
import { audienceFromFlags } from './content.js';
import { DOCUMENT_VIEW } from './views.js';

export interface ListDocsOptions extends ListFlags {
  company?: string;
  project?: string;
  client?: string;
  internal?: boolean;
  clientVisible?: boolean;
  content?: boolean;
}

export async function run(ctx: Factory, opts: ListDocsOptions): Promise<void> {
  ctx.output.checkFields(DOCUMENT_VIEW);
  const filters: DocumentFilters = {
    company_id: opts.company === undefined ? ctx.settings.company : parseId(opts.company, '--company'),
    project_id: opts.project === undefined ? undefined : parseId(opts.project, '--project'),
    client_id: opts.client === undefined ? undefined : parseId(opts.client, '--client'),
    is_internal: audienceFromFlags(opts),
    content: opts.content === true || asksForContent(ctx.output.fields),
  };
  const limit = resolveLimit(opts);
  const client = await ctx.api();
  await printList(ctx, DOCUMENT_VIEW, (result) => listDocuments(client, filters, limit, result));
}

/** `--fields content` needs the body, which the service sends only when asked. */
export function asksForContent(fields: readonly string[] | undefined): boolean {
  return fields?.some((f) => f === 'content' || f.startsWith('content.')) ?? false;
}
