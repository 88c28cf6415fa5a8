// List envelopes: {data, links, meta} for most lists, {data, next_page_url, prev_page_url}
// for webhooks. Links are absolute, built from the request's Host, and keep the query.
import { MAX_PER_PAGE, type Page, type WebhookPage } from '../api/types.js';
import type { FieldErrors } from './http-error.js';
import { queryInteger, type Query } from './validate.js';

/** Page size when per_page is omitted (the reference leaves it open). */
export const DEFAULT_PER_PAGE = 15;

export interface PageRequest {
  page: number;
  perPage: number;
}

export interface ListUrl {
  /** scheme://host of the request. */
  origin: string;
  path: string;
  query: Query;
}

export function parsePageQuery(query: Query, errors: FieldErrors): PageRequest {
  const page = queryInteger(query, 'page', errors, { min: 1 }) ?? 1;
  const perPage = queryInteger(query, 'per_page', errors, { min: 1, max: MAX_PER_PAGE }) ?? DEFAULT_PER_PAGE;
  return { page, perPage };
}

function pageUrl(url: ListUrl, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(url.query)) if (k !== 'page') params.set(k, v);
  params.set('page', String(page));
  return `${url.origin}${url.path}?${params.toString()}`;
}

/** Slices one page out of `items` and maps only that page's records. */
export function paginate<T, U>(items: readonly T[], req: PageRequest, url: ListUrl, map: (item: T) => U): Page<U> {
  const lastPage = Math.max(1, Math.ceil(items.length / req.perPage));
  const start = (req.page - 1) * req.perPage;
  const slice = items.slice(start, start + req.perPage);
  return {
    data: slice.map(map),
    links: {
      first: pageUrl(url, 1),
      last: pageUrl(url, lastPage),
      prev: req.page > 1 ? pageUrl(url, Math.min(req.page - 1, lastPage)) : null,
      next: req.page < lastPage ? pageUrl(url, req.page + 1) : null,
    },
    meta: {
      current_page: req.page,
      current_page_url: pageUrl(url, req.page),
      from: slice.length ? start + 1 : null,
      path: `${url.origin}${url.path}`,
      per_page: req.perPage,
      to: slice.length ? start + slice.length : null,
    },
  };
}

export function paginateWebhooks<T>(
  items: readonly T[],
  req: PageRequest,
  url: ListUrl,
  map: (item: T) => WebhookPage['data'][number],
): WebhookPage {
  const page = paginate(items, req, url, map);
  return { data: page.data, next_page_url: page.links.next, prev_page_url: page.links.prev };
}
