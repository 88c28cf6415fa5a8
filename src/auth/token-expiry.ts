// When a stored access token counts as expired. Renewing a minute early keeps a request that
// starts just before the deadline from arriving just after it.

export const RENEW_MARGIN_MS = 60_000;

/** The ISO expiry for a token endpoint's `expires_in` (seconds); undefined when it gave none. */
export function expiryFromNow(expiresInSec: number | undefined, nowMs = Date.now()): string | undefined {
  if (expiresInSec === undefined || !Number.isFinite(expiresInSec) || expiresInSec <= 0) return undefined;
  return new Date(nowMs + expiresInSec * 1000).toISOString();
}

/** Milliseconds left before `expiresAt`; undefined when unknown or unparseable. */
export function msUntil(expiresAt: string | undefined, nowMs = Date.now()): number | undefined {
  if (!expiresAt) return undefined;
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) ? undefined : at - nowMs;
}

/** True when the token has expired or will within the margin. Unknown expiry never asks for renewal. */
export function needsRenewal(expiresAt: string | undefined, nowMs = Date.now(), marginMs = RENEW_MARGIN_MS): boolean {
  const left = msUntil(expiresAt, nowMs);
  return left !== undefined && left < marginMs;
}

/** "in 59 min", "in 2 h", "expired 3 min ago". */
export function describeExpiry(expiresAt: string, nowMs = Date.now()): string {
  const left = msUntil(expiresAt, nowMs);
  if (left === undefined) return 'unknown';
  const span = humanSpan(Math.abs(left));
  return left >= 0 ? `in ${span}` : `expired ${span} ago`;
}

function humanSpan(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}
