// What the page is sent about a delivery: a summary for its row in the list (everything but
// the body and headers, plus the resource its payload names), and the detail of one when it
// is opened (headers, and the body up to a bound; the rest is fetched on request).
import { isUtf8 } from 'node:buffer';
import type { InboxEntry } from '../inbox/entry.js';
import { payloadResource, type PayloadResource } from '../resource.js';
import type { ForwardResult } from './source.js';

export interface EntrySummary {
  id: string;
  received_at: string;
  verdict: InboxEntry['verdict'];
  reason: string | null;
  event: string | null;
  /** The subscription whose secret verified it; null when rejected. */
  subscription_id: number | null;
  /** For a rejection: the subscription its shape suggests, a guess. */
  suggested_subscription_id: number | null;
  duplicate: boolean;
  size: number;
  method: string;
  path: string;
  forwarded_to: string[];
  /** What the payload is about: its `id` and `title` (or `name`), when it has them. */
  resource: PayloadResource | null;
  /** How its relays ended so far; null when the source does not see relays. */
  forwards: ForwardResult[] | null;
}

export interface EntryDetail extends EntrySummary {
  headers: Array<[string, string]>;
  body_parses: boolean;
  /** The body as UTF-8 text, the first `limit` bytes of it. */
  body: string;
  body_truncated: boolean;
  /** False when the bytes are not UTF-8 (the text then holds replacement characters). */
  body_utf8: boolean;
}

/** A title longer than this is cut in the list (the payload view shows all of it). */
const TITLE_CHARS = 300;

/** What does not change once an entry is kept: worked out once per entry. */
const summaries = new WeakMap<InboxEntry, Omit<EntrySummary, 'forwards'>>();

export function summarize(entry: InboxEntry, forwards: ForwardResult[] | null): EntrySummary {
  return { ...fixedSummary(entry), forwards };
}

function fixedSummary(entry: InboxEntry): Omit<EntrySummary, 'forwards'> {
  let summary = summaries.get(entry);
  if (!summary) {
    summary = {
      id: entry.id,
      received_at: entry.received_at,
      verdict: entry.verdict,
      reason: entry.reason,
      event: entry.event,
      subscription_id: entry.subscription_id,
      suggested_subscription_id: entry.suggested_subscription_id,
      duplicate: entry.duplicate,
      size: entry.size,
      method: entry.method,
      path: entry.path,
      forwarded_to: entry.forwarded_to,
      resource: payloadResource(entry.body, TITLE_CHARS),
    };
    summaries.set(entry, summary);
  }
  return summary;
}

export function detail(entry: InboxEntry, forwards: ForwardResult[] | null, limit: number): EntryDetail {
  const shown = entry.body.length > limit ? entry.body.subarray(0, limit) : entry.body;
  return {
    ...summarize(entry, forwards),
    headers: entry.headers,
    body_parses: entry.body_parses,
    body: shown.toString('utf8'),
    body_truncated: shown.length < entry.body.length,
    body_utf8: isUtf8(entry.body),
  };
}
