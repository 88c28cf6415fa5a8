// The inbox entry of a delivery `listen` answered: what the receiver saw (./entry.ts), with the
// verdict the listener reached, or for a rejection what a developer debugging a 401 asks:
// does the body parse, and which subscription's event does its shape suggest (a guess, kept
// apart from the subscription id a verified delivery records as fact).
import { parseBody } from '../delivery-record.js';
import { inferEvent } from '../infer-event.js';
import type { RejectedRequest, RejectionKind } from '../rejections.js';
import type { KnownSecret } from '../signing-secrets.js';
import type { InboxEntry } from './entry.js';

/** The refusals the inbox keeps, as it names them; the others were not deliveries (a GET, a wrong path) or were dropped unread. */
export const KEPT_REJECTIONS: Partial<Record<RejectionKind, string>> = {
  'no-signature': 'no signature',
  'malformed-signature': 'malformed signature',
  'no-match': 'no secret matches',
  'body-too-large': 'body over --max-body',
};

export interface VerifiedFacts {
  id: string;
  receivedAt: number;
  url: string;
  rawHeaders: readonly string[];
  body: Buffer;
  parses: boolean;
  event: string | null;
  secret: KnownSecret;
  duplicate: boolean;
  forwardedTo: string[];
}

export function verifiedEntry(facts: VerifiedFacts): InboxEntry {
  const { secret } = facts;
  const subscriptionId = secret.subscriptionId ?? null;
  return {
    id: facts.id,
    received_at: new Date(facts.receivedAt).toISOString(),
    verdict: 'verified',
    reason: null,
    event: facts.event,
    subscription_id: subscriptionId,
    service: subscriptionId === null ? null : (secret.service ?? null),
    suggested_subscription_id: null,
    suggested_service: null,
    duplicate: facts.duplicate,
    size: facts.body.length,
    method: 'POST',
    path: facts.url,
    headers: headerPairs(facts.rawHeaders),
    body: facts.body,
    body_parses: facts.parses,
    forwarded_to: facts.forwardedTo,
  };
}

/** The entry of a refusal the inbox keeps (KEPT_REJECTIONS), or undefined. */
export function rejectedEntry(
  id: string,
  rejection: RejectedRequest,
  secrets: readonly KnownSecret[],
): InboxEntry | undefined {
  const reason = KEPT_REJECTIONS[rejection.kind];
  if (reason === undefined) return undefined;
  const body = rejection.body ?? Buffer.alloc(0);
  const { payload, parses } = rejection.body ? parseBody(body) : { payload: undefined, parses: false };
  const event = parses ? (inferEvent(payload) ?? null) : null;
  const suggested = event === null ? undefined : onlySubscriptionFor(event, secrets);
  return {
    id,
    received_at: new Date(rejection.receivedAt).toISOString(),
    verdict: 'rejected',
    reason,
    event,
    // No secret vouches for the sender: the subscription its shape suggests is kept as a guess only.
    subscription_id: null,
    service: null,
    suggested_subscription_id: suggested?.subscriptionId ?? null,
    suggested_service: suggested?.subscriptionId === undefined ? null : (suggested.service ?? null),
    duplicate: false,
    size: rejection.size ?? body.length,
    method: rejection.method,
    path: rejection.url,
    headers: headerPairs(rejection.rawHeaders),
    body,
    body_parses: parses,
    forwarded_to: [],
  };
}

/** The one stored subscription for `event`; none when there is none, or several (which one is a guess). */
function onlySubscriptionFor(event: string, secrets: readonly KnownSecret[]): KnownSecret | undefined {
  let found: KnownSecret | undefined;
  for (const secret of secrets) {
    if (secret.event !== event || secret.subscriptionId === undefined) continue;
    if (found) return undefined;
    found = secret;
  }
  return found;
}

/** Node's rawHeaders (name, value, name, value …) as pairs, names lower-cased, in arrival order. */
export function headerPairs(rawHeaders: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!.toLowerCase(), rawHeaders[i + 1]!]);
  return pairs;
}
