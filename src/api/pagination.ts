import { PageTrail } from './page-trail.js';
import { MAX_PER_PAGE } from './types.js';

/** How many records to fetch: a number, or every record. */
export type Limit = number | 'all';

/**
 * The page size that needs the fewest requests for `limit`, and of the page sizes with that
 * request count the smallest, so no more records are transferred than needed
 * (1,500 → two pages of 750, not 1,000 + 500 after fetching 2,000).
 */
export function choosePerPage(limit: Limit, max = MAX_PER_PAGE): number {
  if (limit === 'all') return max;
  const pages = Math.ceil(limit / max);
  return Math.ceil(limit / pages);
}

/**
 * One page as the list endpoints return it: the task-style `links.next` or the webhook-style
 * `next_page_url`; links.last and meta tell how many pages there are, where present.
 */
export interface PageBody<T> {
  data: T[];
  links?: { next?: string | null; last?: string | null };
  /** The reference's meta has current_page and per_page; total and last_page are read where a service adds them. */
  meta?: { current_page?: unknown; per_page?: unknown; total?: unknown; last_page?: unknown };
  next_page_url?: string | null;
}

export function nextPageUrl(body: PageBody<unknown>): string | null {
  return body.links?.next ?? body.next_page_url ?? null;
}

export interface PaginateResult {
  /** True when the limit cut the list short and the server had more. */
  truncated: boolean;
  requests: number;
}

/**
 * Yield records page by page until `limit` records or the last page, following next links.
 * `fetchPage` receives undefined for the first page and a next URL afterwards; `firstUrl` is
 * the first page's URL, for errors. A next link that goes round in circles ends the list
 * with an error (src/api/page-trail.ts) before the page's records are yielded.
 */
export async function* paginate<T>(
  fetchPage: (nextUrl: string | undefined) => Promise<PageBody<T>>,
  limit: Limit,
  result: PaginateResult = { truncated: false, requests: 0 },
  firstUrl?: string,
): AsyncGenerator<T, PaginateResult> {
  let remaining = limit === 'all' ? Infinity : limit;
  let next: string | undefined;
  const trail = new PageTrail(firstUrl);
  for (;;) {
    const body = await fetchPage(next);
    result.requests++;
    const records = Array.isArray(body.data) ? body.data : [];
    const url = nextPageUrl(body);
    // An empty page ends the list even with a next link; so does the limit, within this page.
    const following = url !== null && records.length > 0 && remaining > records.length;
    if (following) await trail.followed(next, body, records, url);
    for (const record of records) {
      if (remaining <= 0) {
        result.truncated = true;
        return result;
      }
      remaining--;
      yield record;
    }
    if (!url || records.length === 0) return result;
    if (remaining <= 0) {
      result.truncated = true;
      return result;
    }
    next = url;
  }
}
