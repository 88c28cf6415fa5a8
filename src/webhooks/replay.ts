// Sending a kept delivery again (`webhooks deliveries replay`; the inspector page's Replay
// button does the same): the exact bytes received, with the headers --forward-to relays
// (Content-Type, Signature, User-Agent) as they came, to a receiver given or to the targets it
// was forwarded to. Re-signed, its Signature is made anew with its subscription's stored
// secret; a rejected delivery only with an acknowledgement beyond that (its sender is
// unknown). Sent over the one HTTP stack (./post.ts), as `trigger` and --forward-to send.
import { ConfigStore } from '../config/store.js';
import { findWebhookSecret } from '../config/webhook-secrets.js';
import type { Network } from '../api/network.js';
import { forwardHeaders } from './forward.js';
import type { InboxEntry } from './inbox/entry.js';
import { postRaw, type PostResult } from './post.js';
import { signBody } from './signature.js';

export interface ReplayRequest {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
  /** The Signature header sent; undefined when the delivery had none and was not re-signed. */
  signature: string | undefined;
  resigned: boolean;
}

/** Where a delivery goes again: `to`, else every target it was forwarded to (none: nowhere). */
export function replayTargets(entry: InboxEntry, to: URL | undefined): URL[] {
  return to ? [to] : entry.forwarded_to.map((url) => new URL(url));
}

/** The request that sends `entry` to `url`; with `secret`, signed anew with it. */
export function replayRequest(entry: InboxEntry, url: URL, secret?: string): ReplayRequest {
  const headers = forwardHeaders(entry.headers.flat(), entry.body.length);
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'signature');
  if (secret === undefined)
    return {
      url,
      headers,
      body: entry.body,
      signature: name === undefined ? undefined : headers[name],
      resigned: false,
    };
  const signature = signBody(secret, entry.body);
  headers[name ?? 'Signature'] = signature;
  return { url, headers, body: entry.body, signature, resigned: true };
}

export function sendReplay(network: Network, request: ReplayRequest, timeoutMs: number): Promise<PostResult> {
  return postRaw(network, request.url, request.body, request.headers, timeoutMs);
}

/**
 * Why re-signing a rejected delivery needs more than --resign, in the words every front end
 * uses: a signature made with a real secret over a stranger's bytes vouches for them.
 */
export const UNVERIFIED_SENDER_RISK =
  'the bytes came from an unverified sender, and re-signing them would make them look genuine';

/** Whether re-signing `entry` needs the acknowledgement beyond --resign (`--resign-rejected`). */
export function resignNeedsAcknowledgement(entry: Pick<InboxEntry, 'verdict'>): boolean {
  return entry.verdict !== 'verified';
}

/**
 * The stored secret that re-signs a delivery (read fresh from the config file), or why there
 * is none: a verified delivery's subscription, or, only when `rejectedAcknowledged`, the
 * subscription a rejected delivery's shape suggests. A delivery verified with --secret or
 * PWCTL_WEBHOOK_SECRET names no subscription, and a subscription deleted since has no secret
 * any more.
 */
export function subscriptionSecret(
  configDir: string,
  profileName: string,
  entry: InboxEntry,
  rejectedAcknowledged: boolean,
): { secret: string } | { problem: string; unacknowledged?: true } {
  if (resignNeedsAcknowledgement(entry) && !rejectedAcknowledged)
    return {
      problem: `delivery ${entry.id} was rejected (${entry.reason}): ${UNVERIFIED_SENDER_RISK}`,
      unacknowledged: true,
    };
  const verified = entry.verdict === 'verified';
  const id = verified ? entry.subscription_id : entry.suggested_subscription_id;
  const service = verified ? entry.service : entry.suggested_service;
  if (id === null || service === null) {
    return {
      problem: `delivery ${entry.id} names no subscription (it was ${verified ? 'verified with a secret given to listen' : 'rejected, and its shape suggests none'}), so no stored secret can re-sign it`,
    };
  }
  const stored = findWebhookSecret(new ConfigStore(configDir).profile(profileName), service, id);
  if (!stored)
    return {
      problem: `no secret is stored for subscription ${id} (of ${service}) in profile ${profileName} any more, so delivery ${entry.id} cannot be re-signed`,
    };
  return { secret: stored.secret };
}
