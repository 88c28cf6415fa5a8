// `webhooks listen` assembled: the receiver answers; this module turns the accepted
// deliveries into records (payload parsed, event named, duplicates marked), hands them to
// the printer, relays them to forward targets (a duplicate is not relayed again: its first
// copy was), keeps every answered delivery in the inbox (accepted or rejected) and hands it to
// whoever observes them, and keeps the counts for the summary.
import { DuplicateTracker, deliveryKey } from './duplicates.js';
import { parseBody, type DeliveryRecord } from './delivery-record.js';
import type { Network } from '../api/network.js';
import { Forwarder, type ForwardOutcome, type ForwardTarget } from './forward.js';
import type { InboxEntry } from './inbox/entry.js';
import { DeliveryIds } from './inbox/ids.js';
import { rejectedEntry, verifiedEntry } from './inbox/make-entry.js';
import type { InboxWriter } from './inbox/writer.js';
import { nameEvent } from './infer-event.js';
import { startReceiver, type AcceptedDelivery, type ReceiverOptions } from './receiver.js';
import type { RejectedRequest } from './rejections.js';

export interface ListenerOptions extends Omit<ReceiverOptions, 'onAccepted' | 'onRejected'> {
  /** Show and forward only these events; undefined = all. */
  events: ReadonlySet<string> | undefined;
  forwardTo: readonly ForwardTarget[];
  forwardTimeoutMs: number;
  /** How forwards reach their targets (src/api/network.ts): the CA file and proxies of the service's requests. */
  network: Network;
  duplicateMemory?: number;
  /** Where every answered delivery is kept (src/webhooks/inbox/); undefined with --no-inbox. */
  inbox?: InboxWriter;
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
  /** A relay ended; `entryId` is the entry handed to onEntry for that delivery, when entries are made. */
  forwarded(delivery: DeliveryRecord, outcome: ForwardOutcome, entryId?: string): void;
  /**
   * A duplicate was not relayed to `targets`: its first copy was (a receiver under test would
   * otherwise act twice on one event). Left out: nothing is said.
   */
  duplicateNotForwarded?(delivery: DeliveryRecord, targets: readonly ForwardTarget[]): void;
  /** The first delivery of a subscription whose payload contradicts its event (once per subscription). */
  contradicted(contradiction: EventContradiction): void;
  /** Printing or relaying a batch failed unexpectedly (a bug); the receiver keeps running. */
  failed(error: unknown): void;
  /**
   * Every delivery answered that the inbox keeps (accepted, or rejected for its signature or
   * size), as it keeps it, whether or not the inbox is on (the inspector page subscribes).
   */
  onEntry?(entry: InboxEntry): void;
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
  const summary: ListenSummary = {
    received: 0,
    verified: 0,
    rejected: 0,
    duplicates: 0,
    filtered: 0,
    forwardedOk: 0,
    forwardedFailed: 0,
    forwardsAbandoned: 0,
  };
  const tracker = new DuplicateTracker(options.duplicateMemory);
  const forwarder = new Forwarder(options.forwardTo, {
    timeoutMs: options.forwardTimeoutMs,
    maxInFlight: 1_000,
    network: options.network,
  });
  const contradicting = new Set<string>();
  const { inbox } = options;
  // Entries are made only when someone keeps or watches them.
  const keeping = inbox !== undefined || sinks.onEntry !== undefined;
  const ids = inbox?.ids ?? new DeliveryIds(0);
  const keep = (entry: InboxEntry): void => {
    sinks.onEntry?.(entry);
    inbox?.add(entry);
  };
  // Refusals are kept on the next turn, as accepted deliveries are: the answer goes first.
  let refusals: RejectedRequest[] = [];
  const keepRefusals = (): void => {
    const batch = refusals;
    refusals = [];
    // The senders have their answers already; a failure here must not take the receiver down.
    try {
      for (const rejection of batch) {
        const entry = rejectedEntry(ids.next(rejection.receivedAt), rejection, options.secrets.entries);
        if (entry) keep(entry);
      }
    } catch (error) {
      sinks.failed(error);
    }
  };

  const recordOf = (delivery: AcceptedDelivery): DeliveryRecord | undefined => {
    const { payload, parses } = parseBody(delivery.body);
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
      if (keeping) {
        const duplicate = tracker.check(deliveryKey(event ?? '', payload, delivery.signature));
        keep(
          verifiedEntry({ id: ids.next(delivery.receivedAt), ...delivery, parses, event, duplicate, forwardedTo: [] }),
        );
      }
      return undefined;
    }
    const duplicate = tracker.check(deliveryKey(event ?? '', payload, delivery.signature));
    if (duplicate) summary.duplicates++;
    const record: DeliveryRecord = {
      received_at: new Date(delivery.receivedAt).toISOString(),
      event,
      subscription_id: secret.subscriptionId ?? null,
      duplicate,
      payload,
    };
    // A repeat goes to no target: the first copy was relayed (or tried), once.
    const routes = forwarder.targetsFor(event ?? undefined);
    const targets = duplicate ? [] : routes;
    if (duplicate && routes.length > 0) sinks.duplicateNotForwarded?.(record, routes);
    const entryId = keeping ? ids.next(delivery.receivedAt) : undefined;
    if (entryId)
      keep(
        verifiedEntry({
          id: entryId,
          ...delivery,
          parses,
          event,
          duplicate,
          forwardedTo: targets.map((t) => t.url.href),
        }),
      );
    for (const target of targets) {
      void forwarder.relay(target, delivery.body, delivery.rawHeaders).then((outcome) => {
        if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) summary.forwardedOk++;
        else summary.forwardedFailed++;
        sinks.forwarded(record, outcome, entryId);
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
      if (!keeping) return;
      if (refusals.length === 0) setImmediate(keepRefusals);
      refusals.push(rejection);
    },
  });

  return {
    origin: receiver.origin,
    port: receiver.port,
    summary,
    async stop(graceMs) {
      const started = Date.now();
      await receiver.close(graceMs);
      keepRefusals();
      summary.forwardsAbandoned = await forwarder.drain(Math.max(0, graceMs - (Date.now() - started)));
      return summary;
    },
  };
}
