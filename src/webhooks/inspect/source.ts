// What the inspector page reads, and the one way it reads it: `listen --inspect` serves the
// deliveries of a source. Today that is the listener's own memory (./memory-source.ts);
// the inbox (src/webhooks/inbox/) can stand behind the same interface without the page or
// its server changing.
import type { InboxEntry } from '../inbox/entry.js';

export interface InspectorSource {
  /** The newest entries, newest first, at most `limit` (the page's first paint). */
  recent(limit: number): InboxEntry[] | Promise<InboxEntry[]>;
  get(id: string): InboxEntry | undefined | Promise<InboxEntry | undefined>;
  /** Entries as the listener records them, from now on; returns the way to stop listening. */
  subscribe(listener: (entry: InboxEntry) => void): () => void;
  /** Send the delivery again as `webhooks deliveries replay <id> [--to <url>] [--resign]` does. Never rejects. */
  replay(id: string, options?: ReplayOptions): Promise<ReplayOutcome>;
  /**
   * How an entry's relays to its --forward-to targets ended, and each as it ends: what the
   * receiver being built answered. Left out by a source that does not see the relays.
   */
  forwards?(id: string): ForwardResult[];
  subscribeForwards?(listener: (id: string, result: ForwardResult) => void): () => void;
}

/** A relay of a delivery to a --forward-to target, as it ended. */
export interface ForwardResult {
  target: string;
  /** The receiver's status, or null when no answer came (the reason is in `error`). */
  status: number | null;
  ms: number;
  error: string | null;
}

/** What the page's Replay asks for beside the delivery: `deliveries replay`'s --to and --resign. */
export interface ReplayOptions {
  /** Send it here, instead of to the --forward-to targets it was relayed to. */
  to?: URL;
  /** Sign the exact bytes anew with its subscription's stored secret, instead of sending its own Signature. */
  resign?: boolean;
  /**
   * The acknowledgement that re-signing a rejected delivery asks beyond `resign` (its bytes came
   * from an unverified sender): `deliveries replay --resign-rejected`. Without it a rejected
   * delivery is never re-signed; with it, a rejected delivery is re-signed.
   */
  resignRejected?: boolean;
}

/** One POST of a replay and what came of it. */
export interface ReplayAttempt {
  /** The URL it was sent to. */
  target: string;
  /** The receiver's status, or null when no answer came (the reason is in `error`). */
  status: number | null;
  status_text: string | null;
  ms: number;
  /** The start of the receiver's answer, as text. */
  body_excerpt: string | null;
  /** Whether the answer went on past the excerpt. */
  body_truncated: boolean;
  content_type: string | null;
  error: string | null;
  /** Whether its Signature was made anew (re-sign), rather than the one it came with. */
  resigned: boolean;
}

export type ReplayOutcome =
  /** Sent to the URL given, or else to every target it was relayed to. */
  | { ok: true; attempts: ReplayAttempt[] }
  /** Not sent: unknown id, nowhere to send it, or no secret to re-sign it with (`reason` says which, in a sentence). */
  | { ok: false; reason: string };
