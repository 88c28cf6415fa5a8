// `webhooks listen` assembled: the receiver answers; this module turns the accepted
// deliveries into records (payload parsed, event named, duplicates marked), hands them to
// the printer, relays them to forward targets, and keeps the counts for the summary.
import { DuplicateTracker, deliveryKey } from './duplicates.js';
import { parsePayload, type DeliveryRecord } from './delivery-record.js';
import { acceptedEntry, rejectedEntry } from './entries.js';
import type { InboxEntry } from './inbox/entry.js';
import type { Network } from '../api/network.js';
import { Forwarder, type ForwardOutcome, type ForwardTarget } from './forward.js';
import { nameEvent } from './infer-event.js';
import { startReceiver, type AcceptedDelivery, type ReceiverOptions, type RejectedRequest } from './receiver.js';

export interface ListenerOptions extends Omit<ReceiverOptions, 'onAccepted' | 'onRejected'> {
  /** Show and forward only these events; undefined = all. */
  events: ReadonlySet<string> | undefined;
  forwardTo: readonly ForwardTarget[];
  forwardTimeoutMs: number;
  /** How forwards reach their targets (src/api/network.ts): the CA file and proxies of the service's requests. */
  network: Network;
  duplicateMemory?: number;
}

/** A subscription whose secret verified a payload of another kind of resource than its event. */
export interface EventContradiction {
  subscriptionId: number | null;
  subscribed: string;
  shownAs: string;
}

export interface ListenerSinks {
  /** One batch of accepted deliveries, in arrival order. */
  deliveries(deliveries: DeliveryRecord[]): void;
  rejected(rejection: RejectedRequest): void;
  /** A relay ended; `entryId` is the entry handed to `entry` for that delivery, if there is one. */
  forwarded(delivery: DeliveryRecord, outcome: ForwardOutcome, entryId?: string): void;
  /** The first delivery of a subscription whose payload contradicts its event (once per subscription). */
  contradicted(contradiction: EventContradiction): void;
  /** Printing or relaying a batch failed unexpectedly (a bug); the receiver keeps running. */
  failed(error: unknown): void;
  /**
   * Every delivery answered, verified (filtered out by --events too) or refused, as the inbox
   * keeps it; given only to a listener that keeps them (the inspector page).
   */
  entry?(entry: InboxEntry): void;
}

export interface ListenSummary {
  received: number;
  verified: number;
  rejected: number;
  duplicates: number;
  /** Verified but left out by --events. */
  filtered: number;
  forwardedOk: number;
  forwardedFailed: number;
  /** Relays still unfinished when the grace period ran out. */
  forwardsAbandoned: number;
}

export interface Listener {
  origin: string;
  port: number;
  summary: ListenSummary;
  /** Stop accepting, let open requests and relays finish (bounded), and return the counts. */
  stop(graceMs: number): Promise<ListenSummary>;
}

export async function startListener(options: ListenerOptions, sinks: ListenerSinks): Promise<Listener> {
  const summary: ListenSummary = { received: 0, verified: 0, rejected: 0, duplicates: 0, filtered: 0, forwardedOk: 0, forwardedFailed: 0, forwardsAbandoned: 0 };
  const tracker = new DuplicateTracker(options.duplicateMemory);
  const forwarder = new Forwarder(options.forwardTo, { timeoutMs: options.forwardTimeoutMs, maxInFlight: 1_000, network: options.network });
  const contradicting = new Set<string>();

  const recordOf = (delivery: AcceptedDelivery): DeliveryRecord | undefined => {
    const payload = parsePayload(delivery.body);
    const { secret } = delivery;
    const { event, contradicted } = nameEvent(secret.event, payload);
    if (contradicted !== undefined && event !== null) {
      const who = secret.subscriptionId === undefined ? secret.source : `subscription ${secret.subscriptionId}`;
      if (!contradicting.has(who)) {
        contradicting.add(who);
        sinks.contradicted({ subscriptionId: secret.subscriptionId ?? null, subscribed: contradicted, shownAs: event });
      }
    }
    if (options.events && (event === null || !options.events.has(event))) {
      summary.filtered++;
      sinks.entry?.(acceptedEntry(delivery, { payload, event, duplicate: false, forwardedTo: [] }));
      return undefined;
    }
    const duplicate = tracker.check(deliveryKey(event ?? '', payload, delivery.signature));
    if (duplicate) summary.duplicates++;
    const targets = forwarder.targetsFor(event ?? undefined);
    let entry: InboxEntry | undefined;
    if (sinks.entry) {
      entry = acceptedEntry(delivery, { payload, event, duplicate, forwardedTo: targets.map((target) => target.url.href) });
      sinks.entry(entry);
    }
    const record: DeliveryRecord = {
      received_at: new Date(delivery.receivedAt).toISOString(),
      event,
      subscription_id: secret.subscriptionId ?? null,
      duplicate,
      payload,
    };
    for (const target of targets) {
      void forwarder.relay(target, delivery.body, delivery.rawHeaders).then((outcome) => {
        if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) summary.forwardedOk++;
        else summary.forwardedFailed++;
        sinks.forwarded(record, outcome, entry?.id);
      });
    }
    return record;
  };

  const receiver = await startReceiver({
    ...options,
    onAccepted(batch) {
      summary.received += batch.length;
      summary.verified += batch.length;
      const records: DeliveryRecord[] = [];
      // The senders have their answers already; a failure here must not take the receiver down.
      try {
        for (const delivery of batch) {
          const record = recordOf(delivery);
          if (record) records.push(record);
        }
        if (records.length > 0) sinks.deliveries(records);
      } catch (error) {
        sinks.failed(error);
      }
    },
    onRejected(rejection) {
      summary.received++;
      summary.rejected++;
      sinks.rejected(rejection);
      if (!sinks.entry) return;
      try {
        const entry = rejectedEntry(rejection, options.secrets.entries);
        if (entry) sinks.entry(entry);
      } catch (error) {
        sinks.failed(error);
      }
    },
  });

  return {
    origin: receiver.origin,
    port: receiver.port,
    summary,
    async stop(graceMs) {
      const started = Date.now();
      await receiver.close(graceMs);
      summary.forwardsAbandoned = await forwarder.drain(Math.max(0, graceMs - (Date.now() - started)));
      return summary;
    },
  };
}
