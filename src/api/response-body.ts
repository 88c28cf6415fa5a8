// What a 2xx answer's body means: JSON (or nothing), and the `data` envelope of a record.
import { ApiError } from './errors.js';

export type ParsedBody = { ok: true; value: unknown } | { ok: false; reason: string };

/** The body as JSON; undefined for an empty body. An HTML page or broken JSON is not a body we can use. */
export function parseJsonBody(text: string, contentType: string): ParsedBody {
  if (text.trim() === '') return { ok: true, value: undefined };
  if (contentType.toLowerCase().includes('html')) return { ok: false, reason: 'an HTML page' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'truncated or malformed' };
  }
}

/** The record under `data`. */
export function unwrapData<T>(response: { status: number; json: unknown }, method: string, path: string): T {
  const json = response.json as { data?: unknown } | undefined;
  if (!json || typeof json !== 'object' || !('data' in json)) {
    throw new ApiError({
      kind: 'bad_response',
      status: response.status,
      method,
      url: path,
      message: `${method} ${path}: the response has no data envelope`,
    });
  }
  return json.data as T;
}
