// What restore tells besides its results: before anything is sent, how many records of each
// action and every one that cannot be placed, and every webhook subscription it points at a
// URL; after, where new signing secrets went; under --dry-run, the plan itself.
import { BulkFailure } from '../../errors.js';
import type { Ctx } from '../context.js';
import type { Action, PlannedRecord } from './plan.js';
import type { RestoreItem } from './restore-record.js';
import { describeUrlChange, urlChanges } from './url-changes.js';
import type { ParentRef } from './placement.js';
import { changesOf, PARENT_LABELS, RESTORE_PLAN_VIEW, type PlanRow } from './views.js';

/**
 * Before anything is sent: how many records of each action, every record that cannot be
 * placed, and every webhook subscription pointed at a URL from the export.
 */
export function noticePlan(ctx: Ctx, plan: readonly PlannedRecord[], overwrite: boolean): void {
  const count = (action: string) => plan.filter((p) => p.action === action).length;
  const parts = [`${count('create')} to create`];
  if (count('finish')) parts.push(`${count('finish')} to finish (created by an earlier run)`);
  if (count('overwrite')) parts.push(`${count('overwrite')} to overwrite`);
  if (count('changed'))
    parts.push(
      `${count('changed')} changed since the export (left as they are${overwrite ? '' : '; --overwrite puts the export back'})`,
    );
  parts.push(`${count('unchanged')} unchanged`);
  if (count('unplaceable')) parts.push(`${count('unplaceable')} unplaceable`);
  if (count('unknown')) parts.push(`${count('unknown')} unknown`);
  ctx.io.notice(`restoring ${plan.length} records: ${parts.join(', ')}`);
  for (const p of plan) {
    if (p.action === 'unplaceable')
      ctx.io.notice(`unplaceable: ${p.spec.noun} ${p.oldId} ${JSON.stringify(p.title)}: ${p.reason}`);
  }
  noticeUrlChanges(ctx, plan);
}

/** `url: webhook subscription 12 (task.completed): https://old → https://new`, one line each. */
function noticeUrlChanges(ctx: Ctx, plan: readonly PlannedRecord[]): void {
  for (const change of urlChanges(plan)) ctx.io.notice(`url: ${describeUrlChange(change)}`);
}

export function noticeSecrets(ctx: Ctx, plan: readonly RestoreItem[]): void {
  const created = plan.filter((item) => item.detail?.secret);
  for (const item of created) {
    if (item.detail?.secretNotStored)
      ctx.io.warn(
        `could not store the secret of subscription ${item.newId} in the config file: ${item.detail.secretNotStored}; copy it from the result now: the service never shows it again`,
      );
  }
  const stored = created.filter((item) => !item.detail?.secretNotStored).length;
  if (stored > 0)
    ctx.io.notice(
      `${stored} new webhook subscription${stored === 1 ? '' : 's'}: ${stored === 1 ? 'its signing secret is' : 'their signing secrets are'} shown only now, in the results, and stored for profile ${ctx.profileName}, so \`pwctl webhooks listen\` verifies their deliveries`,
    );
}

/** The plan's order: what would be sent first, then what changed and is left, then what cannot be done, then the rest. */
const PLAN_ORDER: readonly Action[] = [
  'create',
  'finish',
  'overwrite',
  'changed',
  'unknown',
  'unplaceable',
  'unchanged',
];

/**
 * The plan, changes first (in the export's order within each action). A table leaves the
 * unchanged records out and counts them in the summary; the data formats list every record.
 */
export async function printPlan(ctx: Ctx, plan: readonly PlannedRecord[]): Promise<void> {
  const ordered = [...plan].sort((a, b) => PLAN_ORDER.indexOf(a.action) - PLAN_ORDER.indexOf(b.action));
  const folded = ctx.output.forPeople;
  const rows: PlanRow[] = ordered
    .filter((p) => !(folded && p.action === 'unchanged'))
    .map((p) => {
      const row: PlanRow = {
        kind: p.kind,
        id: p.oldId,
        action: p.action,
        new_id: p.serviceId ?? null,
        title: p.title,
        parent: p.parent,
        changed: p.changed?.length ? p.changed : null,
        changes: changesOf(p.changes) ?? null,
        reason: p.reason ?? null,
      };
      if (p.parentRef) PARENT_LABELS.set(row, parentLabel(p.parentRef, p.placed[p.parentRef.kind]));
      return row;
    });
  if (rows.length > 0 || !folded) await ctx.output.list(rows, RESTORE_PLAN_VIEW);
  const failing = plan.filter((p) => p.action === 'unplaceable' || p.action === 'unknown').length;
  const count = (action: string) => plan.filter((p) => p.action === action).length;
  const unchanged = `${count('unchanged')} unchanged${folded && count('unchanged') > 0 ? ' (not listed; -o json lists every record)' : ''}`;
  noticeUrlChanges(ctx, plan);
  ctx.io.notice(
    `--dry-run: ${plan.length} records: ${count('create')} to create, ${count('finish') + count('overwrite')} to update, ${count('changed')} changed, ${failing} unplaceable or unknown, ${unchanged}; nothing was sent`,
  );
  if (failing > 0) throw new BulkFailure(failing, plan.length);
}

/** `Design (42)`, or `Design (42 → 7)` when the record goes under another id (--map). */
function parentLabel(parent: ParentRef, placed: number | undefined): string {
  return `${parent.title} (${placed === undefined || placed === parent.id ? parent.id : `${parent.id} → ${placed}`})`;
}
