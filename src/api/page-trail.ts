// The pages of one list as they are followed, and the signs that the service's next links go
// round in circles. A list is read until a page has no next link; a broken or hostile service
// can send one forever (the same record under ever-new links, a link back to a page already
// read, new records under new links), and pwctl would request pages without end, print them,
// write them to disk or hold them in memory. Each sign below ends the list with an error
// instead (exit 7), before the next link is requested; and whatever the links look like, a
// list ends after `maxPages` pages (--max-pages), so even a service that invents new records
// under new links for ever costs a bounded number of requests. What the trail remembers to
// judge (records and URLs read) is bounded too.
//
// What a page tells, from the reference's list conventions: links.next, links.last, and meta
// (current_page, per_page; total and last_page where a service adds them), or the webhook
// list's next_page_url alone. Page numbers are the `page` query parameter; cursor-style links
// without one are judged by the records they bring.
import { ApiError, displayPath } from './errors.js';
import { DEFAULT_MAX_PAGES } from './page-limit.js';
import type { PageBody } from './pagination.js';

/**
 * How many records (ids or digests) and URLs the trail remembers, newest first: a loop that
 * serves again what a recent page held is told as such; one that goes further back ends at
 * the page cap. Bounds the trail's memory whatever the number of pages.
 */
const REMEMBERED = 100_000;

export class PageTrail {
  /** Pages read so far. */
  #pages = 0;
  /** The number of the page last read, when known. */
  #number: number | undefined;
  /** Recent URLs read (normalised), and the page each was. */
  readonly #urls = new Recent<string, string>();
  /** The records of recent pages (their id, or a digest of an id-less record). */
  readonly #ids = new Recent<unknown, true>();
  readonly #digests = new Recent<unknown, true>();

  /**
   * `firstUrl`: the list's first request, named in errors; undefined when unknown.
   * `maxPages`: the most pages the list may read (--max-pages).
   */
  constructor(
    readonly firstUrl: string | undefined,
    readonly maxPages = DEFAULT_MAX_PAGES,
  ) {}

  /**
   * A page was read from `url` (undefined: the first page) and its next link, as the service
   * sent it, is about to be followed. Returns the link; throws when it is not a URL, or when
   * the page or its link shows that the list would never end.
   */
  async followed(
    url: string | undefined,
    body: PageBody<unknown>,
    records: readonly unknown[],
    link: unknown,
  ): Promise<string> {
    this.#pages++;
    const first = this.#pages === 1;
    const read = this.#resolve(url ?? this.firstUrl);
    const number = positive(body.meta?.current_page) ?? pageParameter(read) ?? (first ? 1 : undefined);
    const name = `page ${number ?? this.#pages}`;
    const previous = this.#number;
    this.#number = number;

    const next = typeof link === 'string' && isHttpUrl(this.#resolve(link)) ? link : undefined;
    if (next === undefined) this.#fail(`the service's next link on ${name} is not a URL (${kindOf(link)})`);

    // A page that says it is an earlier one: the service ignored the link's page number.
    if (previous !== undefined && number !== undefined && number <= previous)
      this.#loop(notAdvancing(previous, number, read));

    const lastLink = typeof body.links?.last === 'string' ? this.#resolve(body.links.last) : '';
    const last = lastPage(body, lastLink);
    if (last !== undefined && number !== undefined && number >= last) {
      this.#loop(
        `the service's next link on ${name} leads past the last page the service announced (page ${number} of ${last})`,
      );
    }
    // links.last without a page number (a cursor): the page read was the last one.
    if (lastLink !== '' && last === undefined && lastLink === read)
      this.#loop(`the service's next link on ${name} leads past the last page the service announced (links.last)`);

    const nextUrl = this.#resolve(next);
    const asked = pageParameter(nextUrl);
    if (last !== undefined && asked !== undefined && asked > last) {
      this.#loop(
        `the service's next link on ${name} asks for page ${asked}, past the last page the service announced (page ${last})`,
      );
    }
    if (records.length > 0 && (await this.#allSeen(records))) {
      this.#loop(
        `${name} holds only records of earlier pages, yet the service's next link asks for ${asked === undefined ? 'another' : `page ${asked}`}`,
      );
    }

    if (read) this.#urls.set(read, name);
    const repeated = this.#urls.get(nextUrl);
    if (repeated) this.#loop(`the service's next link on ${name} repeats ${repeated} (GET ${displayPath(nextUrl)})`);

