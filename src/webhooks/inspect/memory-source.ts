// The inspector's deliveries when nothing else keeps them: the newest entries the listener
// answered, in memory, bounded in count and in body bytes, gone when `listen` stops.
// Replay sends an entry again as `webhooks deliveries replay` does, with its code
// (../replay.ts): its exact bytes, to the URL given or else to the --forward-to targets it was
// relayed to, with its own Signature or, re-signed, one made with its subscription's stored
// secret (a rejected delivery only with `resign_rejected`: its sender is unverified), over the
// one HTTP stack.
import type { Network } from '../../api/network.js';
import type { InboxEntry } from '../inbox/entry.js';
import { postFailure } from '../post.js';
import {
  replayRequest,
  replayTargets,
  resignNeedsAcknowledgement,
  sendReplay,
  subscriptionSecret,
  type ReplayRequest,
} from '../replay.js';
import type { ForwardResult, InspectorSource, ReplayAttempt, ReplayOptions, ReplayOutcome } from './source.js';

export const MEMORY_SOURCE_LIMITS = {
  /** Entries kept; past this the oldest is forgotten. */
  entries: 1_000,
  /** Body bytes kept, all entries together: a thousand bodies near --max-body would be a gigabyte. */
  bytes: 64 * 1024 * 1024,
};

/** How much of a receiver's answer to a replay is shown. */
export const REPLAY_EXCERPT_BYTES = 2_048;

export interface MemorySourceOptions {
  /** How replays reach their targets: the network of the listener's forwards. */
  network: Network;
  timeoutMs: number;
  /**
   * Where a re-signed replay finds its subscription's secret, as `deliveries replay --resign`
   * does: the profile's stored secrets, read fresh. Without it nothing can be re-signed.
   */
  storedSecrets?: { configDir: string; profileName: string };
  limits?: Partial<typeof MEMORY_SOURCE_LIMITS>;
}

export class MemorySource implements InspectorSource {
  /** Oldest first. */
  readonly #entries: InboxEntry[] = [];
  readonly #byId = new Map<string, InboxEntry>();
  readonly #listeners = new Set<(entry: InboxEntry) => void>();
  /** How each kept entry's relays ended, by entry id. */
  readonly #forwards = new Map<string, ForwardResult[]>();
  readonly #forwardListeners = new Set<(id: string, result: ForwardResult) => void>();
  readonly #limits: typeof MEMORY_SOURCE_LIMITS;
  #bytes = 0;

  constructor(readonly options: MemorySourceOptions) {
    this.#limits = { ...MEMORY_SOURCE_LIMITS, ...options.limits };
  }

