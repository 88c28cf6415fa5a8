// Webhook deliveries: signed POSTs to every active subscription that matches an event, sent
// in the background, in order per subscription, and logged attempt by attempt.
// The sandbox does not retry failed deliveries (the reference leaves retries open).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { WebhookEvent } from '../api/types.js';
import { nowTimestamp } from './clock.js';
import type { DeliveryLogEntry } from './types.js';

/** A receiver gets this long to answer before the attempt is logged as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** What a delivery needs of a subscription (the webhooks resource's record has these and more). */
interface Subscription {
  id: number;
  url: string;
  event: string;
  company_id: number;
  active: boolean;
  secret: string;
}

interface Job {
  subscriptionId: number;
  companyId: number;
  event: string;
  url: string;
  body: string;
  signature: string;
}

export class DeliveryQueue {
  private nextId = 1;
  private readonly chains = new Map<number, Promise<void>>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly companies = new Map<number, number>();

  constructor(
    /** The live subscriptions by id; read at each event and each attempt. */
    private readonly subscriptions: () => Readonly<Record<number, Subscription>>,
    readonly log: DeliveryLogEntry[],
  ) {}

  /** Queue one delivery per active subscription of `companyId` for `event`. The body is
   * serialised now, so it is the record as it was when the event happened. */
  enqueue(event: WebhookEvent, companyId: number, payload: object): void {
    const body = JSON.stringify(payload);
    for (const hook of Object.values(this.subscriptions())) {
      if (hook.company_id !== companyId || hook.event !== event || !hook.active) continue;
      this.schedule(
        { subscriptionId: hook.id, companyId, event, url: hook.url, body, signature: signBody(hook.secret, body) },
        true,
      );
    }
  }

  /** Send a logged delivery again with the same body and signature. */
  redeliver(id: number): Promise<DeliveryLogEntry> {
    const entry = this.log.find((d) => d.id === id);
    if (!entry) return Promise.reject(new Error(`no delivery ${id}`));
    const { subscription_id: subscriptionId, event, url, body, signature } = entry;
    const companyId = this.companies.get(id) ?? 0;
    return this.schedule({ subscriptionId, companyId, event, url, body, signature }, false);
  }

  /** The company whose event a logged delivery carried. */
  companyOf(deliveryId: number): number | null {
    return this.companies.get(deliveryId) ?? null;
  }

  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private schedule(job: Job, onlyIfActive: boolean): Promise<DeliveryLogEntry> {
    const previous = this.chains.get(job.subscriptionId) ?? Promise.resolve();
    const attempt = previous.then(() => this.attempt(job, onlyIfActive));
    const done = attempt.then(() => undefined);
    this.chains.set(job.subscriptionId, done);
    this.pending.add(done);
    void done.finally(() => {
      this.pending.delete(done);
      if (this.chains.get(job.subscriptionId) === done) this.chains.delete(job.subscriptionId);
    });
    return attempt as Promise<DeliveryLogEntry>;
  }

  private async attempt(job: Job, onlyIfActive: boolean): Promise<DeliveryLogEntry | undefined> {
    // A subscription deleted or paused after the event was queued gets nothing.
    const hook = this.subscriptions()[job.subscriptionId];
    if (onlyIfActive && !hook?.active) return undefined;
    const entry: DeliveryLogEntry = {
      id: this.nextId++,
      subscription_id: job.subscriptionId,
      event: job.event,
      url: job.url,
      body: job.body,
      signature: job.signature,
      status: null,
      error: null,
      at: nowTimestamp(),
      duration_ms: null,
    };
    this.log.push(entry);
    this.companies.set(entry.id, job.companyId);
    const started = performance.now();
    try {
      entry.status = await post(job.url, job.body, job.signature);
    } catch (err) {
      entry.error = err instanceof Error ? err.message : String(err);
    }
    entry.duration_ms = Math.round(performance.now() - started);
    return entry;
  }
}

function post(url: string, body: string, signature: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const bytes = Buffer.from(body, 'utf8');
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(bytes.length),
        Signature: signature,
        'User-Agent': 'pwctl-sandbox-webhooks/1',
      },
      timeout: DELIVERY_TIMEOUT_MS,
    });
    request.on('timeout', () => request.destroy(new Error(`no response within ${DELIVERY_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.end(bytes);
  });
}
