// `steps import <file|->`: one task per CSV row or NDJSON line. Every row is checked before
// the first request; creates run through the bulk runner (rate-limit pacing, concurrency,
// progress, Ctrl-C); each row's tags are added after its create. With --results, every
// create is recorded as it happens with what its row held, and a later run skips the rows
// recorded, wherever they are in the file now (import-match.ts). A task created without its
// tags (the run stopped between the two, or the tag request failed) is recorded so, and a
// later run adds them, creating nothing.
import { resolve } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { ApiError, certainlyNotApplied } from '../../api/errors.js';
import { createStep, getStep } from '../../api/steps.js';
import { addTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type Step, type TagChange } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import { readInput } from '../read-input.js';
import { shellWord } from '../shell-word.js';
import { chunk } from '../tags/tag-ref.js';
import { IMPORT_RESULT_VIEW } from './import-view.js';
import { reconcileUnknownLines, type Resolution } from './import-reconcile.js';
import { matchRows, type MatchResult } from './import-match.js';
import { problemsError } from './import-problems.js';
import { ResultsLog } from './import-results.js';
import { checkRow, type ImportRow } from './import-row.js';
import { importFormat } from './import-format.js';
import { readRows } from './import-source.js';
import type { importRows } from './import-verb.js';

/** A row on its way through the runner; `createdId` names its result once its task exists. */
interface ImportItem {
  row: ImportRow;
  createdId?: number;
  /** An earlier run created the task but did not add its tags: only they are sent. */
  tagsOnly?: boolean;
  /** An earlier run's create whose outcome cannot be told: reported, never sent again. */
  undecided?: string;
}

export const run: RunOf<typeof importRows> = async (ctx, opts) => {
  const { file } = opts;
  const format = importFormat(file, opts.format);
  const defaultPhase = opts.phase;
  if (opts.results !== undefined && file !== '-' && resolve(opts.results) === resolve(file)) {
    throw new UsageError('--results must name a file other than the one being imported');
  }
  ctx.output.checkFields(IMPORT_RESULT_VIEW);
  const source = readRows(await readInput(ctx, file, '<file>'), format);
  const problems = [...source.problems];
  const rows: ImportRow[] = [];
  for (const raw of source.rows) {
    const checked = checkRow(raw, format, defaultPhase);
    if ('row' in checked) rows.push(checked.row);
    else problems.push(...checked.problems);
  }
  // Told once the rows are good: the first line of stderr for a bad file is its `error:` line.
  if (problems.length > 0) throw problemsError(problems);
  if (source.delimiter === ';')
    ctx.io.notice(`reading ${file === '-' ? 'standard input' : file} as ';'-separated values (from its header line)`);
  const log = opts.results === undefined ? undefined : ResultsLog.read(opts.results);
  ctx.onClose(async () => log?.close());
  const matched = log && matchRows(rows, log.records, log.path);
  if (log && matched) {
    if (matched.changed.length > 0)
      throw problemsError(
        matched.changed,
        (n) => `${n} rows changed since an earlier run recorded them in ${log.path}`,
      );
    recordMatches(ctx, log, matched);
  }

  const pending = rows.filter((row) => matched?.byLine.get(row.line)?.kind !== 'created');
  const tagsOnly = rows.flatMap((row): ImportItem[] => {
    const match = matched?.byLine.get(row.line);
    return match?.kind === 'created' && match.followUps.includes('tags')
      ? [{ row, createdId: match.id, tagsOnly: true }]
      : [];
  });
  if (rows.length > pending.length) {
    const moved = matched?.moved ? `; ${matched.moved} of them on other lines now` : '';
    ctx.io.notice(
      `skipping ${rows.length - pending.length} of ${rows.length} rows: created by an earlier run (${opts.results}${moved})`,
    );
  }
  if (tagsOnly.length > 0)
    ctx.io.notice(
      `adding the tags of ${tagsOnly.length} task(s) an earlier run created without them: ${tagsOnly.map((i) => i.createdId).join(', ')}`,
    );
  if (rows.length === 0 || pending.length + tagsOnly.length === 0) {
    ctx.io.notice(
      rows.length === 0
        ? `nothing to do: ${file === '-' ? 'standard input' : file} holds no rows`
        : 'nothing to do: every row was created by an earlier run',
    );
    return;
  }

  if (!ctx.dryRun) log?.open();
  const client = await ctx.api();
  const items = [...tagsOnly, ...(await resolveUnknown(ctx, client, pending, log, matched))].sort(
    (a, b) => a.row.line - b.row.line,
  );
  if (ctx.dryRun && items.some((item) => item.row.tags.length > 0 && !item.tagsOnly)) {
    ctx.io.notice(
      "--dry-run: each row's tags are added after its create (POST /api/v1/steps/<new id>/tags), not shown",
    );
  }
  await ctx.bulk(items, (api, item) => importRow(ctx, api, item, log), {
    done: 'created',
    concurrency: opts.concurrency,
    view: IMPORT_RESULT_VIEW,
    key: (item) => ({
      line: item.row.line,
      id: item.createdId ?? null,
      ...(item.tagsOnly ? { more: { note: 'created by an earlier run; its tags added now' } } : {}),
    }),
    failureIsPartial: true,
    nothingToDo: 'nothing to do: every row was created by an earlier run',
  });
};