  /** Keep an entry the listener recorded and hand it to the subscribers. */
  add(entry: InboxEntry): void {
    // A body read in one chunk can be a view of a larger buffer (and Buffer.from() would copy
    // into a shared pool slab): keep only its own bytes, so the byte bound is what is held.
    const body = entry.body.byteLength === entry.body.buffer.byteLength ? entry.body : ownCopy(entry.body);
    const kept: InboxEntry = body === entry.body ? entry : { ...entry, body };
    this.#entries.push(kept);
    this.#byId.set(kept.id, kept);
    this.#bytes += body.length;
    while (
      this.#entries.length > this.#limits.entries ||
      (this.#bytes > this.#limits.bytes && this.#entries.length > 1)
    ) {
      const old = this.#entries.shift()!;
      this.#byId.delete(old.id);
      this.#forwards.delete(old.id);
      this.#bytes -= old.body.length;
    }
    for (const listener of this.#listeners) listener(kept);
  }

  get size(): number {
    return this.#entries.length;
  }

  recent(limit: number): InboxEntry[] {
    return this.#entries.slice(-limit).reverse();
  }

  get(id: string): InboxEntry | undefined {
    return this.#byId.get(id);
  }

  subscribe(listener: (entry: InboxEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A relay of a kept entry ended (the listener's forward). */
  forwarded(id: string, result: ForwardResult): void {
    if (!this.#byId.has(id)) return;
    const results = this.#forwards.get(id);
    if (results) results.push(result);
    else this.#forwards.set(id, [result]);
    for (const listener of this.#forwardListeners) listener(id, result);
  }

  forwards(id: string): ForwardResult[] {
    return this.#forwards.get(id) ?? [];
  }

  subscribeForwards(listener: (id: string, result: ForwardResult) => void): () => void {
    this.#forwardListeners.add(listener);
    return () => this.#forwardListeners.delete(listener);
  }

  async replay(id: string, options: ReplayOptions = {}): Promise<ReplayOutcome> {
    const entry = this.#byId.get(id);
    if (!entry)
      return {
        ok: false,
        reason: `no delivery ${id} here: only the newest ${this.#limits.entries} are kept while listen runs`,
      };
    // Checked in the order `deliveries replay` checks: where it goes, then the secret.
    const targets = replayTargets(entry, options.to);
    if (targets.length === 0) {
      const why =
        entry.verdict === 'rejected'
          ? 'a rejected delivery is not forwarded'
          : entry.duplicate
            ? 'a duplicate is not forwarded again'
            : 'this delivery was not forwarded (listen has no --forward-to for it)';
      return { ok: false, reason: `no target: ${why}; give the URL of your receiver in the "to" field beside Replay` };
    }
    let secret: string | undefined;
    const acknowledged = options.resignRejected === true;
    // As `deliveries replay --resign-rejected`, the acknowledgement implies re-signing a rejected delivery.
    if (options.resign || (acknowledged && resignNeedsAcknowledgement(entry))) {
      const { storedSecrets } = this.options;
      const found = storedSecrets
        ? storedSecret(storedSecrets.configDir, storedSecrets.profileName, entry, acknowledged)
        : { problem: 'this listener reads no stored secrets' };
      if ('unacknowledged' in found)
        return {
          ok: false,
          reason: `not re-signed: ${found.problem}; re-signing it needs an acknowledgement beyond re-sign ("resign_rejected": true, which the page asks you to confirm)`,
        };
      if ('problem' in found)
        return { ok: false, reason: `cannot re-sign: ${found.problem}; untick re-sign to send its original Signature` };
      secret = found.secret;
    }
    return {
      ok: true,
      attempts: await Promise.all(targets.map((url) => this.#send(replayRequest(entry, url, secret)))),
    };
  }

  async #send(request: ReplayRequest): Promise<ReplayAttempt> {
    const { network, timeoutMs } = this.options;
    const target = request.url.href;
    const started = performance.now();
    try {
      const answer = await sendReplay(network, request, timeoutMs);
      return {
        target,
        status: answer.status,
        status_text: answer.statusText,
        ms: answer.ms,
        body_excerpt: answer.body.length > 0 ? answer.body.subarray(0, REPLAY_EXCERPT_BYTES).toString('utf8') : null,
        body_truncated: answer.body.length > REPLAY_EXCERPT_BYTES,
        content_type: answer.contentType ?? null,
        error: null,
        resigned: request.resigned,
      };
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      return {
        target,
        status: null,
        status_text: null,
        ms,
        body_excerpt: null,
        body_truncated: false,
        content_type: null,
        error: postFailure(network, request.url, error),
        resigned: request.resigned,
      };
    }
  }

  /** Let go of the replays' connections. */
  close(): Promise<void> {
    return this.options.network.close();
  }
}

/** `deliveries replay --resign`'s lookup; a config file that cannot be read is a reason too, as replay never rejects. */
function storedSecret(
  configDir: string,
  profileName: string,
  entry: InboxEntry,
  rejectedAcknowledged: boolean,
): ReturnType<typeof subscriptionSecret> {
  try {
    return subscriptionSecret(configDir, profileName, entry, rejectedAcknowledged);
  } catch (error) {
    return { problem: `the stored secrets cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
