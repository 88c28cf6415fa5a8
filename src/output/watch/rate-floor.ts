// How often a watch may refresh without spending more than the service's rate limit: the API
// reference allows 60 requests a minute per user (Limits), and every answer says the service's
// own limit in X-RateLimit-Limit (the client keeps it). A refresh that takes n requests may
// come at most limit/n times a minute, so no refresh starts sooner than n × 60 s / limit after
// the one before; the interval asked for is raised to that, and the watch says so.
import { durationText } from '../duration.js';

/** The reference's window: the limit counts requests a minute. */
export const RATE_WINDOW_MS = 60_000;
/** The reference's limit, until the service has said its own. */
export const DOCUMENTED_RATE_LIMIT = 60;

/** The shortest interval between refreshes of `requests` requests each, under `limit` a minute. */
export function rateFloorMs(requests: number, limit = DOCUMENTED_RATE_LIMIT): number {
  if (requests <= 0 || limit <= 0) return 0;
  return Math.ceil((requests * RATE_WINDOW_MS) / limit);
}

/**
 * The interval a watch refreshes at (or a wait looks at), and why it is not the one asked for
 * (undefined when it is), in the words of `what` it does.
 */
export function refreshInterval(
  askedMs: number,
  requests: number,
  limit: number | undefined,
  what: { doing: string; each: string } = { doing: 'refreshing', each: 'refresh' },
): { intervalMs: number; raised?: string } {
  const floor = rateFloorMs(requests, limit);
  if (floor <= askedMs) return { intervalMs: askedMs };
  const perMinute = limit ?? DOCUMENTED_RATE_LIMIT;
  const each = `each ${what.each} takes ${requests === 1 ? '1 request' : `${requests} requests`}`;
  return {
    intervalMs: floor,
    raised: `${what.doing} every ${durationText(floor)}, not ${durationText(askedMs)}: the service allows ${perMinute} requests a minute and ${each}`,
  };
}
