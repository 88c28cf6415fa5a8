// A bulk verb's run (steps complete/reopen/delete, docs delete, milestones delete): every
// item through the worker pool, one result per item, progress on a terminal, a summary on
// stderr, exit 8 on partial failure — and on Ctrl-C, stop starting items and report what
// was done.
import type { ApiClient } from '../../api/client.js';
import { BulkFailure, InterruptedError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { View } from '../../output/view.js';
import { BULK_CONCURRENCY } from './options.js';
import { RateGate } from './rate-gate.js';
import { ResultStream } from './result-stream.js';
import { BULK_RESULT_VIEW, failureResult, NOT_ATTEMPTED, summaryLine, type BulkResult } from './results.js';
import { runPool } from './worker-pool.js';

export interface BulkOptions<T> {
  /** Past-tense verb for the summary: "completed", "deleted". */
  done: string;
  /** Results view for table output. */
  view?: View<BulkResult<T>>;
  /** Items in flight at once (`--concurrency`, already checked); default BULK_CONCURRENCY. */
  concurrency?: number;
}

/** Batches this long show a progress line on a terminal. */
const PROGRESS_AFTER = 10;

/** Run `work` for every id, print the results, and throw BulkFailure / the single item's error. */
export async function runBulk<I extends string | number, T>(
  ctx: Factory,
  ids: I[],
  work: (client: ApiClient, id: I) => Promise<T | undefined>,
  options: BulkOptions<T>,
): Promise<void> {
  if (ids.length === 0) {
    ctx.io.notice('nothing to do: standard input held no ids');
    return;
  }
  const view = (options.view ?? BULK_RESULT_VIEW) as View<BulkResult<T>>;
  ctx.output.checkFields(view);
  const client = await ctx.api();
  const format = ctx.output.format;
  const results: (BulkResult<T> | undefined)[] = new Array(ids.length);
  let firstError: unknown;
  let finished = 0;
  let failed = 0;
  let interrupted = false;
  const onSigint = () => void (interrupted = true);
  process.once('SIGINT', onSigint);

  // ndjson, csv and tables print each result as it lands; json and yaml print them in input order at the end.
  const streaming = format === 'ndjson' || format === 'csv' || format === 'table';
  const stream = new ResultStream<BulkResult<T>>();
  const printing = streaming && !ctx.dryRun ? ctx.output.list(stream, view) : undefined;
  // Output that cannot be written (the reader of a pipe went away) stops the run: nobody
  // would learn what the remaining items did. The failure itself is reported when awaited.
  let outputFailed = false;
  printing?.catch(() => void (outputFailed = true));
  const show = (result: BulkResult<T>) => {
    // A single failed item in a table would repeat the error line printed on stderr.
    if (streaming && !(format === 'table' && ids.length === 1 && !result.ok)) stream.push(result);
  };

  try {
    await runPool(
      ids,
      (id) => work(client, id),
      (index, outcome) => {
        finished++;
        if (outcome.ok) results[index] = { id: ids[index]!, ok: true, data: outcome.value ?? null };
        else {
          failed++;
          firstError ??= outcome.error;
          results[index] = failureResult(ids[index]!, outcome.error);
        }
        show(results[index]!);
        if (ids.length > PROGRESS_AFTER) ctx.io.status(`${finished}/${ids.length} ${options.done}${failed ? `, ${failed} failed` : ''}`);
      },
      { concurrency: options.concurrency ?? BULK_CONCURRENCY, gate: new RateGate(() => client.rateLimit.remaining), stopped: () => interrupted || outputFailed },
    );
  } finally {
    process.removeListener('SIGINT', onSigint);
    ctx.io.clearStatus();
  }

  // Data formats account for every item; a table shows what was attempted, and the summary the rest.
  const notAttempted = ids.length - finished;
  if (interrupted && format !== 'table') {
    ids.forEach((id, i) => {
      if (!results[i]) show((results[i] = { id, ok: false, status: null, error: NOT_ATTEMPTED }));
    });
  }
  stream.close();
  if (printing) await printing;
  else if (!ctx.dryRun) await ctx.output.list(results.filter((r): r is BulkResult<T> => r !== undefined), view);

  if (ctx.dryRun) {
    if (ids.length > 1) ctx.io.notice(`--dry-run: ${ids.length} requests shown, none sent`);
  } else if (ids.length > 1 || interrupted) {
    ctx.io.notice(summaryLine(options.done, { ok: finished - failed, failed, notAttempted }, interrupted));
  }
  if (interrupted) throw new InterruptedError(`interrupted after ${finished} of ${ids.length} items`);
  if (ids.length === 1 && failed === 1) throw firstError;
  if (failed > 0) throw new BulkFailure(failed, ids.length);
}
