// --forward-to: relay accepted deliveries to other receivers with the byte-identical body
// and the delivery's own headers (Content-Type, Signature, User-Agent), without ever
// delaying the sender's answer.
import type { Network } from '../api/network.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../api/types.js';
import { parseEnum, parseHttpUrl } from '../validate.js';
import { postFailure, postRaw } from './post.js';

export interface ForwardTarget {
  /** Only deliveries of this event go here; undefined = all. */
  event: WebhookEvent | undefined;
  url: URL;
}

export interface ForwardOutcome {
  target: ForwardTarget;
  status: number | null;
  error?: string;
  ms: number;
}

/** `<url>` or `<event>=<url>`. An '=' inside the URL (a query string) is not a route. */
export function parseForwardTarget(spec: string): ForwardTarget {
  const route = /^([A-Za-z_]+\.[A-Za-z_]+)=(.*)$/.exec(spec);
  if (route) {
    const event = parseEnum(route[1]!, WEBHOOK_EVENTS, '--forward-to <event>=<url>: the event');
    return { event, url: new URL(parseHttpUrl(route[2]!, '--forward-to <event>=<url>: the URL')) };
  }
  return { event: undefined, url: new URL(parseHttpUrl(spec, '--forward-to')) };
}

/**
 * The headers a delivery is made of. Only these are relayed: whatever else the sender chose
 * (Authorization, cookies, X-Forwarded-*) would reach the target as if we had said it.
 */
const RELAYED_HEADERS = new Set(['content-type', 'signature', 'user-agent']);

/** The relayed headers as received (the first of each, its name's case kept), and the body's length. */
export function forwardHeaders(rawHeaders: readonly string[], bodyLength: number): Record<string, string> {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const lower = name.toLowerCase();
    if (!RELAYED_HEADERS.has(lower) || seen.has(lower)) continue;
    seen.add(lower);
    headers[name] = rawHeaders[i + 1]!;
  }
  headers['Content-Length'] = String(bodyLength);
  return headers;
}

export interface ForwarderOptions {
  timeoutMs: number;
  /** How relays reach their targets: the CA file and proxies the service's requests use. */
  network: Network;
  /** Relays waiting or in flight beyond this are not attempted (reported as failed). */
  maxInFlight: number;
}

export class Forwarder {
  readonly #inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly targets: readonly ForwardTarget[],
    readonly options: ForwarderOptions,
  ) {}

  targetsFor(event: string | undefined): ForwardTarget[] {
    return this.targets.filter((target) => target.event === undefined || target.event === event);
  }

  /** Relay one delivery; never rejects. */
  relay(target: ForwardTarget, body: Buffer, rawHeaders: readonly string[]): Promise<ForwardOutcome> {
    if (this.#inFlight.size >= this.options.maxInFlight) {
      return Promise.resolve({
        target,
        status: null,
        error: `over ${this.options.maxInFlight} relays in flight; skipped`,
        ms: 0,
      });
    }
    const started = performance.now();
    const { network, timeoutMs } = this.options;
    const attempt = postRaw(network, target.url, body, forwardHeaders(rawHeaders, body.length), timeoutMs).then(
      (result): ForwardOutcome => ({ target, status: result.status, ms: result.ms }),
      (error: unknown): ForwardOutcome => ({
        target,
        status: null,
        error: postFailure(network, target.url, error),
        ms: Math.round(performance.now() - started),
      }),
    );
    this.#inFlight.add(attempt);
    void attempt.finally(() => this.#inFlight.delete(attempt));
    return attempt;
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Wait for relays in flight, at most `graceMs`; returns how many were still unfinished. */
  async drain(graceMs: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    while (this.#inFlight.size > 0) {
      const settled = Promise.allSettled([...this.#inFlight]).then(() => 'done' as const);
      if ((await Promise.race([settled, deadline.then(() => 'late' as const)])) === 'late') break;
    }
    clearTimeout(timer);
    const left = this.#inFlight.size;
    await this.options.network.close();
    return left;
  }
}
