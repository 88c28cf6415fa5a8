// What `listen` prints for an accepted delivery: the record json/ndjson show one per line,
// and the line a table shows. Server text is escaped before it can reach a terminal.
// A delivery keeps its raw body: table lines and plain json lines are written from the
// scanned fields and the raw bytes, and the payload is parsed only when asked for (yaml,
// --fields, bodies the scan declined).
import { getPath, selectFields } from '../output/fields.js';
import { toJson } from '../output/json.js';
import { escapeInline } from '../output/sanitize.js';
import { cellText } from '../output/view.js';
import type { PayloadScan } from './scan-payload.js';

/** The record json/ndjson/yaml print for a delivery, in this key order. */
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

/** An accepted delivery on its way to the output. */
export class Delivery {
  #payload: unknown;
  #parsed: boolean;

  constructor(
    readonly receivedAt: string,
    readonly event: string | null,
    readonly subscriptionId: number | null,
    readonly duplicate: boolean,
    readonly body: Buffer,
    /** The scan of the body, when it did not decline. */
    readonly scan: PayloadScan | undefined,
    /** The payload, when it was parsed already (the scan declined). */
    parsed?: { payload: unknown },
  ) {
    this.#parsed = parsed !== undefined;
    this.#payload = parsed?.payload;
  }

  get payload(): unknown {
    if (!this.#parsed) {
      this.#payload = parsePayload(this.body).payload;
      this.#parsed = true;
    }
    return this.#payload;
  }

  /** The top-level fields listen reads (id, title, `*_at`, …): the scan's, or the parsed payload. */
  get fields(): unknown {
    return this.scan ? this.scan.fields : this.payload;
  }

  record(): DeliveryRecord {
    return { received_at: this.receivedAt, event: this.event, subscription_id: this.subscriptionId, duplicate: this.duplicate, payload: this.payload };
  }
}

/** The body as JSON when it is JSON; its text otherwise (a receiver under test may send anything). */
export function parsePayload(body: Buffer): { payload: unknown; json: boolean } {
  const text = body.toString('utf8');
  try {
    return { payload: JSON.parse(text), json: true };
  } catch {
    return { payload: text, json: false };
  }
}

// The last event and time written, as JSON: a burst shares them.
let eventKey: string | null = null;
let eventJson = 'null';
let timeKey = '';
let timeJson = '""';

export function jsonLine(delivery: Delivery, fields: readonly string[] | undefined): string {
  if (fields) return `${toJson(selectFields(delivery.record(), fields))}\n`;
  // A canonical body is exactly what toJson would make of its parsed payload: copy it.
  if (!delivery.scan?.canonical) return `${toJson(delivery.record())}\n`;
  if (delivery.event !== eventKey) {
    eventKey = delivery.event;
    eventJson = toJson(delivery.event);
  }
  if (delivery.receivedAt !== timeKey) {
    timeKey = delivery.receivedAt;
    timeJson = toJson(delivery.receivedAt);
  }
  const subscription = delivery.subscriptionId === null ? 'null' : toJson(delivery.subscriptionId);
  return `{"received_at":${timeJson},"event":${eventJson},"subscription_id":${subscription},"duplicate":${delivery.duplicate},"payload":${delivery.body.toString('utf8')}}\n`;
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
export function tableLine(delivery: Delivery, tty: boolean, fields: readonly string[] | undefined): string {
  if (fields) {
    const record = delivery.record();
    return `${fields.map((f) => escapeInline(cellText(getPath(record, f)))).join('\t')}\n`;
  }
  const payload = delivery.fields;
  const id = cellText(payloadField(payload, 'id'));
  const title = escapeInline(cellText(payloadField(payload, 'title')));
  const event = escapeInline(delivery.event ?? 'unknown');
  const subscription = delivery.subscriptionId === null ? '' : String(delivery.subscriptionId);
  const mark = delivery.duplicate ? 'duplicate' : '';
  const time = clock(delivery.receivedAt);
  if (!tty) return `${time}\t${event}\t${escapeInline(id)}\t${title}\t${subscription}\t${mark}\n`;
  const resource = id === '' ? title : `#${escapeInline(id)} ${title}`;
  const sub = subscription === '' ? 'no subscription' : `subscription ${subscription}`;
  const cells = [time, event.padEnd(21), truncate(resource, 48).padEnd(48), sub];
  if (delivery.duplicate) cells.push('(duplicate)');
  return `${cells.join('  ')}\n`;
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
