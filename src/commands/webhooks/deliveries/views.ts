// How the inbox's deliveries are shown: the list's rows (the contract's shape), one delivery
// with its headers and payload, and the result of replaying one.
import { isUtf8 } from 'node:buffer';
import { BULK_RESULT_VIEW, failureDetail, type BulkResult } from '../../../bulk/results.js';
import { localDay, shortDate, type View, zoneOffset } from '../../../output/view.js';
import type { InboxEntry } from '../../../webhooks/inbox/entry.js';
import { INBOX_LIST_FIELDS } from '../../../webhooks/inbox/entry.js';
import type { EntrySummary } from '../../../webhooks/inbox/record.js';

/** A row of `deliveries list`, in the contract's key order. */
export type DeliveryRow = Pick<EntrySummary, (typeof INBOX_LIST_FIELDS)[number]>;

export function rowOf(s: EntrySummary): DeliveryRow {
  return {
    id: s.id,
    received_at: s.received_at,
    event: s.event,
    subscription_id: s.subscription_id,
    verdict: s.verdict,
    reason: s.reason,
    duplicate: s.duplicate,
    size: s.size,
    suggested_subscription_id: s.suggested_subscription_id,
  };
}

/**
 * The subscription, for people: the one whose secret verified it, or, marked `?`, the one a
 * rejection's shape suggests (a guess: no secret vouches for its sender).
 */
function subscriptionText(d: Pick<DeliveryRow, 'subscription_id' | 'suggested_subscription_id'>): string {
  if (d.subscription_id !== null) return String(d.subscription_id);
  return d.suggested_subscription_id === null ? '' : `${d.suggested_subscription_id}?`;
}

/** The verdict in a word or three: `verified` (and whether it was a repeat), or why it was rejected. */
function result(d: Pick<DeliveryRow, 'verdict' | 'reason' | 'duplicate'>): string {
  if (d.verdict === 'verified') return d.duplicate ? 'verified, duplicate' : 'verified';
  return d.reason ?? 'rejected';
}

export const DELIVERY_LIST_VIEW: View<DeliveryRow> = {
  fields: INBOX_LIST_FIELDS,
  columns: [
    { header: 'ID', field: 'id', value: (d) => d.id, fit: 'whole' },
    { header: 'TIME', field: 'received_at', value: (d) => localTime(d.received_at), fit: 'whole' },
    { header: 'EVENT', field: 'event', value: (d) => d.event ?? '', fit: 'whole' },
    // The duplicate mark joins the verdict: the table keeps to 80 columns.
    { header: 'RESULT', field: 'verdict', value: result, fit: 'wrap' },
    // `12?`: a guess from a rejection's shape, not the subscription that verified it.
    { header: 'SUB', field: 'subscription_id', value: subscriptionText, fit: 'whole' },
    { header: 'BYTES', field: 'size', value: (d) => d.size, fit: 'whole', optional: true },
  ],
  cache: {
    kind: 'deliveries',
    id: (d) => d.id,
    title: (d) => `${localTime(d.received_at)} ${d.event ?? ''} ${result(d)}`,
    local: true,
  },
};

/** One delivery as `deliveries show` prints it in data formats: the list's fields, the request, and the body. */
export interface DeliveryRecord extends DeliveryRow {
  method: string;
  path: string;
  headers: Array<{ name: string; value: string }>;
  forwarded_to: string[];
  body_parses: boolean;
  /** The body parsed, when it is JSON; null otherwise. */
  payload: unknown;
  /** How `body` holds the bytes: as their text (utf-8), or as base64 when they are not valid UTF-8. */
  body_encoding: 'utf-8' | 'base64';
  /** The exact bytes received. */
  body: string;
}

export function recordOf(entry: InboxEntry): DeliveryRecord {
  const text = isUtf8(entry.body);
  return {
    ...rowOf(entry),
    method: entry.method,
    path: entry.path,
    headers: entry.headers.map(([name, value]) => ({ name, value })),
    forwarded_to: entry.forwarded_to,
    body_parses: entry.body_parses,
    payload: entry.body_parses ? JSON.parse(entry.body.toString('utf8')) : null,
    body_encoding: text ? 'utf-8' : 'base64',
    body: entry.body.toString(text ? 'utf8' : 'base64'),
  };
}

export const DELIVERY_VIEW: View<DeliveryRecord> = {
  fields: [
    ...INBOX_LIST_FIELDS,
    'method',
    'path',
    'headers',
    'forwarded_to',
    'body_parses',
    'payload',
    'body_encoding',
    'body',
  ],
  nested: { headers: ['name', 'value'], payload: '*' },
  columns: DELIVERY_LIST_VIEW.columns,
  cache: DELIVERY_LIST_VIEW.cache,
  detail: [
    { header: 'ID', value: (d) => d.id },
    { header: 'RECEIVED', value: (d) => localTime(d.received_at, true) },
    { header: 'RESULT', value: (d) => (d.verdict === 'verified' ? 'verified' : `rejected: ${result(d)}`) },
    {
      header: 'EVENT',
      value: (d) =>
        d.event === null ? '' : d.verdict === 'verified' ? d.event : `${d.event} (by the payload's shape)`,
    },
    {
      header: 'SUBSCRIPTION',
      value: (d) =>
        d.suggested_subscription_id === null
          ? d.subscription_id
          : `none verified (its shape suggests ${d.suggested_subscription_id}: a guess)`,
    },
    { header: 'DUPLICATE', value: (d) => (d.duplicate ? 'yes' : 'no') },
    { header: 'REQUEST', value: (d) => `${d.method} ${d.path}` },
    { header: 'BYTES', value: (d) => d.size },
    { header: 'FORWARDED TO', value: (d) => d.forwarded_to.join(', ') },
  ],
};

/** What replaying a delivery to one receiver did. */
export interface ReplayResult {
  url: string;
  status: number;
  status_text: string;
  duration_ms: number;
  bytes: number;
  /** The Signature header sent (none when the delivery came without one and was not re-signed). */
  signature: string | null;
  resigned: boolean;
}

/** A bulk verb's results (ID, RESULT, DETAIL), the detail saying what the receiver answered. */
export const REPLAY_RESULT_VIEW: View<BulkResult<ReplayResult>> = {
  ...(BULK_RESULT_VIEW as View<BulkResult<ReplayResult>>),
  nested: { data: ['url', 'status', 'status_text', 'duration_ms', 'bytes', 'signature', 'resigned'] },
  columns: BULK_RESULT_VIEW.columns.map((column) =>
    column.header === 'DETAIL'
      ? {
          ...column,
          value: (r: BulkResult<ReplayResult>) => (r.ok ? (r.data ? replayDetail(r.data) : '') : failureDetail(r)),
        }
      : (column as View<BulkResult<ReplayResult>>['columns'][number]),
  ),
};

function replayDetail(r: ReplayResult): string {
  return `${r.status} ${r.status_text} from ${r.url} in ${r.duration_ms} ms${r.resigned ? ', re-signed' : ''}`;
}

/**
 * A delivery's time as tables show times, to the second (deliveries come seconds apart); for
 * one delivery, to the millisecond with its date and the zone's offset.
 */
export function localTime(iso: string, full = false): string {
  if (!full) return shortDate(iso, { seconds: true });
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${localDay(date)} ${clock}.${pad(date.getMilliseconds(), 3)} ${zoneOffset(date)}`;
}
