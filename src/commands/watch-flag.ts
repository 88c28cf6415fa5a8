// `--watch [interval]`, declared once for the read verbs that take it (steps list/get,
// milestones list/get, webhooks deliveries list); what it does is ./watching.ts and
// src/output/watch/, loaded only when a verb runs.
import { duration } from './flags.js';

/** Without a value, --watch refreshes this often (when the rate limit allows). */
export const DEFAULT_WATCH_MS = 2_000;

const WATCH_HELP =
  'show it again every interval (default 2s, never faster than the rate limit allows) until Ctrl-C: on a terminal redrawn in place, into a pipe each new or changed record';

/** `--watch [interval]`; `before` names the argument a bare number after it more likely is (`<id>`). */
export function watchFlag(before?: string) {
  return duration('--watch', WATCH_HELP, {
    bare: DEFAULT_WATCH_MS,
    min: 100,
    max: 3_600_000,
    field: false,
    ...(before === undefined ? {} : { before }),
  });
}
