// A tiny HTTP client for the conformance tests: real requests, nothing hidden.
import type { Role, RunningSandbox } from '../../src/sandbox/index.js';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined for an empty or non-JSON body. */
  body: T;
}

export interface RequestOptions {
  /** A role's token, a literal token string, or null for none. */
  as?: Role | null | { token: string };
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(
  sb: RunningSandbox,
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<Reply<T>> {
  const as = opts.as === undefined ? 'manager' : opts.as;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (as !== null) headers.Authorization = `Bearer ${typeof as === 'string' ? sb.tokens[as] : as.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  const url = path.startsWith('http')
    ? path
    : `${sb.baseUrl}${path.startsWith('/_') || path.startsWith('/oauth') ? '' : '/api/v1'}${path}`;
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export const api = {
  get: <T = any>(sb: RunningSandbox, path: string, opts?: RequestOptions) => call<T>(sb, 'GET', path, opts),
  post: <T = any>(sb: RunningSandbox, path: string, body?: unknown, opts?: RequestOptions) =>
    call<T>(sb, 'POST', path, { ...opts, body }),
  put: <T = any>(sb: RunningSandbox, path: string, body?: unknown, opts?: RequestOptions) =>
    call<T>(sb, 'PUT', path, { ...opts, body }),
  del: <T = any>(sb: RunningSandbox, path: string, opts?: RequestOptions) => call<T>(sb, 'DELETE', path, opts),
};

/** Every record of a list, following links.next; also returns how many pages it took. */
export async function listAll<T = any>(
  sb: RunningSandbox,
  path: string,
  opts?: RequestOptions,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let url: string | null = path;
  let pages = 0;
  while (url) {
    const reply: Reply = await api.get(sb, url, opts);
    if (reply.status !== 200) throw new Error(`GET ${url} → ${reply.status} ${reply.text}`);
    items.push(...reply.body.data);
    pages++;
    url = reply.body.links.next;
  }
  return { items, pages };
}

export const ids = (records: { id: number }[]): number[] => records.map((r) => r.id);

export const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
