// What restore does with each exported record, decided before anything is sent. The
// record is looked for on the service:
//
//   by the id an earlier run recorded for it (--results)     → found
//   by its own id, on the service it was exported from       → found
//   an earlier run sent its create without an answer          → the record that create made,
//     (--results: sent_at): looked up by what it would be,      or none (create it), or
//     created since it was sent (src/bulk/unanswered-creates)   "unknown" (never sent blindly)
//   a copy made since the export (same title, same place),    → found: an earlier run without
//     not claimed by another record                             --results, or a person, made it
//
// and then:
//
//   not found, parent not on the service (or not in --map)    → unplaceable
//   not found                                                 → create
//   found, an earlier run created it and did not finish       → finish (its follow-ups)
//   found, differs                                            → changed, or overwrite (--overwrite)
//   found, equal                                              → unchanged
import type { CreatedId } from '../../bulk/create-log.js';
import { matchCreates, type CreateResolution } from '../../bulk/unanswered-creates.js';
import type { ExportPart } from '../export/manifest.js';
import type { Structure } from '../structure.js';
import type { Export } from './export-dir.js';
import { describe, type ParentRef, type Placer, type PlacedParents } from './placement.js';
import type { RecordKind } from './record-kind.js';
import type { RestoreLog } from './restore-log.js';

export type Action = 'create' | 'finish' | 'overwrite' | 'changed' | 'unchanged' | 'unplaceable' | 'unknown';

/** How the service's record was found. */
export type Found = 'id' | 'results' | 'lookup' | 'copy';

export interface PlannedRecord {
  kind: ExportPart;
  // biome-ignore lint/suspicious/noExplicitAny: one record of any of the four kinds, each typed by its own RecordKind
  spec: RecordKind<any, any>;
  record: unknown;
  oldId: CreatedId;
  title: string;
  /** The first parent, as the export names it: `phase 41 "Discovery"`. */
  parent: string;
  /** That parent, for tables (`Discovery (41)`). */
  parentRef?: ParentRef;
  action: Action;
  placed: PlacedParents;
  found?: Found;
  /** The record on the service it is (or will be) matched with. */
  serviceId?: CreatedId;
  current?: unknown;
  /** The export's fields the service's record does not hold. */
  changed?: string[];
  /** Of those, the ones whose values the kind tells: service's → export's. */
  changes?: FieldChange[];
  /** Why it is unplaceable or unknown. */
  reason?: string;
}

/** A differing field as the plan shows it: `field: from → to` (from the service's record, to the export's). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** What the service holds now: the structure its records name, and the records by id. */
export interface ServiceNow {
  structure: Structure;
  records: Record<ExportPart, Map<CreatedId, unknown>>;
}

export interface PlanInput {
  exported: Export;
  kinds: readonly ExportPart[];
  // biome-ignore lint/suspicious/noExplicitAny: the four kinds, each with its own record and export types
  specs: Record<ExportPart, RecordKind<any, any>>;
  now: ServiceNow;
  placer: Placer;
  log: RestoreLog | undefined;
  overwrite: boolean;
}

export function planRestore(input: PlanInput): PlannedRecord[] {
  return input.kinds.flatMap((kind) => planKind(kind, input));
}

