import { describe, expect, it } from 'vitest';
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
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) => (page - 1) * perPage + i + 1);
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
    const records = await collect(paginate(fetchPage, 'all', result));
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
    expect(await collect(paginate(fetchPage, 15, result))).toHaveLength(15);
    expect(urls).toHaveLength(2);
    expect(result.truncated).toBe(true);
  });

  it('is not truncated when the limit equals the total', async () => {
    const { fetchPage } = pages(10, 10);
    const result: PaginateResult = { truncated: false, requests: 0 };
    await collect(paginate(fetchPage, 10, result));
    expect(result.truncated).toBe(false);
  });

  it('stops when a server links a page to itself', async () => {
    let calls = 0;
    const fetchPage = async (): Promise<PageBody<number>> => {
      calls++;
      return { data: [calls], links: { next: 'http://x/api/v1/steps?page=2' } };
    };
    expect(await collect(paginate(fetchPage, 'all'))).toEqual([1, 2]);
    expect(calls).toBe(2);
  });
});
