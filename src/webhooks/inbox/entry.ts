// One delivery as the inbox keeps it (issue 25): everything `listen` answered, accepted or
// rejected, with the exact bytes received. `webhooks deliveries list/show/replay` and the
// `listen --inspect` page read these; nothing else defines a delivery's stored shape.

export type Verdict = 'verified' | 'rejected';

export interface InboxEntry {
  /** Unique across listeners of one profile, and sortable by arrival. */
  id: string;
  /** ISO 8601, UTC, milliseconds. */
  received_at: string;
  verdict: Verdict;
  /** Why it was rejected (no signature, malformed signature, no secret matches, body over --max-body); null when verified. */
  reason: string | null;
  /** The event type: from the verifying subscription, else inferred from the payload's shape; null when neither says. */
  event: string | null;
  /** The subscription whose secret verified it; null for a rejection (no secret vouches for its sender). */
  subscription_id: number | null;
  /**
   * The service that subscription belongs to (its key: "sandbox" or the base URL), for
   * `deliveries replay --resign`: stored secrets are kept per service, and two services may
   * both have a subscription 3. Null when subscription_id is.
   */
  service: string | null;
  /**
   * For a rejection: the one stored subscription whose event its payload's shape suggests, if
   * any — a guess a developer debugging a 401 asks for, never a fact. Re-signing with its
   * secret needs an acknowledgement beyond --resign (`--resign-rejected`). Null when verified.
   */
  suggested_subscription_id: number | null;
  /** The service of that suggested subscription; null when it is. */
  suggested_service: string | null;
  duplicate: boolean;
  /** Bytes of the body received. */
  size: number;
  method: string;
  /** The request path and query as received. */
  path: string;
  /** The request headers as received, names lower-cased, in arrival order (repeated names kept). */
  headers: Array<[string, string]>;
  /** The exact body received. */
  body: Buffer;
  /** For a rejection: whether the body parses as JSON (a developer debugging a 401 asks). */
  body_parses: boolean;
  /** The --forward-to targets it was relayed to, for `deliveries replay` without --to. */
  forwarded_to: string[];
}

/** What `deliveries list` prints for each entry, in this key order: the contract's shape, then the guess of a rejection. */
export const INBOX_LIST_FIELDS = [
  'id',
  'received_at',
  'event',
  'subscription_id',
  'verdict',
  'reason',
  'duplicate',
  'size',
  'suggested_subscription_id',
] as const;
