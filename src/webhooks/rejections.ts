// Why `webhooks listen` refused a request, as one record: the receiver makes one for every
// refusal; the terminal prints it (or counts it in a flood's summary) and the inbox keeps the
// ones that were deliveries.

/** Why a request was refused; the inbox and the summaries of a flood group by it. */
export type RejectionKind =
  | 'wrong-method'
  | 'wrong-path'
  | 'body-too-large'
  | 'no-signature'
  | 'malformed-signature'
  | 'no-match'
  | 'over-budget'
  | 'over-connections'
  | 'incomplete'
  | 'unreadable';

/** A few words per kind, for one line that counts many rejections. */
export const REJECTION_LABELS: Record<RejectionKind, string> = {
  'wrong-method': 'not POST',
  'wrong-path': 'wrong path',
  'body-too-large': 'body over --max-body',
  'no-signature': 'no Signature header',
  'malformed-signature': 'malformed Signature header',
  'no-match': 'signature does not match',
  'over-budget': 'too many bytes of unverified bodies at once',
  'over-connections': 'over --max-connections',
  incomplete: 'not complete within --read-timeout',
  unreadable: 'unreadable request',
};

/** One refused request: every refusal makes one, whether or not it is printed on its own. */
export interface RejectedRequest {
  receivedAt: number;
  /** The status answered, or null when the connection was dropped. */
  status: number | null;
  kind: RejectionKind;
  /** The sentence for the sender and the log, with the specifics (sizes, lengths). */
  reason: string;
  method: string;
  url: string;
  remote: string | undefined;
  /** The request's headers as received (name, value, …); empty when it never got that far. */
  rawHeaders: readonly string[];
  /** The whole body, when it was read before the refusal (a signature that does not verify). */
  body?: Buffer;
  /** Bytes of the body: its length, its declared length, or what had arrived when it was refused. */
  size?: number;
}
