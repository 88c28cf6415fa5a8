// The lines `webhooks listen` says on stderr: how it verifies, each rejection (or a flood's
// summary), a relay's outcome, a duplicate not relayed, and the counts when it stops.
import { escapeInline } from '../../io/sanitize.js';
import { groupedCount } from '../../output/view.js';
import type { DeliveryRecord } from '../../webhooks/delivery-record.js';
import type { ForwardOutcome, ForwardTarget } from '../../webhooks/forward.js';
import type { EventContradiction, ListenSummary } from '../../webhooks/listener.js';
import { REJECTION_LABELS, type RejectedRequest } from '../../webhooks/rejections.js';
import type { RejectionGroup } from '../../webhooks/rejection-throttle.js';
import type { KnownSecret } from '../../webhooks/signing-secrets.js';

export function describeSources(entries: readonly KnownSecret[]): string {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.source, (counts.get(entry.source) ?? 0) + 1);
  return [...counts].map(([source, n]) => `${n} from ${source}`).join(', ');
}

export function rejectionLine(r: RejectedRequest): string {
  const request = r.method === '' ? 'request' : `${r.method} ${r.url}`;
  return `rejected ${r.status ?? 'dropped'} ${escapeInline(request)} from ${r.remote ?? 'unknown'}: ${escapeInline(r.reason)}`;
}

/** `rejected 1,234 requests in the last second: 1,200 × 401 signature does not match, 34 × 405 not POST` */
export function rejectionSummaryLine(total: number, groups: readonly RejectionGroup[]): string {
  const parts = groups.map((g) => `${groupedCount(g.count)} × ${g.status ?? 'dropped'} ${REJECTION_LABELS[g.kind]}`);
  return `rejected ${groupedCount(total)} request${total === 1 ? '' : 's'} in the last second: ${parts.join(', ')}`;
}

export function contradictionLine(c: EventContradiction): string {
  const who = c.subscriptionId === null ? 'a stored secret' : `subscription ${c.subscriptionId}`;
  return `${who} is for ${c.subscribed} but delivered a ${c.shownAs.split('.')[0]} payload: shown as ${c.shownAs}, inferred from the payload`;
}

export function forwardLine(delivery: DeliveryRecord, outcome: ForwardOutcome): string {
  const what = `${escapeInline(delivery.event ?? 'delivery')}`;
  const result =
    outcome.status === null
      ? `failed: ${escapeInline(outcome.error ?? 'error')}`
      : `${outcome.status} in ${outcome.ms} ms`;
  return `  forwarded ${what} to ${outcome.target.url.href}: ${result}`;
}

export function duplicateLine(delivery: DeliveryRecord, targets: readonly ForwardTarget[]): string {
  const where = targets.map((target) => target.url.href).join(', ');
  return `  duplicate ${escapeInline(delivery.event ?? 'delivery')}, not forwarded again to ${where}`;
}

export function summaryLine(s: ListenSummary, dropped: number, filtering: boolean): string {
  const parts = [
    `received ${s.received}`,
    `verified ${s.verified}`,
    `rejected ${s.rejected}`,
    `duplicates ${s.duplicates}`,
    `forwarded ${s.forwardedOk} ok / ${s.forwardedFailed} failed`,
  ];
  if (filtering) parts.push(`filtered out ${s.filtered}`);
  if (s.forwardsAbandoned > 0) parts.push(`${s.forwardsAbandoned} forwards unfinished`);
  if (dropped > 0) parts.push(`${dropped} not printed (output blocked)`);
  return parts.join(', ');
}

/** What the banner's ready-made `trigger` line may use: the secrets listen verifies with, how it was started. */
export interface TriggerHintInput {
  secrets: readonly KnownSecret[];
  /** --events, when given. */
  events: ReadonlySet<string> | undefined;
  /** --secret-file paths as given, and how many secrets each held. */
  secretFiles: ReadonlyArray<{ path: string; count: number }>;
  /** --profile, when given: the trigger line must name it too. */
  profileFlag: string | undefined;
}

const EXAMPLE_EVENT = 'task.completed';

/**
 * A `webhooks trigger` command that works as printed against this listener, or undefined:
 * an event the profile stored exactly one subscription's secret for (trigger finds it), else
 * the one secret of the one --secret-file. A secret given any other way is not printed.
 */
export function triggerHint({ secrets, events, secretFiles, profileFlag }: TriggerHintInput): string | undefined {
  const shown = (event: string) => events === undefined || events.has(event);
  const stored = new Map<string, number>();
  for (const s of secrets)
    if (s.subscriptionId !== undefined && s.event !== undefined && shown(s.event))
      stored.set(s.event, (stored.get(s.event) ?? 0) + 1);
  const single = [...stored].filter(([, count]) => count === 1).map(([event]) => event);
  const profile = profileFlag === undefined ? '' : ` --profile ${profileFlag}`;
  if (single.length > 0) {
    const event = single.includes(EXAMPLE_EVENT) ? EXAMPLE_EVENT : single[0]!;
    return `pwctl${profile} webhooks trigger ${event}`;
  }
  const [file] = secretFiles;
  if (secretFiles.length !== 1 || file!.count !== 1) return undefined;
  const event = events === undefined || events.has(EXAMPLE_EVENT) ? EXAMPLE_EVENT : [...events][0]!;
  return `pwctl${profile} webhooks trigger ${event} --secret-file ${shellWord(file!.path)}`;
}

/** A path as one shell word: as it is when it needs no quoting, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
