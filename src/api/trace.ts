// The --debug trace. Every line passes through redact(): the token and every known secret
// are replaced, whatever path they took into the text, as are Authorization and
// Proxy-Authorization values and the user:password@ part of any URL (a proxy URL).

export type TraceSink = (line: string) => void;

export function createRedactor(secrets: Iterable<string | undefined>): (text: string) => string {
  const known = [...secrets].filter((s): s is string => typeof s === 'string' && s.length >= 4);
  return (text) => {
    let out = text;
    for (const secret of known) out = out.split(secret).join('[REDACTED]');
    return out
      .replace(/(authorization:\s*)(?:(?:bearer|basic)\s+)?\S+/gi, '$1[REDACTED]')
      .replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi, '$1[REDACTED]@')
      .replace(/([?&](?:access_token|token|refresh_token|secret|code|code_verifier)=)[^&\s]+/gi, '$1[REDACTED]');
  };
}
