// What `listen` prints for an accepted delivery, in every format: json/ndjson print this
// record one per line, tables show columns of it (DELIVERY_VIEW in commands/webhooks/views.ts).

/** The record of a delivery, in this key order. */
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
export function parsePayload(body: Buffer): unknown {
  return parseBody(body).payload;
}

/** The payload as parsePayload gives it, and whether the body was JSON (a JSON string and text look alike). */
export function parseBody(body: Buffer): { payload: unknown; parses: boolean } {
  const text = body.toString('utf8');
  try {
    return { payload: JSON.parse(text), parses: true };
  } catch {
    return { payload: text, parses: false };
  }
}
