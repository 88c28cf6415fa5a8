import { listDocuments, type DocumentFilters } from '../../api/documents.js';
import type { RunOf } from '../declare.js';
import { limitOf, printList } from '../list-flags.js';
import { matchesSearch, readsBeyondLimit, refine, type Refinement } from '../list-refine.js';
import type { Document } from '../../api/types.js';
import type { list } from './index.js';
import { DOCUMENT_VIEW } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  const filters: DocumentFilters = {
    company_id: opts.company ?? ctx.settings.company,
    project_id: opts.project,
    client_id: opts.client,
    is_internal: opts.audience,
    include: opts.content || asksForContent(ctx.output.fields) ? ['content'] : undefined,
  };
  const limit = limitOf(opts);
  const { search } = opts;
  const refinement: Refinement<Document> = {
    keep: search === undefined ? undefined : (doc) => matchesSearch(doc.title, search),
    sort: opts.sort,
  };
  const client = await ctx.api();
  await printList(
    ctx,
    DOCUMENT_VIEW,
    (paging) =>
      refine(
        listDocuments(client, filters, readsBeyondLimit(refinement) ? 'all' : limit, paging),
        refinement,
        limit,
        paging,
      ),
    'no documents match',
  );
};

/** `--fields content` needs the body, which the service sends only when asked. */
export function asksForContent(fields: readonly string[] | undefined): boolean {
  return fields?.some((f) => f === 'content' || f.startsWith('content.')) ?? false;
}
