// Where restore would send webhook deliveries. An export is a set of files anyone may have
// edited: a subscription created again, or re-pointed by --overwrite, delivers the company's
// data to whatever URL the export names. So every such URL is named (old → new), in the plan,
// in the summary and in a question put before anything is sent: --yes answers it; without a
// terminal to ask, the run stops (exit 2) before any change is sent.
import type { WebhookSubscription } from '../../api/types.js';
import type { Ctx } from '../context.js';
import type { PlannedRecord } from './plan.js';

/** A subscription this run would point at a URL: `from` is undefined for one it creates. */
export interface UrlChange {
  id: number | string;
  event: string;
  from: string | undefined;
  to: string;
}

/** The subscriptions the plan creates, or re-points (--overwrite), and their URLs. */
export function urlChanges(plan: readonly PlannedRecord[]): UrlChange[] {
  return plan.flatMap((item): UrlChange[] => {
    if (item.kind !== 'webhooks') return [];
    const hook = item.record as WebhookSubscription;
    if (item.action === 'create') return [{ id: item.oldId, event: hook.event, from: undefined, to: hook.url }];
    if (item.action === 'overwrite' && item.changed?.includes('url'))
      return [
        {
          id: item.serviceId ?? item.oldId,
          event: hook.event,
          from: (item.current as WebhookSubscription).url,
          to: hook.url,
        },
      ];
    return [];
  });
}

/** `subscription 12 (task.completed): https://old → https://new`, `subscription 15 (task.completed), created again: https://new` */
export function describeUrlChange(change: UrlChange): string {
  const which = `webhook subscription ${change.id} (${change.event})`;
  return change.from === undefined
    ? `${which}, created again: ${change.to}`
    : `${which}: ${change.from} → ${change.to}`;
}

/** Ask before any subscription is pointed at a URL from the export; --yes answers. */
export async function confirmUrlChanges(ctx: Ctx, changes: readonly UrlChange[]): Promise<void> {
  if (changes.length === 0) return;
  const list = changes.map(describeUrlChange).join('; ');
  const what = changes.length === 1 ? 'a webhook subscription' : `${changes.length} webhook subscriptions`;
  await ctx.confirm(`Send deliveries of ${what} to the export's URLs (${list})?`);
}
