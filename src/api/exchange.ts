// One HTTP exchange with the service: the request as sent (pwctl's headers, the token only
// for the service's own origin), the whole answer as text. No retries, no interpretation of
// the status: that is the request loop's job.
import { httpRequest, type Connection } from './http.js';

export interface Exchange {
  status: number;
  /** Header names in lower case; repeated headers joined with ', '. */
  headers: Record<string, string>;
  text: string;
}

export interface ExchangeOptions {
  method: string;
  url: string;
  body: string | Buffer | undefined;
  /** Extra headers (`api -H`); names are matched case-insensitively. */
  headers: Record<string, string> | undefined;
  userAgent: string;
  /** The bearer token, sent only to `origin`: never to another host a next link or -H names. */
  token: string | undefined;
  origin: string;
  connection: Connection;
  /** The deadline for the whole exchange (--timeout). */
  timeoutMs: number;
  /** The largest answer body accepted (PWCTL_MAX_RESPONSE_BYTES). */
  maxBodyBytes?: number;
  /** Told the headers and body exactly as they are about to be sent (the --debug trace). */
  onSend?: (headers: Record<string, string>, body: string | Buffer | undefined) => void;
}

export async function exchange(options: ExchangeOptions): Promise<Exchange> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  if (new URL(options.url).origin === options.origin) {
    if (options.token && headers.authorization === undefined) headers.authorization = `Bearer ${options.token}`;
  } else {
    delete headers.authorization;
  }
  options.onSend?.(headers, options.body);
  const answer = await httpRequest(options.url, {
    method: options.method,
    headers,
    body: options.body,
    connection: options.connection,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
  });
  return { status: answer.status, headers: answer.headers, text: answer.body.toString('utf8') };
}
