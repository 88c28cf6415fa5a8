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
import type { Document, Milestone, Step, WebhookSubscription } from '../../api/types.js';
import type { CreatedId } from '../../bulk/create-log.js';
import { serviceKey } from '../../config/service-key.js';
import { UsageError } from '../../errors.js';
import type { Ctx } from '../context.js';
import type { OptionsFor, RunOf } from '../declare.js';
import { EXPORT_PARTS, MANIFEST_FILE, type ExportPart } from '../export/manifest.js';
import { readStructure } from '../structure.js';
import { rememberUrl, storeNewSecret } from '../webhooks/stored-secrets.js';
import { runAutoMap, type AutoMapOptions } from './auto-map-run.js';
import { DOCUMENTS } from './documents.js';
import { readExport, type Export } from './export-dir.js';
import { MILESTONES } from './milestones.js';
import { readParentMap, type ParentMap } from './parent-map.js';
import { Placer } from './placement.js';
import { planRestore, type PlannedRecord, type ServiceNow } from './plan.js';
import type { RecordKind, RestoreEnv } from './record-kind.js';
import { readRestoreLog } from './restore-log.js';
import { restoreRecord, type RestoreItem } from './restore-record.js';
import { noticePlan, noticeSecrets, printPlan } from './report.js';
import { StepOrder } from './step-order.js';
import { STEPS } from './steps.js';
import { confirmUrlChanges, urlChanges } from './url-changes.js';
import { AUTO_MAP_VIEW, RESTORE_PLAN_VIEW, RESTORE_RESULT_VIEW, restoreResultView } from './views.js';
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

export const run: RunOf<typeof restoreVerb> = async (ctx, opts) => {
  const kinds = EXPORT_PARTS.filter((part) => opts.only === undefined || opts.only.includes(part));
  ctx.output.checkFields(opts.map === 'auto' ? AUTO_MAP_VIEW : ctx.dryRun ? RESTORE_PLAN_VIEW : RESTORE_RESULT_VIEW);
  const exported = await readExport(opts.dir, kinds);
  if (opts.map === 'auto') return runAutoMap(ctx, exported, kinds, KINDS, autoMapOptions(ctx, opts));
  if (opts.mapOut !== undefined)
    throw new UsageError('--map-out goes with --map auto: it names where the map made goes');
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
  // Where deliveries would go is asked about before anything is sent (exit 2 without --yes or a terminal).
  await confirmUrlChanges(ctx, urlChanges(plan));

  // Creates an earlier run sent without an answer, found on the service: recorded now, finished below.
  for (const item of plan)
    if (item.found === 'lookup') log?.created({ kind: item.kind, oldId: item.oldId }, item.serviceId!, ['follow-ups']);
  noticePlan(ctx, plan, opts.overwrite);
  const env: RestoreEnv = {
    structure: now.structure,
    order: stepOrder(plan),
    notice: (message) => ctx.io.notice(message),
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

/** Where --map auto writes, and the restore it says to run next. */
function autoMapOptions(ctx: Ctx, opts: OptionsFor<typeof restoreVerb>): AutoMapOptions {
  // The next run must reach the same service: the flags that chose it go with it.
  const { profile, baseUrl, sandbox } = ctx.flags;
  const rest = [
    ...(profile !== undefined ? ['--profile', profile] : []),
    ...(baseUrl !== undefined ? ['--base-url', baseUrl] : []),
    ...(sandbox ? ['--sandbox'] : []),
    ...(opts.only ? ['--only', opts.only.join(',')] : []),
    ...(opts.results !== undefined ? ['--results', opts.results] : []),
    ...(opts.overwrite ? ['--overwrite'] : []),
  ];
  return { dir: opts.dir, mapOut: opts.mapOut, rest };
}

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