/**
 * Rows an earlier run sent without an answer are looked up first: found ones are recorded
 * and skipped, absent ones are created now, and the rest are reported, not sent.
 */
async function resolveUnknown(
  ctx: Ctx,
  client: ApiClient,
  rows: ImportRow[],
  log: ResultsLog | undefined,
  matched: MatchResult | undefined,
): Promise<ImportItem[]> {
  const unknown = rows.flatMap((row) => {
    const match = matched?.byLine.get(row.line);
    return match?.kind === 'unknown' ? [{ row, sentAt: match.sentAt }] : [];
  });
  if (!log || unknown.length === 0) return rows.map((row) => ({ row }));
  ctx.io.notice(`looking up ${unknown.length} row(s) an earlier run sent without an answer`);
  const resolutions = await reconcileUnknownLines(client, unknown, log.createdIds());
  const items: ImportItem[] = [];
  for (const row of rows) {
    const resolution: Resolution | undefined = resolutions.get(row.line);
    if (typeof resolution === 'number') {
      if (!ctx.dryRun) log.created(row.line, row.digest, resolution);
      ctx.io.notice(`line ${row.line}: created task ${resolution} in the earlier run; recorded`);
    } else if (resolution !== null && resolution !== undefined) items.push({ row, undecided: resolution.undecided });
    else items.push({ row });
  }
  return items;
}

/**
 * Before anything is sent: tasks found on other lines than recorded (or by a record without a
 * digest) are recorded again under the row's line and digest, so the file keeps matching as it
 * is now; tasks whose rows are gone are told once.
 */
function recordMatches(ctx: Ctx, log: ResultsLog, matched: MatchResult): void {
  if (!ctx.dryRun)
    for (const { line, digest, id, followUps } of matched.rerecord) log.created(line, digest, id, followUps);
  if (matched.gone.length === 0) return;
  const tasks = matched.gone.map((g) => `${g.id} (line ${g.line})`).join(', ');
  ctx.io.notice(
    `${log.path} records ${matched.gone.length === 1 ? 'a task' : `${matched.gone.length} tasks`} made from rows no longer in the file: ${tasks}; left as they are`,
  );
}

async function importRow(ctx: Ctx, client: ApiClient, item: ImportItem, log: ResultsLog | undefined): Promise<Step> {
  if (item.undecided) throw new Error(item.undecided);
  const { row } = item;
  const recording = log && !ctx.dryRun;
  if (item.tagsOnly) {
    const { tags } = await finishTags(client, item.createdId!, row, recording ? log : undefined);
    // The result shows the task, as a create's does; its tags are what the last request left.
    return { ...(await getStep(client, item.createdId!)), tags };
  }
  if (recording) log.sending(row.line, row.digest, new Date().toISOString());
  let step: Step;
  try {
    step = await createStep(client, row.body, 'pwctl steps list --all --fields id,title,phase.id');
  } catch (error) {
    const nothingCreated = certainlyNotApplied(error);
    if (recording && nothingCreated) log.notCreated(row.line, row.digest);
    if (recording && !nothingCreated && error instanceof ApiError) {
      throw error.with({
        message: `${error.message}; a later run with --results ${log.path} looks the task up before sending anything`,
      });
    }
    throw error;
  }
  // Until its tags are added the line is not done: a run stopped in between leaves that said.
  if (recording) log.created(row.line, row.digest, step.id, row.tags.length > 0 ? ['tags'] : []);
  item.createdId = step.id;
  if (row.tags.length === 0) return step;
  return { ...step, ...(await finishTags(client, step.id, row, recording ? log : undefined)) };
}

/**
 * Adds a created task's tags (at most 100 references per request; adding is cumulative and
 * keeps what is there, so a longer list goes in parts and adding again is harmless), then
 * records the line done. Answers the task as the last request left it: its id and tags.
 */
async function finishTags(
  client: ApiClient,
  stepId: number,
  row: ImportRow,
  log: ResultsLog | undefined,
): Promise<Step> {
  let change: TagChange | undefined;
  try {
    for (const part of chunk(row.tags, MAX_TAG_REFERENCES)) change = await addTags(client, stepId, { tags: part });
  } catch (error) {
    const refs = row.tags.map((ref) => (typeof ref === 'number' ? String(ref) : shellWord(`name:${ref}`))).join(' ');
    const again = log ? `, or run the import again with --results ${shellWord(log.path)}` : '';
    const message = `created task ${stepId}, but adding its tags failed: ${(error as Error).message}; add them with \`pwctl tags add ${stepId} ${refs}\`${again}`;
    throw error instanceof ApiError ? error.with({ message }) : new Error(message);
  }
  log?.created(row.line, row.digest, stepId);
  return { id: stepId, tags: change?.data } as Step;
}
