// One error class for everything that goes wrong talking to the service. Its message is
// the server's own (status and message), never the HTTP stack's internal text or an HTML page.

export type ApiErrorKind =
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'validation' // 422
  | 'rate_limited' // 429 after retries
  | 'server' // 5xx after retries
  | 'http' // any other non-2xx status
  | 'network' // connection failed or was reset
  | 'timeout'
  | 'bad_response' // a 2xx whose body is not the JSON we expect
  | 'outcome_unknown'; // a non-idempotent request may have been applied; we did not re-send it

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number | null;
  message: string;
  method: string;
  url: string;
  errors?: Record<string, string[]>;
  explainedErrors?: Record<string, string[]>;
  response?: ErrorResponse;
}

/** A non-2xx answer as it was received (secrets redacted), for `pwctl api` to print. */
export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly method: string;
  readonly url: string;
  /** The field errors exactly as the service sent them (its keys and wording): -o json's error line. */
  readonly errors: Record<string, string[]> | undefined;
  /**
   * The same field errors told for people, when a command can say more than the service:
   * the tag the user typed instead of `tags.3`, pwctl's flag instead of a body field. The
   * `error:` lines show these; the JSON error line keeps `errors`.
   */
  readonly explainedErrors: Record<string, string[]> | undefined;
  readonly response: ErrorResponse | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.errors = init.errors;
    this.explainedErrors = init.explainedErrors;
    this.response = init.response;
  }

  /** The same failure told differently: a new message and/or field errors, everything else kept. */
  with(change: {
    message?: string;
    errors?: Record<string, string[]>;
    explainedErrors?: Record<string, string[]>;
    response?: ErrorResponse;
  }): ApiError {
    return new ApiError({
      kind: this.kind,
      status: this.status,
      method: this.method,
      url: this.url,
      errors: 'errors' in change ? change.errors : this.errors,
      explainedErrors: 'explainedErrors' in change ? change.explainedErrors : this.explainedErrors,
      response: 'response' in change ? change.response : this.response,
      message: change.message ?? this.message,
    });
  }
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 422) return 'validation';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'http';
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "Not Found" for 404; '' for a status without a common name. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? '';
}

/** Build the error for a non-2xx response from its status, content type, body text and headers. */
export function errorFromResponse(
  method: string,
  url: string,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): ApiError {
  const statusLine = `${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
  let serverMessage: string | undefined;
  let errors: Record<string, string[]> | undefined;
  if (/json/i.test(contentType) || /^\s*[{[]/.test(text)) {
    try {
      const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: unknown };
      if (typeof body.message === 'string') serverMessage = body.message;
      else if (typeof body.error === 'string') serverMessage = body.error;
      if (body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
        errors = {};
        for (const [field, messages] of Object.entries(body.errors as Record<string, unknown>)) {
          errors[field] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
        }
      }
    } catch {
      serverMessage = undefined;
    }
  }
  if (serverMessage === undefined && /html/i.test(contentType)) {
    serverMessage = 'the server answered with an HTML error page (a proxy or gateway error?)';
  }
  const path = displayPath(url);
  const message = `${method} ${path}: ${statusLine}${serverMessage ? `: ${serverMessage}` : ''}`;
  return new ApiError({
    kind: kindForStatus(status),
    status,
    message,
    method,
    url,
    errors,
    response: { status, headers, text },
  });
}

/** The path and query of a URL, as shown in messages (the host is noise; tokens never live in URLs). */
export function displayPath(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/** Answers that refuse a request: the service applied nothing. Any other failure (a lost answer, a timeout, a 5xx) may have applied a create. */
const REFUSALS: readonly ApiErrorKind[] = [
  'unauthorized',
  'forbidden',
  'not_found',
  'validation',
  'rate_limited',
  'http',
];

/** Whether a failed request certainly changed nothing on the service. */
export function certainlyNotApplied(error: unknown): boolean {
  return error instanceof ApiError && REFUSALS.includes(error.kind);
}
