import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { choosePerPage, paginate, type PageBody, type PaginateResult } from '../../src/api/pagination.js';

describe('choosePerPage', () => {
  it('uses one request up to the maximum, and the smallest page size for the fewest requests beyond', () => {
    expect(choosePerPage(30)).toBe(30);
    expect(choosePerPage(1000)).toBe(1000);
    expect(choosePerPage(1001)).toBe(501);
    expect(choosePerPage(1500)).toBe(750);
    expect(choosePerPage(20_000)).toBe(1000);
    expect(choosePerPage('all')).toBe(1000);
  });
});

function pages(total: number, perPage: number, style: 'links' | 'webhooks' = 'links') {
  const urls: (string | undefined)[] = [];
  const fetchPage = async (next: string | undefined): Promise<PageBody<number>> => {
    urls.push(next);
    const page = next ? Number(new URL(next).searchParams.get('page')) : 1;
    const data = Array.from(
      { length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) },
      (_, i) => (page - 1) * perPage + i + 1,
    );
    const nextUrl = page * perPage < total ? `http://x/api/v1/steps?page=${page + 1}` : null;
    return style === 'links' ? { data, links: { next: nextUrl } } : { data, next_page_url: nextUrl };
  };
  return { fetchPage, urls };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('paginate', () => {
  it('follows links.next until the last page', async () => {
    const { fetchPage, urls } = pages(25, 10);
    const result: PaginateResult = { truncated: false, requests: 0 };
    const records = await collect(paginate(fetchPage, 'all', { result }));
    expect(records).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(urls).toEqual([undefined, 'http://x/api/v1/steps?page=2', 'http://x/api/v1/steps?page=3']);
    expect(result).toEqual({ truncated: false, requests: 3 });
  });

  it('follows the webhook list next_page_url', async () => {
    const { fetchPage } = pages(5, 2, 'webhooks');
    expect(await collect(paginate(fetchPage, 'all'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at the limit without fetching further pages, and says more exist', async () => {
    const { fetchPage, urls } = pages(100, 10);
    const result: PaginateResult = { truncated: false, requests: 0 };
    expect(await collect(paginate(fetchPage, 15, { result }))).toHaveLength(15);
    expect(urls).toHaveLength(2);
    expect(result.truncated).toBe(true);
  });

  it('is not truncated when the limit equals the total', async () => {
    const { fetchPage } = pages(10, 10);
    const result: PaginateResult = { truncated: false, requests: 0 };
    await collect(paginate(fetchPage, 10, { result }));
    expect(result.truncated).toBe(false);
  });
});

/** A list whose page `n` (from 1) is `page(n)`, fetched through paginate; records the URLs asked for. */
function scripted(page: (n: number) => PageBody<unknown>) {
  const urls: (string | undefined)[] = [];
  const fetchPage = async (next: string | undefined): Promise<PageBody<unknown>> => {
    urls.push(next);
    return page(urls.length);
  };
  return { fetchPage, urls };
}

const FIRST = 'http://x/api/v1/steps?per_page=1000';
const link = (query: string) => `http://x/api/v1/steps?${query}`;
/** The message of the error that ended the list; `passedOn` gets the records yielded before it. */
const failure = async (iterable: AsyncIterable<unknown>, passedOn: unknown[] = []): Promise<string> => {
  try {
    for await (const record of iterable) passedOn.push(record);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'bad_response', status: null });
    return (error as Error).message;
  }
  throw new Error('the list ended without an error');
};

describe('paginate ends a list whose next links go round in circles', () => {
  it('a next link that repeats a page already read (it used to stop silently)', async () => {
    const { fetchPage, urls } = scripted((n) => ({ data: [{ id: n }], links: { next: link('page=2') } }));
    expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }))).toBe(
      "GET /api/v1/steps?per_page=1000: the service's next link on page 2 repeats page 2 (GET /api/v1/steps?page=2): the list would never end; stopped after 2 pages",
    );
    expect(urls).toHaveLength(2);
  });

  it('a relative next link is compared as the URL it resolves to', async () => {
    const { fetchPage } = scripted((n) => ({
      data: [{ id: n }],
      links: { next: n === 1 ? '/api/v1/steps?page=2' : link('page=2') },
    }));
    expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 2 repeats page 2 \(GET \/api\/v1\/steps\?page=2\)/,
    );
  });

  it('a next link back to the first page', async () => {
    const { fetchPage } = scripted((n) => ({ data: [{ id: n }], links: { next: n === 1 ? link('page=2') : FIRST } }));
    expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 2 repeats page 1 \(GET \/api\/v1\/steps\?per_page=1000\)/,
    );
  });

  it('ever-new next links serving records already seen: stopped at the first such page', async () => {
    const { fetchPage, urls } = scripted((n) => ({
      data: [{ id: 1 }, { id: 2 }],
      links: { next: link(`page=${n + 1}`) },
    }));
    const seen: unknown[] = [];
    const message = await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }), seen);
    expect(message).toBe(
      "GET /api/v1/steps?per_page=1000: page 2 holds only records of earlier pages, yet the service's next link asks for page 3: the list would never end; stopped after 2 pages",
    );
    expect(urls).toHaveLength(2);
    expect(seen).toEqual([{ id: 1 }, { id: 2 }]); // the repeated page is not passed on
  });

  it('identical pages of records without ids, under cursor links', async () => {
    const { fetchPage } = scripted((n) => ({ data: ['a', { b: 1 }], links: { next: link(`cursor=${n}`) } }));
    expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /page 2 holds only records of earlier pages, yet the service's next link asks for another/,
    );
  });

  it('a next link whose page number goes back, or stays, under a new URL', async () => {
    const back = scripted((n) => ({
      data: [{ id: n }],
      links: { next: link(n === 3 ? 'page=2&again=1' : `page=${n + 1}`) },
    }));
    expect(await failure(paginate(back.fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /the service's next link on page 3 goes back to page 2 \(GET \/api\/v1\/steps\?page=2&again=1\): the list would never end; stopped after 3 pages$/,
    );
    const stays = scripted((n) => ({
      data: [{ id: n }],
      links: { next: link(`page=${Math.min(n + 1, 2)}&visit=${n}`) },
    }));
    expect(await failure(paginate(stays.fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 2 leads to page 2 again/,
    );
  });

  it('a page whose meta.current_page shows the service ignored the link', async () => {
    const { fetchPage } = scripted((n) => ({
      data: [{ id: n }],
      links: { next: link(`page=${n + 1}`) },
      meta: { current_page: 1 },
    }));
    expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 1 leads to page 1 again \(GET \/api\/v1\/steps\?page=2\)/,
    );
  });

  it('more pages than meta (total and per_page, or last_page) or links.last account for', async () => {
    const total = scripted((n) => ({
      data: [{ id: n }],
      links: { next: link(`page=${n + 1}`) },
      meta: { current_page: n, per_page: 2, total: 5 },
    }));
    expect(await failure(paginate(total.fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 3 leads past the last page the service announced \(page 3 of 3\)/,
    );
    const lastPage = scripted((n) => ({
      data: [{ id: n }],
      links: { next: link(`page=${n + 1}`) },
      meta: { current_page: n, last_page: 2 },
    }));
    expect(await failure(paginate(lastPage.fetchPage, 'all', { firstUrl: FIRST }))).toMatch(/\(page 2 of 2\)/);
    const last = scripted((n) => ({ data: [{ id: n }], links: { next: link(`page=${n + 1}`), last: link('page=1') } }));
    expect(await failure(paginate(last.fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 1 leads past the last page the service announced \(page 1 of 1\)/,
    );
  });

  it('lets well-behaved lists be: a list that grows while it is read, a last page of records shifted from the one before, a limit reached within a page', async () => {
    // The total grows by one record per page read: each page announces a later last page.
    const growing = scripted((n) => ({
      data: [{ id: n }],
      links: { next: n < 4 ? link(`page=${n + 1}`) : null },
      meta: { current_page: n, per_page: 1, total: n + 1 },
    }));
    expect(await collect(paginate(growing.fetchPage, 'all', { firstUrl: FIRST }))).toHaveLength(4);
    // Records updated meanwhile moved into the last page: seen before, but it links nowhere.
    const shifted = scripted((n) => ({ data: [{ id: 1 }], links: { next: n === 1 ? link('page=2') : null } }));
    expect(await collect(paginate(shifted.fetchPage, 'all', { firstUrl: FIRST }))).toEqual([{ id: 1 }, { id: 1 }]);
    // The limit ends within the repeated page: its link is never followed, so it is no loop.
    const limited = scripted(() => ({ data: [{ id: 1 }, { id: 2 }], links: { next: link('page=2') } }));
    const result: PaginateResult = { truncated: false, requests: 0 };
    expect(await collect(paginate(limited.fetchPage, 3, { result, firstUrl: FIRST }))).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 1 },
    ]);
    expect(result).toEqual({ truncated: true, requests: 2 });
  });

  it('reads the sandbox’s envelope (links.last, meta without total) to its end', async () => {
    const { fetchPage } = scripted((n) => ({
      data: [{ id: 2 * n - 1 }, { id: 2 * n }],
      links: { next: n < 3 ? link(`page=${n + 1}&per_page=2`) : null, last: link('page=3&per_page=2') },
      meta: { current_page: n, per_page: 2 },
    }));
    expect(await collect(paginate(fetchPage, 'all', { firstUrl: FIRST }))).toHaveLength(6);
  });
});

describe('paginate ends a list that never repeats and never ends (issue 34)', () => {
  /** New records under a new next link on every page, for ever. */
  const endless = () =>
    scripted((n) => ({ data: [{ id: 2 * n - 1 }, { id: 2 * n }], links: { next: link(`page=${n + 1}`) } }));

  it('stops at 10,000 pages by default, after passing on every record read', async () => {
    const { fetchPage, urls } = endless();
    const seen: unknown[] = [];
    expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }), seen)).toBe(
      "GET /api/v1/steps?per_page=1000: the service's next links did not end after 10000 pages, the most pwctl reads of one list (--max-pages 10000); raise --max-pages or check the service",
    );
    expect(urls).toHaveLength(10_000);
    expect(seen).toHaveLength(20_000);
  });

  it('stops at maxPages; a list that ends on that very page, or a limit reached before it, is no failure', async () => {
    const { fetchPage, urls } = endless();
    expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST, maxPages: 3 }))).toMatch(
      /did not end after 3 pages, the most pwctl reads of one list \(--max-pages 3\)/,
    );
    expect(urls).toHaveLength(3);
    const three = pages(6, 2);
    expect(await collect(paginate(three.fetchPage, 'all', { maxPages: 3 }))).toHaveLength(6);
    const limited = endless();
    expect(await collect(paginate(limited.fetchPage, 6, { maxPages: 3 }))).toHaveLength(6);
  });

  it('never requests a next link past the page links.last names, by number or as a cursor', async () => {
    const skip = scripted((n) => ({ data: [{ id: n }], links: { next: link(`page=${n + 4}`), last: link('page=3') } }));
    expect(await failure(paginate(skip.fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 1 asks for page 5, past the last page the service announced \(page 3\)/,
    );
    expect(skip.urls).toEqual([undefined]);
    const cursor = scripted((n) => ({
      data: [{ id: n }],
      links: { next: link(`cursor=c${n + 1}`), last: link('cursor=c2') },
    }));
    expect(await failure(paginate(cursor.fetchPage, 'all', { firstUrl: FIRST }))).toMatch(
      /next link on page 2 leads past the last page the service announced \(links\.last\)/,
    );
    expect(cursor.urls).toEqual([undefined, link('cursor=c2')]);
  });

  it('a next link that is not a URL ends the list, naming what it is (it used to crash the request)', async () => {
    for (const [next, kind] of [
      [2, 'a number'],
      [{ href: link('page=2') }, 'an object'],
      [['x'], 'an array'],
      [true, 'true'],
      ['javascript:alert(1)', 'a string that is not an http(s) URL'],
    ] as const) {
      const { fetchPage, urls } = scripted(() => ({ data: [{ id: 1 }], next_page_url: next as never }));
      expect(await failure(paginate(fetchPage, 'all', { firstUrl: FIRST }))).toBe(
        `GET /api/v1/steps?per_page=1000: the service's next link on page 1 is not a URL (${kind})`,
      );
      expect(urls).toHaveLength(1);
    }
    // Not followed, not judged: the limit was reached within the page.
    const { fetchPage } = scripted(() => ({ data: [{ id: 1 }, { id: 2 }], next_page_url: 2 as never }));
    expect(await collect(paginate(fetchPage, 2, { firstUrl: FIRST }))).toHaveLength(2);
  });
});
