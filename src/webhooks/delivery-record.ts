// What `listen` prints for an accepted delivery: the record json/ndjson show one per line,
// and the line a table shows. Server text is escaped before it can reach a terminal.
import { getPath, selectFields } from '../output/fields.js';
import { toJson } from '../output/json.js';
import { escapeInline } from '../output/sanitize.js';
import { cellText } from '../output/view.js';

export interface DeliveryRecord {
  received_at: string;
  /** From the verifying subscription, else inferred from the payload; null when neither says. */
  event: string | null;
  subscription_id: number | null;
  duplicate: boolean;
  /** The parsed JSON body, or the body as text when it is not JSON. */
  payload: unknown;
}

export const DELIVERY_FIELDS = ['received_at', 'event', 'subscription_id', 'duplicate', 'payload'] as const;

/** The body as JSON when it is JSON; its text otherwise (a receiver under test may send anything). */
export function parsePayload(body: Buffer): { payload: unknown; json: boolean } {
  const text = body.toString('utf8');
  try {
    return { payload: JSON.parse(text), json: true };
  } catch {
    return { payload: text, json: false };
  }
}

export function jsonLine(record: DeliveryRecord, fields: readonly string[] | undefined): string {
  return `${toJson(fields ? selectFields(record, fields) : record)}\n`;
}

function payloadField(payload: unknown, key: string): unknown {
  return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>)[key] : undefined;
}

let clockKey = '';
let clockText = '';

/** Local HH:MM:SS of an ISO timestamp; deliveries come in bursts, so the last second is cached. */
function clock(iso: string): string {
  const key = iso.slice(0, 19);
  if (key !== clockKey) {
    const date = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    clockKey = key;
    clockText = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }
  return clockText;
}

let isoMs = NaN;
let isoText = '';

/** ISO text of an epoch-ms time, cached for the last millisecond seen (a burst shares it). */
export function isoTime(ms: number): string {
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * One line per delivery: time, event, resource id and title, subscription, duplicate mark.
 * Tab-separated for pipes; padded columns for a person at a terminal.
 */
export function tableLine(record: DeliveryRecord, tty: boolean, fields: readonly string[] | undefined): string {
  if (fields) return `${fields.map((f) => escapeInline(cellText(getPath(record, f)))).join('\t')}\n`;
  const id = cellText(payloadField(record.payload, 'id'));
  const title = escapeInline(cellText(payloadField(record.payload, 'title')));
  const event = escapeInline(record.event ?? 'unknown');
  const subscription = record.subscription_id === null ? '' : String(record.subscription_id);
  const mark = record.duplicate ? 'duplicate' : '';
  if (!tty) return `${clock(record.received_at)}\t${event}\t${escapeInline(id)}\t${title}\t${subscription}\t${mark}\n`;
  const resource = id === '' ? title : `#${escapeInline(id)} ${title}`;
  const sub = subscription === '' ? 'no subscription' : `subscription ${subscription}`;
  const cells = [clock(record.received_at), event.padEnd(21), truncate(resource, 48).padEnd(48), sub];
  if (record.duplicate) cells.push('(duplicate)');
  return `${cells.join('  ')}\n`;
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
