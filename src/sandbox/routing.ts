// What a route module sees: the request, the caller, the state, and a way to fire events.
// Handlers are synchronous (the state is in memory) and return a response description; the
// server decides how it reaches the wire (normally, truncated, or not at all under a fault).
import type { WebhookEvent } from '../api/types.js';
import { notFound } from './http-error.js';
import type { ListUrl } from './pagination.js';
import type { SandboxState, UserRecord } from './state.js';
import type { Query } from './validate.js';

export interface ApiResponse {
  status: number;
  /** Serialised as JSON unless `text` is given. Absent on 204. */
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export type EmitEvent = (event: WebhookEvent, companyId: number, payload: object) => void;

export interface ApiContext {
  state: SandboxState;
  user: UserRecord;
  params: Record<string, string>;
  query: Query;
  body: unknown;
  url: ListUrl;
  emit: EmitEvent;
}

export type ApiHandler = (ctx: ApiContext) => ApiResponse;

export interface ApiRoute {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: ApiHandler;
}

/** `path` uses `:name` segments, e.g. '/api/v1/steps/:id/tags/:tag_id'. */
export function defineRoute(method: string, path: string, handler: ApiHandler): ApiRoute {
  const keys: string[] = [];
  const source = path.replace(/:([a-z_]+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}/?$`), keys, handler };
}

export interface RouteMatch {
  route: ApiRoute;
  params: Record<string, string>;
}

/** The matching route, or the list of methods the path allows (for 405). */
export function matchRoute(routes: readonly ApiRoute[], method: string, path: string): RouteMatch | string[] {
  const allowed: string[] = [];
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    route.keys.forEach((key, i) => {
      params[key] = safeDecode(m[i + 1] ?? '');
    });
    return { route, params };
  }
  return allowed;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A numeric path id; anything else cannot name a record, so it is a 404. */
export function idParam(ctx: ApiContext, name = 'id'): number {
  const raw = ctx.params[name] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function ok(json: unknown, status = 200): ApiResponse {
  return { status, json };
}

export function noContent(): ApiResponse {
  return { status: 204 };
}