function planKind(kind: ExportPart, input: PlanInput): PlannedRecord[] {
  const { exported, now, placer, log } = input;
  const spec = input.specs[kind];
  const service = now.records[kind];
  const records = exported.records[kind] as unknown[];
  const claimed = new Set<CreatedId>();
  const plans: PlannedRecord[] = records.map((record) => {
    const oldId = spec.oldId(record);
    const parents = spec.parents(record);
    const placement = placer.place(parents);
    const plan: PlannedRecord = {
      kind,
      spec,
      record,
      oldId,
      title: spec.title(record),
      parent: parents.length > 0 ? describe(parents[0]!) : '',
      ...(parents.length > 0 ? { parentRef: parents[0]! } : {}),
      action: 'create',
      // On the service it came from, a parent the service does not show still has its own id: differences are told against it.
      placed:
        'placed' in placement
          ? placement.placed
          : placer.sameService
            ? Object.fromEntries(parents.map((p) => [p.kind, p.id]))
            : {},
      ...('unplaceable' in placement ? { reason: placement.unplaceable } : {}),
    };
    const recorded = log?.createdId({ kind, oldId });
    if (recorded !== undefined) claimed.add(recorded);
    if (recorded !== undefined && service.has(recorded)) found(plan, 'results', recorded);
    else if (placer.sameService && service.has(oldId)) found(plan, 'id', oldId);
    if (plan.found) claimed.add(plan.serviceId!);
    return plan;
  });

  // Records not found by id: unplaceable, or perhaps made already by a create this run cannot see the answer of.
  const missing = plans.filter((plan) => !plan.found);
  for (const plan of missing) if (plan.reason !== undefined) plan.action = 'unplaceable';
  const placeable = missing.filter((plan) => plan.action !== 'unplaceable');
  const ownIds = new Set(placer.sameService ? plans.map((p) => p.oldId) : []);
  const candidates = [...service.values()].flatMap((current) => {
    const id = spec.serviceId(current);
    return ownIds.has(id) ? [] : [{ id, group: spec.currentIdentity(current), created_at: spec.createdAt(current) }];
  });
  const lookUp = (
    plans: PlannedRecord[],
    since: (plan: PlannedRecord) => string,
    mode: 'exact' | 'pairs',
  ): CreateResolution[] =>
    matchCreates(
      plans.map((plan) => ({ group: spec.identity(plan.record, plan.placed), since: since(plan) })),
      candidates,
      claimed,
      mode,
    );

  const unanswered = placeable.filter((plan) => log?.unknownSince({ kind, oldId: plan.oldId }) !== undefined);
  lookUp(unanswered, (plan) => log!.unknownSince({ kind, oldId: plan.oldId })!, 'exact').forEach((resolution, i) => {
    const plan = unanswered[i]!;
    if (resolution === null) return;
    if (typeof resolution === 'object') {
      plan.action = 'unknown';
      plan.reason = undecided(spec, plan, resolution.undecided);
    } else found(plan, 'lookup', resolution);
  });
  const asked = new Set(unanswered);
  const others = placeable.filter((plan) => !asked.has(plan));
  lookUp(others, () => exported.manifest.exported_at, 'pairs').forEach((resolution, i) => {
    if (resolution !== null && typeof resolution !== 'object') found(others[i]!, 'copy', resolution);
  });

  for (const plan of plans) {
    if (!plan.found) continue;
    plan.current = service.get(plan.serviceId!);
    plan.changed = spec.differences(plan.record, plan.current, plan.placed);
    plan.changes = plan.changed.flatMap((field) => {
      const values = spec.change?.(field, plan.record, plan.current, plan.placed);
      return values ? [{ field, ...values }] : [];
    });
    // An earlier run's create whose follow-ups are not all done is this run's to finish.
    const unfinished =
      plan.found === 'lookup' ||
      (plan.found === 'results' && (log?.pending({ kind, oldId: plan.oldId }).length ?? 0) > 0);
    if (unfinished) plan.action = 'finish';
    else if (plan.changed.length === 0) plan.action = 'unchanged';
    else if (!input.overwrite) plan.action = 'changed';
    // Bringing a task back to its phase needs that phase.
    else plan.action = plan.reason !== undefined && plan.changed.includes('phase') ? 'unplaceable' : 'overwrite';
    // A record that is there needs no place: where its parent would go matters no more.
    if (plan.action !== 'unplaceable') delete plan.reason;
  }
  return plans;
}

function found(plan: PlannedRecord, how: Found, serviceId: CreatedId): void {
  plan.found = how;
  plan.serviceId = serviceId;
}

function undecided(
  // biome-ignore lint/suspicious/noExplicitAny: any of the four kinds
  spec: RecordKind<any, any>,
  plan: PlannedRecord,
  { found, items }: { found: CreatedId[]; items: number },
): string {
  return `outcome unknown: an earlier run sent this create without an answer, and ${found.length} ${spec.noun}(s) like it (${plan.parent}, ${JSON.stringify(plan.title)}: ${found.join(', ')}) were created since, for ${items} such record(s); check them, then record the right one in the results file as {"kind": "${plan.kind}", "old_id": ${JSON.stringify(plan.oldId)}, "new_id": <id>} (or "new_id": null to create it again)`;
}
