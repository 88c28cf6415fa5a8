// How a token is shown to people: enough to tell two tokens apart, never enough to use one.

/** `****` plus the last 4 characters; a short token shows nothing of itself. */
export function maskToken(token: string): string {
  return token.length >= 12 ? `****${token.slice(-4)}` : '****';
}
