// `restore <dir>`: an export put back. Everything local is checked first (the export against
// its manifest, --map, --results, whether the service is the one exported from); then the
// service is read, each list once in pages of 1000 (../structure.ts); then each record is
// planned (./plan.ts) and, unless --dry-run, restored through the bulk runner: rate limit,
// progress, one result per record, exit 8 when any record failed or was unplaceable. With
// --results, each create is recorded before it is sent and the moment it is answered, so a
// run stopped any way at all can be repeated and creates nothing twice.
import { resolve } from 'node:path';
import { normaliseBaseUrl } from '../../api/base-url.js';
import type { ApiClient } from '../../api/client.js';
import { ApiError, certainlyNotApplied } from '../../api/errors.js';
import type { Document, Milestone, Step, WebhookSubscription } from '../../api/types.js';
import type { CreatedId } from '../../bulk/create-log.js';
import { serviceKey } from '../../config/service-key.js';
import { BulkFailure, UsageError } from '../../errors.js';
import { escapeInline } from '../../io/sanitize.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import { EXPORT_PARTS, MANIFEST_FILE, type ExportPart } from '../export/manifest.js';
import { readStructure } from '../structure.js';
import { rememberUrl, storeNewSecret } from '../webhooks/stored-secrets.js';
import { DOCUMENTS } from './documents.js';
import { readExport, type Export } from './export-dir.js';
import { MILESTONES } from './milestones.js';
import { readParentMap, type ParentMap } from './parent-map.js';
import { Placer } from './placement.js';
import { planRestore, type PlannedRecord, type ServiceNow } from './plan.js';
import type { RecordKind, RestoreDetail, RestoreEnv } from './record-kind.js';
import { readRestoreLog, type RestoreLog } from './restore-log.js';
import { StepOrder } from './step-order.js';
import { STEPS } from './steps.js';
import { RESTORE_PLAN_VIEW, RESTORE_RESULT_VIEW, restoreResultView, type PlanRow, type RestoreData } from './views.js';
import { WEBHOOKS } from './webhooks.js';
import type { restoreVerb } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: the four kinds, each with its own record and export types
const KINDS: Record<ExportPart, RecordKind<any, any>> = {
  documents: DOCUMENTS,
  steps: STEPS,
  milestones: MILESTONES,
  webhooks: WEBHOOKS,
};

/** How often the progress line of the reads may be redrawn. */
const PROGRESS_INTERVAL_MS = 100;

/** A planned record on its way through the runner; `newId` names its result once it exists. */
type RestoreItem = PlannedRecord & { newId?: CreatedId; detail?: RestoreDetail };

export const run: RunOf<typeof restoreVerb> = async (ctx, opts) => {
  const kinds = EXPORT_PARTS.filter((part) => opts.only === undefined || opts.only.includes(part));
  ctx.output.checkFields(ctx.dryRun ? RESTORE_PLAN_VIEW : RESTORE_RESULT_VIEW);
  const exported = await readExport(opts.dir, kinds);
  const map = opts.map === undefined ? undefined : await readParentMap(opts.map);
  if (
    opts.results !== undefined &&
    [MANIFEST_FILE, ...EXPORT_PARTS.map((part) => `${part}.ndjson`)].some(
      (name) => resolve(opts.dir, name) === resolve(opts.results!),
    )
  ) {
    throw new UsageError('--results must name a file other than those of the export');
  }
  const log = opts.results === undefined ? undefined : readRestoreLog(opts.results);
  ctx.onClose(async () => log?.close());
  const client = await ctx.api();

  const source = exported.manifest.service ?? normaliseBaseUrl(exported.manifest.base_url);
  const target = serviceKey(ctx.settings) ?? client.base;
  const sameService = source === target;
  if (!sameService && !map) {
    throw new UsageError(
      `the export is of ${source}, not of ${target}: its ids mean nothing here, so records go to another service only through --map <file> ({"phases": {"<old id>": <new id>}, "projects": {…}, "clients": {…}, "companies": {…}}), which places them under their new parents`,
    );
  }
  if (!ctx.dryRun) log?.open();

  const now = await readService(ctx, client, exported, kinds, readScope(exported, map, sameService));
  const plan: RestoreItem[] = planRestore({
    exported,
    kinds,
    specs: KINDS,
    now,
    placer: new Placer(map, sameService, now.structure),
    log,
    overwrite: opts.overwrite,
  });
  if (ctx.dryRun) return printPlan(ctx, plan);

  // Creates an earlier run sent without an answer, found on the service: recorded now, finished below.
  for (const item of plan)
    if (item.found === 'lookup') log?.created({ kind: item.kind, oldId: item.oldId }, item.serviceId!, ['follow-ups']);
  noticePlan(ctx, plan, opts.overwrite);
  const env: RestoreEnv = {
    structure: now.structure,
    order: stepOrder(plan),
    notice: (message) => ctx.io.notice(escapeInline(message)),
    storeSecret: (hook) => storeNewSecret(ctx, hook as WebhookSubscription & { secret: string }),
    urlChanged: (hook) => rememberUrl(ctx, hook as WebhookSubscription),
  };
  try {
    await ctx.bulk(plan, (api, item) => restoreRecord(api, item, env, log), {
      done: 'done',
      concurrency: opts.concurrency,
      view: restoreResultView(plan.some((item) => item.kind === 'documents' && item.action === 'create')),
      key: (item) => ({
        kind: item.kind,
        id: item.oldId,
        more: { action: item.action, new_id: item.newId ?? item.serviceId ?? null, title: item.title },
      }),
      failureIsPartial: true,
      nothingToDo: `nothing to do: the export holds no ${opts.only ? `${kinds.join(', ')}` : 'records'}`,
    });
  } finally {
    noticeSecrets(ctx, plan);
  }
};

