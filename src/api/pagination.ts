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

/** The next link as the service sent it: a URL, or anything else a broken service may send (PageTrail judges it). */
function nextLink(body: PageBody<unknown>): unknown {
  return body.links?.next ?? body.next_page_url ?? null;
}

export interface PaginateResult {
  /** True when the limit cut the list short and the server had more. */
  truncated: boolean;
  requests: number;
}

export interface PaginateOptions {
  /** Filled in as pages are read. */
  result?: PaginateResult;
  /** The first page's URL, for errors and to resolve relative next links. */
  firstUrl?: string;
  /** The most pages to read (--max-pages); DEFAULT_MAX_PAGES when not given. */
  maxPages?: number;
}

/**
 * Yield records page by page until `limit` records or the last page, following next links.
 * `fetchPage` receives undefined for the first page and a next URL afterwards. A next link
 * that is not a URL or goes round in circles ends the list with an error before the page's
 * records are yielded; one that would pass `maxPages`, after them (src/api/page-trail.ts).
 */
export async function* paginate<T>(
  fetchPage: (nextUrl: string | undefined) => Promise<PageBody<T>>,
  limit: Limit,
  { result = { truncated: false, requests: 0 }, firstUrl, maxPages }: PaginateOptions = {},
): AsyncGenerator<T, PaginateResult> {
  let remaining = limit === 'all' ? Infinity : limit;
  let next: string | undefined;
  const trail = new PageTrail(firstUrl, maxPages);
  for (;;) {
    const body = await fetchPage(next);
    result.requests++;
    const records = Array.isArray(body.data) ? body.data : [];
    const link = nextLink(body);
    // No link, an empty page or the limit reached within this page ends the list.
    const url = link === null || link === '' || records.length === 0 ? undefined : link;
    const following = url !== undefined && remaining > records.length;
    const nextUrl = following ? await trail.followed(next, body, records, url) : undefined;
    for (const record of records) {
      if (remaining <= 0) {
        result.truncated = true;
        return result;
      }
      remaining--;
      yield record;
    }
    if (url === undefined) return result;
    if (nextUrl === undefined) {
      result.truncated = true;
      return result;
    }
    trail.beforeNext();
    next = nextUrl;
  }
}
