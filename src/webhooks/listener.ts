// `webhooks listen` assembled: the receiver answers; this module turns the accepted
// deliveries into records (event, subscription, duplicate mark), hands them to the
// printer, relays them to forward targets, and keeps the counts for the summary.
import { DuplicateTracker, deliveryKey } from './duplicates.js';
import { Delivery, isoTime, parsePayload } from './delivery-record.js';
import { Forwarder, type ForwardOutcome, type ForwardTarget } from './forward.js';
import { inferEvent } from './infer-event.js';
import type { Keyring } from './keyring.js';
import { startReceiver, type AcceptedDelivery, type RejectedRequest } from './receiver.js';
import { scanPayload } from './scan-payload.js';

export interface ListenerOptions {
  host: string;
  port: number;
  path: string | undefined;
  maxBody: number;
  readTimeoutMs: number;
  keyring: Keyring;
  /** Show and forward only these events; undefined = all. */
  events: ReadonlySet<string> | undefined;
  forwardTo: readonly ForwardTarget[];
  forwardTimeoutMs: number;
  duplicateMemory?: number;
  /** The printer copies canonical JSON bodies verbatim (json output): scan for that form too. */
  verbatimPayloads?: boolean;
}

export interface ListenerSinks {
  /** One batch of accepted deliveries, in arrival order. */
  deliveries(deliveries: Delivery[]): void;
  rejected(rejection: RejectedRequest): void;
  forwarded(delivery: Delivery, outcome: ForwardOutcome): void;
  /** Printing or relaying a batch failed unexpectedly (a bug); the receiver keeps running. */
  failed(error: unknown): void;
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
  const verbatim = options.verbatimPayloads ?? false;
  const forwarder = new Forwarder(options.forwardTo, { timeoutMs: options.forwardTimeoutMs, maxInFlight: 1_000 });

  const recordOf = (delivery: AcceptedDelivery): Delivery | undefined => {
    // The scan reads the few fields needed here without building the payload; a body it
    // declines is parsed.
    const scan = scanPayload(delivery.body, verbatim);
    const parsed = scan ? undefined : parsePayload(delivery.body);
    const fields = scan ? scan.fields : parsed!.payload;
    const event = delivery.secret.event ?? inferEvent(fields) ?? null;
    if (options.events && (event === null || !options.events.has(event))) {
      summary.filtered++;
      return undefined;
    }
    const duplicate = tracker.check(deliveryKey(event ?? '', fields, delivery.signature));
    if (duplicate) summary.duplicates++;
    const record = new Delivery(isoTime(delivery.receivedAt), event, delivery.secret.subscriptionId ?? null, duplicate, delivery.body, scan, parsed);
    if (options.forwardTo.length === 0) return record;
    for (const target of forwarder.targetsFor(event ?? undefined)) {
      void forwarder.relay(target, delivery.body, delivery.rawHeaders).then((outcome) => {
        if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) summary.forwardedOk++;
        else summary.forwardedFailed++;
        sinks.forwarded(record, outcome);
      });
    }
    return record;
  };

  const receiver = await startReceiver({
    host: options.host,
    port: options.port,
    path: options.path,
    maxBody: options.maxBody,
    readTimeoutMs: options.readTimeoutMs,
    keyring: options.keyring,
    onAccepted(batch) {
      summary.received += batch.length;
      summary.verified += batch.length;
      const records: Delivery[] = [];
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
