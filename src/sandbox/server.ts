// HTTP: reads each request, logs it, applies any injected fault, and dispatches to the
// control API, OAuth, or the /api/v1 routes (rate limit → route → auth → handler).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, roleOf, userForToken } from './auth.js';
import { nowTimestamp } from './clock.js';
import { handleControl } from './control.js';
import type { SandboxCore } from './core.js';
import { HttpError } from './http-error.js';
import { RESOURCES } from './resources/index.js';
import { matchRoute, type ApiResponse, type ApiRoute } from './routing.js';
import type { UserRecord } from './state.js';
import type { FaultAction, RequestLogEntry } from './types.js';

const API_ROUTES: readonly ApiRoute[] = RESOURCES.flatMap((resource) => resource.routes);

const MAX_BODY_BYTES = 10 * 1024 * 1024;

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

interface ParsedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  rawBody: string;
  /** Parsed JSON; undefined when the body is empty or is not JSON. */
  body: unknown;
  bodyIsInvalidJson: boolean;
  user: UserRecord | null;
  origin: string;
  clientIp: string;
  contentType: string;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function send(res: ServerResponse, response: ApiResponse, truncate = false): void {
  const headers: Record<string, string | number> = { ...response.headers };
  if (response.status === 204 || (response.json === undefined && response.text === undefined)) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  let bytes = Buffer.from(response.text ?? JSON.stringify(response.json), 'utf8');
  if (truncate) bytes = bytes.subarray(0, Math.floor(bytes.length / 2));
  headers['Content-Type'] = response.contentType ?? 'application/json';
  headers['Content-Length'] = bytes.length;
  res.writeHead(response.status, headers);
  res.end(bytes);
}

