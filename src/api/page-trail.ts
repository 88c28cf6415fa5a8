// The pages of one list as they are followed, and the signs that the service's next links go
// round in circles. A list is read until a page has no next link; a broken or hostile service
// can send one forever (the same record under ever-new links, a link back to a page already
// read), and pwctl would request pages without end, print them, write them to disk or hold
// them in memory. Each sign below ends the list with an error instead (exit 7).
//
// What a page tells, from the reference's list conventions: links.next, links.last, and meta
// (current_page, per_page; total and last_page where a service adds them), or the webhook
// list's next_page_url alone. Page numbers are the `page` query parameter; cursor-style links
// without one are judged by the records they bring.
import { ApiError, displayPath } from './errors.js';
import type { PageBody } from './pagination.js';

export class PageTrail {
  /** Pages read so far. */
  #pages = 0;
  /** The number of the page last read, when known. */
  #number: number | undefined;
  /** Every URL read (normalised), and the page it was. */
  readonly #urls = new Map<string, string>();
  /** The records of every page read (their id, or a digest of an id-less record). */
  readonly #ids = new Set<unknown>();
  readonly #digests = new Set<unknown>();

  /** `firstUrl`: the list's first request, named in errors; undefined when unknown. */
  constructor(readonly firstUrl: string | undefined) {}

  /**
   * A page was read from `url` (undefined: the first page) and its next link is about to be
   * followed. Throws when the page or its link shows that the list would never end.
   */
  async followed(
    url: string | undefined,
    body: PageBody<unknown>,
    records: readonly unknown[],
    next: string,
  ): Promise<void> {
    this.#pages++;
    const first = this.#pages === 1;
    const read = this.#resolve(url ?? this.firstUrl);
    const number = positive(body.meta?.current_page) ?? pageParameter(read) ?? (first ? 1 : undefined);
    const name = `page ${number ?? this.#pages}`;
    const previous = this.#number;
    this.#number = number;

    // A page that says it is an earlier one: the service ignored the link's page number.
    if (previous !== undefined && number !== undefined && number <= previous)
      this.#loop(notAdvancing(previous, number, read));

    const last = lastPage(body, this.#resolve(body.links?.last ?? undefined));
    if (last !== undefined && number !== undefined && number >= last) {
      this.#loop(
        `the service's next link on ${name} leads past the last page the service announced (page ${number} of ${last})`,
      );
    }

    const nextUrl = this.#resolve(next);
    const asked = pageParameter(nextUrl);
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
      known.add(key);
    }
    return seen;
  }

  #loop(what: string): never {
    const request = this.firstUrl ? `GET ${displayPath(this.firstUrl)}: ` : '';
    const message = `${request}${what}: the list would never end; stopped after ${this.#pages} ${this.#pages === 1 ? 'page' : 'pages'}`;
    throw new ApiError({ kind: 'bad_response', status: null, method: 'GET', url: this.firstUrl ?? '', message });
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
