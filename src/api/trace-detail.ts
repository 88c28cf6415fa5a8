// What --debug shows of an exchange besides its first line: the headers sent (`> name: value`)
// and received (`< name: value`), and with --debug=api / PWCTL_DEBUG=api the bodies. Values
// that carry credentials are replaced here by name (Authorization, cookies, anything named
// like a token, secret, key or signature), and in bodies by field name; the client's
// redactor then removes every known secret wherever else it appears.

const SECRET_HEADER =
  /^(?:authorization|proxy-authorization|cookie|set-cookie)$|token|secret|signature|password|api[-_]?key|session/i;
const SECRET_FIELD = /token|secret|password|signature|api[-_]?key|code_verifier|client_assertion/i;
const REDACTED = '[REDACTED]';

export interface TraceDetailOptions {
  /** Print request and response bodies too (--debug=api). */
  bodies: boolean;
}

/** `> name: value` for each header of a request, then its body when asked for. */
export function requestDetail(
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  options: TraceDetailOptions,
): string[] {
  return [...headerLines('>', headers), ...(options.bodies && body !== undefined ? bodyLines('>', String(body)) : [])];
}

/** `< name: value` for each header of a response, then its body when asked for. */
export function responseDetail(headers: Record<string, string>, text: string, options: TraceDetailOptions): string[] {
  return [...headerLines('<', headers), ...(options.bodies ? bodyLines('<', text) : [])];
}

function headerLines(arrow: '>' | '<', headers: Record<string, string>): string[] {
  return Object.entries(headers).map(
    ([name, value]) => `${arrow} ${name}: ${SECRET_HEADER.test(name) ? REDACTED : value}`,
  );
}

/** A JSON body on one line with its secret fields replaced; other text line by line. */
function bodyLines(arrow: '>' | '<', text: string): string[] {
  if (text === '') return [`${arrow} (empty body)`];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => `${arrow} ${line}`);
  }
  return [`${arrow} ${JSON.stringify(withoutSecrets(json))}`];
}

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_FIELD.test(key) && inner !== null && inner !== '' ? REDACTED : withoutSecrets(inner),
    ]),
  );
}
