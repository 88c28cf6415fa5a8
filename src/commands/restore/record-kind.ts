// What restore knows of each kind of exported record (documents, milestones, tasks, webhook
// subscriptions), in one shape: how it is named, where it hangs, what a create would make
// it (to find copies and unanswered creates), which fields differ from the service's, and
// how it is created again or brought back to the export. ./restore.ts and ./plan.ts drive
// them all alike; each kind's file holds only what is particular to it.
import type { ApiClient } from '../../api/client.js';
import type { CreatedId } from '../../bulk/create-log.js';
import { describeElements, omittedElements } from '../../content/preserved.js';
import type { Structure } from '../structure.js';
import type { ExportPart } from '../export/manifest.js';
import type { ParentRef, PlacedParents } from './placement.js';
import type { StepOrder } from './step-order.js';

/** What a record's restore tells besides its new id. */
export interface RestoreDetail {
  /** Something the service would not take back, said in the result (tags of a retired set). */
  note?: string;
  /** A new webhook subscription's signing secret: shown once, in the result. */
  secret?: string;
  /** The secret could not be stored in the config store (why). */
  secretNotStored?: string;
}

/** What the kinds need from the run around them. */
export interface RestoreEnv {
  structure: Structure;
  /** The order of tasks within their phases. */
  order: StepOrder;
  /** A line on stderr (already made safe for a terminal by the caller's I/O). */
  notice(message: string): void;
  /** Keep a new subscription's secret as `webhooks create` does. */
  storeSecret(hook: {
    id: number;
    secret: string;
    event: string;
    company_id: number;
    url: string;
    created_at: string;
  }): Promise<void>;
  /** A subscription's URL changed: keep the stored secret's description in step. */
  urlChanged(hook: { id: number; url: string }): Promise<void>;
}

/** Called the moment a create is answered, with the follow-up requests still to make. */
export type OnCreated = (id: CreatedId, pending: readonly string[]) => void;

export interface RecordKind<R, C> {
  kind: ExportPart;
  /** 'task', 'document', …: messages. */
  noun: string;
  oldId(record: R): CreatedId;
  serviceId(current: C): CreatedId;
  title(record: R): string;
  /** The parents a create sends, in the order they are checked. */
  parents(record: R): ParentRef[];
  createdAt(current: C): string;
  /** What a create with these parents would make the record: records that match it may be its copies. */
  identity(record: R, placed: PlacedParents): string;
  currentIdentity(current: C): string;
  /** The export's fields that the service's record does not hold (empty when equal). */
  differences(record: R, current: C, placed: PlacedParents): string[];
  /**
   * A differing field's value on the service and in the export, for the plan and the results
   * (`url: https://old → https://new`); a field it does not tell is shown by its name alone.
   */
  change?(field: string, record: R, current: C, placed: PlacedParents): { from: unknown; to: unknown } | undefined;
  /** Make the record again; `onCreated` gets its id as soon as the service answers. */
  create(
    client: ApiClient,
    record: R,
    placed: PlacedParents,
    env: RestoreEnv,
    onCreated: OnCreated,
  ): Promise<RestoreDetail>;
  /**
   * Bring the service's record back to the export's fields that differ (--overwrite), or
   * finish what an earlier run's create left to do (`placing`: it also takes its place
   * among its siblings, as a create does).
   */
  update(
    client: ApiClient,
    record: R,
    current: C,
    placed: PlacedParents,
    env: RestoreEnv,
    placing: boolean,
  ): Promise<RestoreDetail>;
}

/** A new body replaces the old, and the service keeps what it leaves out of the current one: say so. */
export function noticeKept(env: RestoreEnv, name: string, current: string, next: string): void {
  const omitted = omittedElements(current, next);
  if (omitted.length === 0) return;
  env.notice(
    `${name}: the exported body leaves out ${describeElements(omitted)}; the service keeps ${omitted.length === 1 ? 'it' : 'them'} in place`,
  );
}
