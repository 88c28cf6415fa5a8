// One POST of raw bytes to a receiver you are building, for `webhooks trigger` and
// `listen --forward-to`, over the product's one HTTP stack (src/api/http.ts and a Network):
// the same proxies, the same trusted certificate authorities (PWCTL_CA_FILE, ca_file), the
// same deadline and the same failures in words as requests to the service. Headers go out as
// given, names' case included, and nothing re-encodes the body.
import { statusText } from '../api/errors.js';
import { httpRequest } from '../api/http.js';
import { explainTransportFailure } from '../api/network-errors.js';
import type { Network } from '../api/network.js';

export interface PostResult {
  status: number;
  statusText: string;
  ms: number;
  /** What the receiver answered with (the inspector's replay shows its start). */
  body: Buffer;
  contentType: string | undefined;
}

/** A receiver's answer body is read up to this much; a larger one is a failure. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export async function postRaw(
  network: Network,
  url: URL,
  body: Buffer,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const started = performance.now();
  await network.prepare();
  const answer = await httpRequest(url.href, {
    method: 'POST',
    headers,
    body,
    connection: await network.connectionFor(url.href),
    timeoutMs,
    maxBodyBytes: MAX_ANSWER_BYTES,
  });
  return {
    status: answer.status,
    statusText: statusText(answer.status),
    ms: Math.round(performance.now() - started),
    body: answer.body,
    contentType: answer.headers['content-type'],
  };
}

/** A short reason for a failed POST, as the API client would say it (a refused connection, an untrusted certificate, the proxy). */
export function postFailure(network: Network, url: URL, error: unknown): string {
  return explainTransportFailure(error, url.href, network.proxyFor(url)).what;
}