function errorResponse(err: unknown): ApiResponse {
  if (err instanceof HttpError) return { status: err.status, json: err.toBody(), headers: err.headers };
  process.emitWarning(
    `pwctl sandbox: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
  );
  return { status: 500, json: { message: 'Server Error' } };
}

/** OAuth endpoints take form-encoded bodies (JSON tolerated) and query strings. */
function formParams(req: ParsedRequest): Record<string, string> {
  if (req.contentType.includes('application/json') && req.body && typeof req.body === 'object') {
    return Object.fromEntries(Object.entries(req.body).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(req.rawBody));
}

function dispatchOAuth(core: SandboxCore, req: ParsedRequest): ApiResponse {
  if (req.path === '/oauth/authorize' && req.method === 'GET') return core.oauth.consentPage(req.query);
  if (req.path === '/oauth/authorize' && req.method === 'POST') return core.oauth.approve(formParams(req));
  if (req.path === '/oauth/token' && req.method === 'POST') return core.oauth.token(formParams(req));
  return { status: 404, json: { message: 'Not found.' } };
}

function dispatchApi(core: SandboxCore, req: ParsedRequest): ApiResponse {
  const decision = core.limiter.hit(req.user ? `user:${req.user.id}` : `ip:${req.clientIp}`);
  const rateHeaders: Record<string, string> = {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
  };
  const withRate = (r: ApiResponse): ApiResponse => ({ ...r, headers: { ...r.headers, ...rateHeaders } });
  if (decision.retryAfter !== null) {
    return withRate({
      status: 429,
      json: { message: 'Too Many Attempts.' },
      headers: { 'Retry-After': String(decision.retryAfter) },
    });
  }
  const match = matchRoute(API_ROUTES, req.method, req.path);
  if (Array.isArray(match)) {
    return withRate(
      match.length
        ? {
            status: 405,
            json: {
              message: `The ${req.method} method is not supported for this route. Supported methods: ${match.join(', ')}.`,
            },
            headers: { Allow: match.join(', ') },
          }
        : { status: 404, json: { message: 'Not found.' } },
    );
  }
  if (!req.user) {
    return withRate({ status: 401, json: { message: 'Unauthenticated.' }, headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  if (req.bodyIsInvalidJson) return withRate({ status: 400, json: { message: 'The request body is not valid JSON.' } });
  try {
    const response = match.route.handler({
      state: core.state,
      user: req.user,
      params: match.params,
      query: req.query,
      body: req.body,
      url: { origin: req.origin, path: req.path, query: req.query },
      emit: core.emit,
    });
    if (req.method !== 'GET' && response.status < 400) core.changed();
    return withRate(response);
  } catch (err) {
    return withRate(errorResponse(err));
  }
}

function dispatch(core: SandboxCore, req: ParsedRequest): ApiResponse {
  if (req.path === '/api/v1' || req.path.startsWith('/api/v1/')) return dispatchApi(core, req);
  if (req.path.startsWith('/oauth/')) return dispatchOAuth(core, req);
  return { status: 404, json: { message: 'Not found. The API is served under /api/v1.' } };
}

function faultResponse(action: FaultAction): ApiResponse | null {
  switch (action.type) {
    case 'status':
      return { status: action.status, json: action.body ?? { message: `Injected fault: HTTP ${action.status}.` } };
    case 'html-502':
      return { status: 502, text: NGINX_502, contentType: 'text/html' };
    case 'rate-limit':
      return {
        status: 429,
        json: { message: 'Too Many Attempts.' },
        headers: { 'Retry-After': String(action.retryAfter) },
      };
    default:
      return null;
  }
}

export function createRequestListener(core: SandboxCore): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(core, req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, errorResponse(err));
      else res.destroy();
    });
  };
}

async function handle(core: SandboxCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const raw = await readBody(req);
  if (raw === null) {
    send(res, { status: 413, json: { message: 'The request body is too large.' } });
    return;
  }
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const rawBody = raw.toString('utf8');
  let body: unknown;
  let bodyIsInvalidJson = false;
  if (rawBody.trim() !== '') {
    try {
      body = JSON.parse(rawBody);
    } catch {
      bodyIsInvalidJson = true;
    }
  }
  const user = userForToken(core.state, bearerToken(req.headers.authorization));
  const parsed: ParsedRequest = {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    rawBody,
    body,
    bodyIsInvalidJson,
    user,
    origin: `http://${req.headers.host ?? `${core.options.host}:${core.options.port}`}`,
    clientIp: req.socket.remoteAddress ?? 'unknown',
    contentType: String(req.headers['content-type'] ?? '').toLowerCase(),
  };

  if (parsed.path === '/_sandbox' || parsed.path.startsWith('/_sandbox/')) {
    if (bodyIsInvalidJson) {
      send(res, { status: 400, json: { message: 'The request body is not valid JSON.' } });
      return;
    }
    send(res, await handleControl(core, parsed).catch(errorResponse));
    return;
  }

  const entry: RequestLogEntry = {
    at: nowTimestamp(),
    method: parsed.method,
    path: parsed.path,
    query: parsed.query,
    headers: headerRecord(req),
    rawBody,
    body,
    status: 0,
    tokenRole: user ? roleOf(user) : null,
  };
  core.logRequest(entry);
  const finish = (status: number): void => {
    entry.status = status;
    core.options.onRequest?.(entry, performance.now() - started);
  };

  const fault = core.faults.take(parsed.method, parsed.path);
  if (fault?.type === 'reset-before') {
    req.socket.destroy();
    finish(0);
    return;
  }
  if (fault?.type === 'stall') {
    // Never answered; close() destroys the socket.
    finish(0);
    return;
  }
  const injected = fault && faultResponse(fault);
  if (injected) {
    send(res, injected);
    finish(injected.status);
    return;
  }
  if (fault?.type === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));

  const response = dispatch(core, parsed);
  if (fault?.type === 'reset-after') {
    req.socket.destroy();
    finish(0);
    return;
  }
  send(res, response, fault?.type === 'truncate');
  finish(response.status);
}
