// One planned record restored (./restore.ts runs them through the bulk runner): created again,
// brought back to the export (--overwrite), or finished where an earlier run's create left
// off; told as it is when there is nothing to send. A create is recorded in --results before
// it is sent and the moment it is answered, so a run stopped any way at all creates nothing twice.
import type { ApiClient } from '../../api/client.js';
import { ApiError, certainlyNotApplied } from '../../api/errors.js';
import type { CreatedId } from '../../bulk/create-log.js';
import type { PlannedRecord } from './plan.js';
import type { RestoreDetail, RestoreEnv } from './record-kind.js';
import type { RestoreLog } from './restore-log.js';
import { changesOf, type RestoreData } from './views.js';

/** A planned record on its way through the runner; `newId` names its result once it exists. */
export type RestoreItem = PlannedRecord & { newId?: CreatedId; detail?: RestoreDetail };

export async function restoreRecord(
  client: ApiClient,
  item: RestoreItem,
  env: RestoreEnv,
  log: RestoreLog | undefined,
): Promise<RestoreData> {
  const { spec } = item;
  const key = { kind: item.kind, oldId: item.oldId };
  try {
    switch (item.action) {
      case 'unplaceable':
      case 'unknown':
        throw new Error(item.reason);
      case 'unchanged':
      case 'changed':
        break;
      case 'create': {
        log?.sending(key, new Date().toISOString());
        let pending: readonly string[] = [];
        try {
          item.detail = await spec.create(client, item.record, item.placed, env, (id, followUps) => {
            item.newId = id;
            pending = followUps;
            log?.created(key, id, followUps);
          });
        } catch (error) {
          throw createFailure(error, item, log);
        }
        if (pending.length > 0) log?.created(key, item.newId!);
        break;
      }
      case 'finish':
      case 'overwrite':
        try {
          item.detail = await spec.update(
            client,
            item.record,
            item.current,
            item.placed,
            env,
            item.action === 'finish',
          );
        } catch (error) {
          throw withMessage(error, `${spec.noun} ${item.serviceId}: ${messageOf(error)}`);
        }
        if (item.action === 'finish') log?.created(key, item.serviceId!);
        break;
    }
  } finally {
    // Tasks placed after this one wait for it; it has its place, or will not get one.
    if (item.kind === 'steps') env.order.slot(item.oldId as number)?.placed(undefined);
  }
  const data: RestoreData = { parent: item.parent };
  if (item.changed?.length) data.changed = item.changed;
  const changes = changesOf(item.changes);
  if (changes) data.changes = changes;
  if (item.detail?.note) data.note = item.detail.note;
  if (item.detail?.secret) data.secret = item.detail.secret;
  return data;
}

/** A create that failed: nothing was made, it may have been, or it was and a follow-up failed. */
function createFailure(error: unknown, item: RestoreItem, log: RestoreLog | undefined): unknown {
  const key = { kind: item.kind, oldId: item.oldId };
  const { noun } = item.spec;
  if (item.newId !== undefined) {
    const next = log
      ? `a later run with --results ${log.path} finishes it`
      : 'a later run with --overwrite puts the rest back';
    return withMessage(error, `created ${noun} ${item.newId}, but ${messageOf(error)}; ${next}`);
  }
  if (certainlyNotApplied(error)) {
    log?.notCreated(key);
    return error;
  }
  if (!(error instanceof ApiError)) return error;
  const next = log
    ? `a later run with --results ${log.path} looks the ${noun} up before sending anything`
    : `a later run finds it if it was made (same title and place, created since the export)`;
  return error.with({ message: `${error.message}; ${next}` });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withMessage(error: unknown, message: string): unknown {
  return error instanceof ApiError ? error.with({ message }) : new Error(message);
}
