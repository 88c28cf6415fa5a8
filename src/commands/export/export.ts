// `export <dir>`: every document (with its body), task (with body and tags), milestone and
// webhook subscription the caller can read, one NDJSON file each, plus manifest.json. The
// four lists are fetched at once, each in pages of 1000, and each record goes straight to
// its file: memory holds a page, not the export. Files are staged under temporary names
// and renamed only when all four lists are complete, the manifest last, so an export that
// failed or was interrupted (Ctrl-C, SIGTERM, SIGHUP) leaves nothing that looks finished, and no
// temporary file either: the directory is as it was before the run (not there at all, when
// the run created it).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { listDocuments } from '../../api/documents.js';
import { listMilestones } from '../../api/milestones.js';
import { listSteps } from '../../api/steps.js';
import { listWebhooks } from '../../api/webhooks.js';
import type { WebhookSubscription } from '../../api/types.js';
import { SANDBOX_SERVICE, serviceKey } from '../../config/service-key.js';
import { InterruptedError } from '../../errors.js';
import { onStopSignals } from '../../stop-signals.js';
import { removeLeftovers, writeFileAtomic } from '../../files/atomic-write.js';
import { StagedFile } from '../../files/staged-file.js';
import { ndjsonFileWriter, WHOLE_RECORD_VIEW } from '../../output/ndjson-file.js';
import { prepareTargetDir } from '../../files/target-dir.js';
import { toJson } from '../../output/json.js';
import type { Ctx } from '../context.js';
import type { OptionsFor, RunOf } from '../declare.js';
import type { exportVerb } from './index.js';
import {
  EXPORT_PARTS,
  MANIFEST_FILE,
  MANIFEST_VIEW,
  type ExportCounts,
  type ExportPart,
  type Manifest,
} from './manifest.js';

/** How often the progress line may be redrawn. */
const PROGRESS_INTERVAL_MS = 100;

export const run: RunOf<typeof exportVerb> = async (ctx, opts) => {
  ctx.output.checkFields(MANIFEST_VIEW);
  const target = await prepareTargetDir(opts.dir, { empty: true, force: opts.force });
  try {
    await exportInto(ctx, opts);
  } catch (error) {
    // A directory this run made is removed again (it holds nothing: the staged files are gone).
    await target.removeIfCreated();
    throw error;
  }
};

async function exportInto(ctx: Ctx, opts: OptionsFor<typeof exportVerb>): Promise<void> {
  const { dir } = opts;
  const companyId = opts.company ?? ctx.settings.company;
  // Temporary files of an earlier run that was killed outright (SIGKILL, power loss).
  if (opts.force)
    for (const name of [...EXPORT_PARTS.map((part) => `${part}.ndjson`), MANIFEST_FILE])
      removeLeftovers(join(dir, name));
  const client = await ctx.api();
  // The records are read from here on: the backup is of this moment, give or take its length.
  const exportedAt = new Date().toISOString();
  const counts: ExportCounts = { documents: 0, steps: 0, milestones: 0, webhooks: 0 };
  const staged = Object.fromEntries(
    EXPORT_PARTS.map((part) => [part, new StagedFile(join(dir, `${part}.ndjson`))]),
  ) as Record<ExportPart, StagedFile>;
  let stop: Error | undefined;
  // A signal ends the run at once, even while a list waits for its next page: the staged
  // files are discarded and what is still in flight is abandoned (it is only reading).
  let interrupt!: () => void;
  const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
  const onSignal = () => {
    stop ??= new InterruptedError('interrupted: nothing was written');
    interrupt();
  };
  const stopListening = onStopSignals(onSignal, { once: true });
  // The first record is always shown: a small export can be done within the first interval of the process.
  let shown = -Infinity;
  const progress = () => {
    if (performance.now() - shown < PROGRESS_INTERVAL_MS) return;
    shown = performance.now();
    ctx.io.status(
      `exporting: ${counts.documents} documents, ${counts.steps} tasks, ${counts.milestones} milestones, ${counts.webhooks} webhooks`,
    );
  };

  /** Records of one list into its staged file, counted; any other list's failure stops it. */
  const exportPart = async (part: ExportPart, records: AsyncIterable<unknown>) => {
    const writer = ndjsonFileWriter(ctx.io, staged[part].stream);
    async function* counted(): AsyncGenerator<unknown> {
      for await (const record of records) {
        if (stop) throw stop;
        counts[part]++;
        progress();
        yield record;
      }
    }
    try {
      await writer.list(counted(), WHOLE_RECORD_VIEW);
      await staged[part].close();
    } catch (error) {
      stop ??= namingThePart(part, error);
      throw error;
    }
  };

  try {
    // Every list runs to its end or stops at its next record once one has failed.
    const settled = Promise.allSettled(
      EXPORT_PARTS.map((part) => exportPart(part, fetchPart(client, part, companyId))),
    );
    const outcomes: PromiseSettledResult<void>[] = await Promise.race([settled, interrupted.then(() => [])]);
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    // The first list to fail decides the error (and so the exit code); the others were stopped by it.
    if (stop || failure) throw stop ?? failure!.reason;
    // An earlier export's manifest must not vouch for files that are being replaced.
    await rm(join(dir, MANIFEST_FILE), { force: true });
    for (const part of EXPORT_PARTS) await staged[part].commit();
  } catch (error) {
    await Promise.all(EXPORT_PARTS.map((part) => staged[part].discard()));
    throw stop instanceof InterruptedError ? stop : error;
  } finally {
    stopListening();
    ctx.io.clearStatus();
  }

  // The embedded sandbox listens on a new port at every run: its URL would name nothing.
  const service = serviceKey(ctx.settings) ?? client.base;
  const manifest: Manifest = {
    base_url: service === SANDBOX_SERVICE ? SANDBOX_SERVICE : client.base,
    service,
    exported_at: exportedAt,
    company_id: companyId ?? null,
    counts,
  };
  await writeFileAtomic(join(dir, MANIFEST_FILE), `${toJson(manifest, 2)}\n`);
  await ctx.output.record({ dir, ...manifest }, MANIFEST_VIEW);
}

/** The error of a list that failed, told as that list's: `reading tasks: GET /api/v1/steps?page=2: 404 …`. */
function namingThePart(part: ExportPart, error: unknown): Error {
  const what = `reading ${PART_NAMES[part]}`;
  if (error instanceof ApiError) return error.with({ message: `${what}: ${error.message}` });
  return error instanceof Error ? error : new Error(`${what}: ${String(error)}`);
}

const PART_NAMES: Record<ExportPart, string> = {
  documents: 'documents',
  steps: 'tasks',
  milestones: 'milestones',
  webhooks: 'webhook subscriptions',
};

function fetchPart(client: ApiClient, part: ExportPart, companyId: number | undefined): AsyncIterable<unknown> {
  switch (part) {
    case 'documents':
      return listDocuments(client, { company_id: companyId, include: ['content'] }, 'all');
    case 'steps':
      return listSteps(client, { company_id: companyId, include: ['content', 'tags'] }, 'all');
    case 'milestones':
      return listMilestones(client, { company_id: companyId }, 'all');
    case 'webhooks':
      return withoutSecrets(listWebhooks(client, { company_id: companyId }, 'all'));
  }
}

/** The service never lists a secret; should one ever appear, it still stays out of the backup. */
async function* withoutSecrets(
  webhooks: AsyncIterable<WebhookSubscription>,
): AsyncGenerator<Omit<WebhookSubscription, 'secret'>> {
  for await (const webhook of webhooks) {
    const { secret: _secret, ...rest } = webhook;
    yield rest;
  }
}
