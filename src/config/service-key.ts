// Which service a stored value (a webhook secret, a cached id) belongs to. Subscription and
// record ids are only unique within one service, so everything keyed by id is keyed by the
// service as well. The embedded sandbox listens on a new port at every invocation, so its
// URL means nothing from one run to the next: it is named "sandbox" instead.
import { normaliseBaseUrl } from '../api/base-url.js';
import { isLetterOrDigit } from '../chars.js';

export const SANDBOX_SERVICE = 'sandbox';

/** The service key for a run: "sandbox", or the normalised base URL; undefined when neither is known. */
export function serviceKey(target: { sandbox: boolean; baseUrl: string | undefined }): string | undefined {
  if (target.sandbox) return SANDBOX_SERVICE;
  return target.baseUrl === undefined || target.baseUrl === '' ? undefined : normaliseBaseUrl(target.baseUrl);
}

/**
 * A service key as one directory name: letters, digits, '.' and '-' stay, every other byte
 * becomes `_` and two hex digits, so that two services never share a name
 * (`http://127.0.0.1:8080` → `http_3a_2f_2f127.0.0.1_3a8080`).
 */
export function serviceDirName(key: string): string {
  return Array.from(Buffer.from(key, 'utf8'), (byte) =>
    isLetterOrDigit(byte) || byte === 0x2e || byte === 0x2d
      ? String.fromCharCode(byte)
      : `_${byte.toString(16).padStart(2, '0')}`,
  ).join('');
}