    if (asked !== undefined && number !== undefined && asked <= number)
      this.#loop(notAdvancing(number, asked, nextUrl));
    return next;
  }

  /**
   * The next link of the page last read is about to be requested: throws when the list has
   * read its `maxPages`. Nothing looked circular, yet the list may still never end (new
   * records under new links); the pages read were passed on.
   */
  beforeNext(): void {
    if (this.#pages < this.maxPages) return;
    this.#fail(
      `the service's next links did not end after ${this.#pages} ${this.#pages === 1 ? 'page' : 'pages'}, the most pwctl reads of one list (--max-pages ${this.maxPages}); raise --max-pages or check the service`,
    );
  }

  /** A URL as requested (a relative link against the list's first URL), so equal links compare equal. */
  #resolve(url: string | undefined): string {
    if (!url) return '';
    try {
      return new URL(url, this.firstUrl).href;
    } catch {
      return url;
    }
  }

  /** Whether every record was on an earlier page; remembers them for the pages to come. */
  async #allSeen(records: readonly unknown[]): Promise<boolean> {
    let seen = true;
    for (const record of records) {
      const id = idOf(record);
      const [known, key] = id !== undefined ? [this.#ids, id] : [this.#digests, await digestOf(record)];
      if (known.has(key)) continue;
      seen = false;
      known.set(key, true);
    }
    return seen;
  }

  #loop(what: string): never {
    this.#fail(
      `${what}: the list would never end; stopped after ${this.#pages} ${this.#pages === 1 ? 'page' : 'pages'}`,
    );
  }

  #fail(what: string): never {
    const request = this.firstUrl ? `GET ${displayPath(this.firstUrl)}: ` : '';
    throw new ApiError({
      kind: 'bad_response',
      status: null,
      method: 'GET',
      url: this.firstUrl ?? '',
      message: `${request}${what}`,
    });
  }
}

/**
 * A map that keeps its newest entries, at most 2 × REMEMBERED: when the newer half is full
 * it becomes the older one, and the older is forgotten.
 */
class Recent<K, V> {
  #newer = new Map<K, V>();
  #older = new Map<K, V>();

  get(key: K): V | undefined {
    return this.#newer.get(key) ?? this.#older.get(key);
  }

  has(key: K): boolean {
    return this.#newer.has(key) || this.#older.has(key);
  }

  set(key: K, value: V): void {
    if (this.#newer.size >= REMEMBERED) {
      this.#older = this.#newer;
      this.#newer = new Map();
    }
    this.#newer.set(key, value);
  }
}

/** What a next link that is not a URL is, in words: the service's text itself is not repeated. */
function kindOf(link: unknown): string {
  if (typeof link === 'string') return 'a string that is not an http(s) URL';
  if (link === null || typeof link === 'boolean') return String(link);
  if (Array.isArray(link)) return 'an array';
  return typeof link === 'object' ? 'an object' : `a ${typeof link}`;
}

function isHttpUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** A next link from page `from` that led to page `to`, no further on. */
function notAdvancing(from: number, to: number, url: string): string {
  return `the service's next link on page ${from} ${to < from ? `goes back to page ${to}` : `leads to page ${to} again`} (GET ${displayPath(url)})`;
}

/** The last page a page announces: meta.last_page, or meta.total over meta.per_page, or the page number of links.last. */
function lastPage(body: PageBody<unknown>, lastLink: string): number | undefined {
  const meta = body.meta;
  const total = Number(meta?.total);
  const perPage = positive(meta?.per_page);
  const counted =
    Number.isInteger(total) && total >= 0 && perPage !== undefined
      ? Math.max(1, Math.ceil(total / perPage))
      : undefined;
  return positive(meta?.last_page) ?? counted ?? pageParameter(lastLink);
}

/** The `page` query parameter of a URL, when it is a page number. */
function pageParameter(url: string | undefined): number | undefined {
  if (!url) return undefined;
  try {
    return positive(new URL(url).searchParams.get('page'));
  } catch {
    return undefined;
  }
}

function positive(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

function idOf(record: unknown): string | number | undefined {
  const id = record !== null && typeof record === 'object' ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

// node:crypto is loaded by the first id-less record only (`api --paginate` of arbitrary JSON).
let crypto: Promise<typeof import('node:crypto')> | undefined;

async function digestOf(record: unknown): Promise<string> {
  const { createHash } = await (crypto ??= import('node:crypto'));
  return createHash('sha1')
    .update(JSON.stringify(record) ?? 'undefined')
    .digest('base64');
}
