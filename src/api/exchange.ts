// One HTTP exchange with the service through undici: the request as sent, the whole answer
// as text. No retries, no interpretation of the status: that is the request loop's job.
import type { Dispatcher } from 'undici';
import { httpRequest } from './http.js';

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
  dispatcher: Dispatcher;
  timeoutMs: number;
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
  const response = await httpRequest(options.url, {
    method: options.method as Dispatcher.HttpMethod,
    headers,
    body: options.body,
    dispatcher: options.dispatcher,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const text = await response.body.text();
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { status: response.statusCode, headers: flat, text };
}
