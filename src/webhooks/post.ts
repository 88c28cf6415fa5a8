// One POST of raw bytes to a receiver, for forwarding and `trigger`: node:http directly,
// so headers go out exactly as given (names' case included) and nothing re-encodes the body.
import http from 'node:http';
import https from 'node:https';

export interface PostResult {
  status: number;
  statusText: string;
  ms: number;
}

export interface PostOptions {
  timeoutMs: number;
  agent?: http.Agent;
}

export function postRaw(url: URL, body: Buffer, headers: http.OutgoingHttpHeaders, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers,
      agent: options.agent,
      timeout: options.timeoutMs,
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', ms: Math.round(performance.now() - started) }),
      );
    });
    request.end(body);
  });
}

/** A short reason for a failed POST: the error code when there is one. */
export function postFailure(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ETIMEDOUT') return e.message;
  return e?.code ?? (error instanceof Error ? error.message : String(error));
}
