// What `listen` answered, as inbox entries (src/webhooks/inbox/entry.ts): a verified
// delivery with its event, subscription and duplicate mark, or a refused one with its reason
// and what its body suggests. Built only when something keeps them (the inspector page, the
// inbox): a listener without either pays nothing for them.
import { randomBytes } from 'node:crypto';
import { parsePayload } from './delivery-record.js';
import { inferEvent } from './infer-event.js';
import type { InboxEntry } from './inbox/entry.js';
import type { AcceptedDelivery, RejectedRequest, RejectionKind } from './receiver.js';
import type { KnownSecret } from './signing-secrets.js';

/** Refusals of what was meant as a delivery (a POST at the right path); the rest are not deliveries. */
const DELIVERY_REFUSALS: ReadonlySet<RejectionKind> = new Set(['no-signature', 'malformed-signature', 'no-match', 'body-too-large']);

/** Tells ids of two listeners apart when they receive in the same millisecond. */
const PROCESS_TAG = randomBytes(2).toString('hex');
let sequence = 0;

/**
 * Arrival time (base 36, fixed width, so ids sort as text), a per-process sequence number,
 * and a random tag of this process: unique across listeners of one profile.
 */
export function newEntryId(receivedAt: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${receivedAt.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${PROCESS_TAG}`;
}

/** Header pairs, names lower-cased, in arrival order, from Node's flat rawHeaders. */
export function headerPairs(rawHeaders: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!.toLowerCase(), rawHeaders[i + 1]!]);
  return pairs;
}

export interface AcceptedFacts {
  /** The body as parsePayload read it: what JSON it holds, or its text. */
  payload: unknown;
  event: string | null;
  duplicate: boolean;
  /** The --forward-to targets it is relayed to. */
  forwardedTo: string[];
}

export function acceptedEntry(delivery: AcceptedDelivery, facts: AcceptedFacts): InboxEntry {
  return {
    id: newEntryId(delivery.receivedAt),
    received_at: new Date(delivery.receivedAt).toISOString(),
    verdict: 'verified',
    reason: null,
    event: facts.event,
    subscription_id: delivery.secret.subscriptionId ?? null,
    duplicate: facts.duplicate,
    size: delivery.body.length,
    method: 'POST',
    path: delivery.url,
    headers: headerPairs(delivery.rawHeaders),
    body: delivery.body,
    // parsePayload gives text only for a body that is not JSON, or is a JSON string: no second parse for the rest.
    body_parses: typeof facts.payload !== 'string' || parses(delivery.body),
    forwarded_to: facts.forwardedTo,
  };
}

/**
 * A refused delivery, with the event its body's shape suggests and the one subscription of
 * that event among the stored secrets (what a developer debugging a 401 asks); undefined
 * for a refusal that was not a delivery (not POST, wrong path, a dropped connection).
 */
export function rejectedEntry(rejection: RejectedRequest, secrets: readonly KnownSecret[]): InboxEntry | undefined {
  if (!DELIVERY_REFUSALS.has(rejection.kind)) return undefined;
  const body = rejection.body ?? Buffer.alloc(0);
  const headers = headerPairs(rejection.rawHeaders);
  const payload = body.length > 0 ? parsePayload(body) : undefined;
  const event = inferEvent(payload) ?? null;
  const subscriptions = event === null ? [] : secrets.filter((s) => s.event === event && s.subscriptionId !== undefined);
  // A body over --max-body is not read: its size is what its Content-Length said, if anything.
  const declared = Number(headers.find(([name]) => name === 'content-length')?.[1]);
  return {
    id: newEntryId(rejection.receivedAt),
    received_at: new Date(rejection.receivedAt).toISOString(),
    verdict: 'rejected',
    reason: rejection.reason,
    event,
    subscription_id: subscriptions.length === 1 ? subscriptions[0]!.subscriptionId! : null,
    duplicate: false,
    size: rejection.body ? body.length : Number.isSafeInteger(declared) ? declared : 0,
    method: rejection.method,
    path: rejection.url,
    headers,
    body,
    body_parses: body.length > 0 && parses(body),
    forwarded_to: [],
  };
}

function parses(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