/** Where the lists are read: the exported company (on another service, where the map puts it), or everything. */
function readScope(exported: Export, map: ParentMap | undefined, sameService: boolean): number | undefined {
  const company = exported.manifest.company_id;
  if (company === null) return undefined;
  return map?.companies.get(company) ?? (sameService ? company : undefined);
}

/** Each list once, in pages of 1000, with bodies and tags where records are compared. */
async function readService(
  ctx: Ctx,
  client: ApiClient,
  exported: Export,
  kinds: readonly ExportPart[],
  companyId: number | undefined,
): Promise<ServiceNow> {
  const records = Object.fromEntries(
    EXPORT_PARTS.map((part) => [part, new Map<CreatedId, unknown>()]),
  ) as ServiceNow['records'];
  const restoring = (part: ExportPart) => kinds.includes(part) && exported.records[part].length > 0;
  let shown = -Infinity;
  const keep = (part: ExportPart, id: CreatedId, record: unknown) => {
    records[part].set(id, record);
    if (performance.now() - shown < PROGRESS_INTERVAL_MS) return;
    shown = performance.now();
    ctx.io.status(
      `reading the service: ${records.documents.size} documents, ${records.steps.size} tasks, ${records.milestones.size} milestones, ${records.webhooks.size} webhooks`,
    );
  };
  try {
    const structure = await readStructure(client, companyId, {
      steps: restoring('steps') ? { include: ['content', 'tags'], each: (s: Step) => keep('steps', s.id, s) } : true,
      documents: restoring('documents')
        ? { include: ['content'], each: (d: Document) => keep('documents', d.uuid, d) }
        : true,
      milestones: restoring('milestones') ? { each: (m: Milestone) => keep('milestones', m.id, m) } : true,
      webhooks: restoring('webhooks') ? { each: (w: WebhookSubscription) => keep('webhooks', w.id, w) } : false,
    });
    return { structure, records };
  } finally {
    ctx.io.clearStatus();
  }
}

/** The order of each phase's tasks as the export lists them: which stay, which this run places. */
function stepOrder(plan: readonly PlannedRecord[]): StepOrder {
  const order = new StepOrder();
  for (const item of plan) {
    const phase = item.placed.phases;
    if (item.kind !== 'steps' || phase === undefined) continue;
    if (item.action === 'create' || item.action === 'finish') order.add(item.oldId as number, phase, 'placing');
    else if (item.current && (item.current as Step).phase?.id === phase)
      order.add(item.oldId as number, phase, { present: item.serviceId as number });
  }
  return order;
}

async function restoreRecord(
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

/** Before anything is sent: how many records of each action, and every record that cannot be placed. */
function noticePlan(ctx: Ctx, plan: readonly PlannedRecord[], overwrite: boolean): void {
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
      ctx.io.notice(escapeInline(`unplaceable: ${p.spec.noun} ${p.oldId} ${JSON.stringify(p.title)}: ${p.reason}`));
  }
}

function noticeSecrets(ctx: Ctx, plan: readonly RestoreItem[]): void {
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

async function printPlan(ctx: Ctx, plan: readonly PlannedRecord[]): Promise<void> {
  const rows: PlanRow[] = plan.map((p) => ({
    kind: p.kind,
    id: p.oldId,
    action: p.action,
    new_id: p.serviceId ?? null,
    title: p.title,
    parent: p.parent,
    changed: p.changed?.length ? p.changed : null,
    reason: p.reason ?? null,
  }));
  await ctx.output.list(rows, RESTORE_PLAN_VIEW);
  const failing = plan.filter((p) => p.action === 'unplaceable' || p.action === 'unknown').length;
  const count = (action: string) => plan.filter((p) => p.action === action).length;
  ctx.io.notice(
    `--dry-run: ${plan.length} records: ${count('create')} to create, ${count('finish') + count('overwrite')} to update, ${count('changed')} changed, ${count('unchanged')} unchanged, ${failing} unplaceable or unknown; nothing was sent`,
  );
  if (failing > 0) throw new BulkFailure(failing, plan.length);
}
