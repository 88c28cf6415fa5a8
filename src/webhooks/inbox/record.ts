// One delivery as a line of a segment file: a JSON object ending in "\n", its keys always in
// this order, the body last and in base64 (so a record is at most 4/3 of the body plus its
// headers, whatever bytes were sent, and never holds a raw line break).
//
// Segments are Latin-1 text, one byte per character: headers and the path come from Node's
// HTTP parser as Latin-1 already (one character per byte received), so they are stored as
// the bytes that came, and writing or reading a batch is a copy, not an encoding. A character
// past U+00FF (possible only in text pwctl itself supplies: a stored event name, a service)
// is written as a JSON \u escape.
//
// Every record starts with `{"id":"`. That sequence cannot occur anywhere else in a record
// (inside a JSON string a quote is escaped), so a reader can find where records begin even in
// a line that is not one record: a listener killed in the middle of a large write leaves a
// record without its end, and the next record another listener appends continues that same
// line (splitRecords below).
import type { InboxEntry } from './entry.js';
import { isDeliveryId } from './ids.js';

export const RECORD_START = '{"id":"';

/** The line that stores `entry` (with its "\n"), as the bytes written. */
export function recordBytes(entry: InboxEntry): Buffer {
  // Built by hand in a fixed order: JSON.stringify for every value that could need escaping,
  // the body's base64 copied in after (the cost of a record is mostly its body).
  if (!isDeliveryId(entry.id)) throw new Error(`not a delivery id: ${JSON.stringify(entry.id)}`);
  let head =
    `{"id":"${entry.id}","received_at":${JSON.stringify(entry.received_at)},"verdict":${JSON.stringify(entry.verdict)},` +
    `"reason":${text(entry.reason)},"event":${text(entry.event)},"subscription_id":${entry.subscription_id === null ? 'null' : Number(entry.subscription_id)},` +
    `"service":${text(entry.service)},"suggested_subscription_id":${entry.suggested_subscription_id === null ? 'null' : Number(entry.suggested_subscription_id)},` +
    `"suggested_service":${text(entry.suggested_service)},"duplicate":${entry.duplicate === true},"size":${Number(entry.size)},"body_parses":${entry.body_parses === true},` +
    `"method":${text(entry.method)},"path":${text(entry.path)},"forwarded_to":${entry.forwarded_to.length === 0 ? '[]' : JSON.stringify(entry.forwarded_to)},` +
    `"headers":${JSON.stringify(entry.headers)}${BODY_KEY}`;
  if (BEYOND_LATIN1.test(head)) head = head.replace(BEYOND_LATIN1_ALL, escapeChar);
  const body = entry.body.toString('base64');
  const bytes = Buffer.allocUnsafe(head.length + body.length + RECORD_END.length);
  bytes.write(head, 0, SEGMENT_ENCODING);
  bytes.write(body, head.length, SEGMENT_ENCODING);
  bytes.write(RECORD_END, head.length + body.length, SEGMENT_ENCODING);
  return bytes;
}

/** The line that stores `entry` (with its "\n"), as text. */
export function encodeEntry(entry: InboxEntry): string {
  return recordBytes(entry).toString(SEGMENT_ENCODING);
}

/** The encoding segments are written and read in (see above). */
export const SEGMENT_ENCODING = 'latin1';

const RECORD_END = '"}\n';
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;
const BEYOND_LATIN1_ALL = /[^\u0000-\u00ff]/g;

function text(value: string | null): string {
  return value === null ? 'null' : JSON.stringify(value);
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** The records in a chunk of segment text: whole lines, each split where a record starts. */
export function* splitRecords(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    // A last line without its "\n" is a record still being written, or one whose writer died.
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line === '') continue;
    if (line.lastIndexOf(RECORD_START) === 0) {
      yield line;
      continue;
    }
    // Pieces of records run together: try each piece that starts like a record.
    let at = line.indexOf(RECORD_START);
    while (at >= 0) {
      const next = line.indexOf(RECORD_START, at + 1);
      yield line.slice(at, next < 0 ? line.length : next);
      at = next;
    }
  }
}

/** The entry a record stores, or undefined when the record is not whole (it is skipped). */
export function decodeEntry(record: string): InboxEntry | undefined {
  const data = parse(record);
  if (!data) return undefined;
  return {
    ...summaryOf(data),
    method: str(data.method),
    path: str(data.path),
    headers: headersOf(data.headers),
    body: Buffer.from(str(data.body), 'base64'),
    body_parses: data.body_parses === true,
    forwarded_to: strings(data.forwarded_to),
  };
}

/** What `deliveries list` shows of an entry. */
export type EntrySummary = Pick<
  InboxEntry,
  | 'id'
  | 'received_at'
  | 'verdict'
  | 'reason'
  | 'event'
  | 'subscription_id'
  | 'service'
  | 'suggested_subscription_id'
  | 'suggested_service'
  | 'duplicate'
  | 'size'
>;

/**
 * The summary of a record without reading its headers and body: the keys before `headers`
 * are parsed alone (they come first in every record, and `,"headers":` cannot occur inside a
 * string before them), which spares a list of ten thousand deliveries parsing their bodies.
 */
export function decodeSummary(record: string): EntrySummary | undefined {
  const cut = record.indexOf(',"headers":');
  if (cut < 0 || !isWhole(record)) return undefined;
  const data = parse(`${record.slice(0, cut)}}`);
  return data ? summaryOf(data) : undefined;
}

/**
 * Whether a record ends as every whole one does, `,"body":"<base64>"}`: a record cut short
 * ends inside its body, or before it (base64 holds no quote, so the last `"}` and the body key
 * before it are the record's own).
 */
function isWhole(record: string): boolean {
  return record.endsWith('"}') && record.lastIndexOf(BODY_KEY) > 0;
}

const BODY_KEY = ',"body":"';

function parse(record: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(record);
    if (data === null || typeof data !== 'object' || typeof (data as { id?: unknown }).id !== 'string')
      return undefined;
    return data as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function summaryOf(data: Record<string, unknown>): EntrySummary {
  const verdict = data.verdict === 'verified' ? 'verified' : 'rejected';
  const recorded = subscriptionOf(data.subscription_id, data.service);
  // Records written before the guess had a name of its own kept it in subscription_id: for a
  // rejection that was only ever a guess, and is read as one.
  const suggested =
    verdict === 'verified'
      ? NO_SUBSCRIPTION
      : 'suggested_subscription_id' in data
        ? subscriptionOf(data.suggested_subscription_id, data.suggested_service)
        : recorded;
  const fact = verdict === 'verified' ? recorded : NO_SUBSCRIPTION;
  return {
    id: data.id as string,
    received_at: str(data.received_at),
    verdict,
    reason: typeof data.reason === 'string' ? data.reason : null,
    event: typeof data.event === 'string' ? data.event : null,
    subscription_id: fact.id,
    service: fact.service,
    suggested_subscription_id: suggested.id,
    suggested_service: suggested.service,
    duplicate: data.duplicate === true,
    size: typeof data.size === 'number' ? data.size : 0,
  };
}

const NO_SUBSCRIPTION = { id: null, service: null };

/** A subscription id and its service as a record holds them; the service only with an id. */
function subscriptionOf(id: unknown, service: unknown): { id: number | null; service: string | null } {
  if (typeof id !== 'number') return NO_SUBSCRIPTION;
  return { id, service: typeof service === 'string' ? service : null };
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function headersOf(value: unknown): Array<[string, string]> {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (pair): pair is [string, string] =>
      Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
  );
}
