// A bulk verb's run (steps complete/reopen/delete, docs delete, milestones delete, steps
// import, docs push, restore): every item through the worker pool, one result per item,
// progress on a terminal, a summary on stderr, exit 8 on failure — and on Ctrl-C or SIGTERM,
// stop starting items, let those in flight finish (a create that was sent gets its answer
// recorded), and report what was done.
import { RequestNotSent } from '../api/not-sent.js';
import { BULK_CONCURRENCY, type BulkOptions, type BulkWork } from '../bulk/bulk-options.js';
import { RateGate } from '../bulk/rate-gate.js';
import { ResultStream } from '../bulk/result-stream.js';
import { BULK_RESULT_VIEW, failureResult, NOT_ATTEMPTED, sizedForStream, successResult, summaryLine, type BulkResult } from '../bulk/results.js';
import { runPool } from '../bulk/worker-pool.js';
import { BulkFailure, InterruptedError } from '../errors.js';
import type { View } from '../output/view.js';
import type { Factory } from './factory.js';

/** Batches this long show a progress line on a terminal. */
const PROGRESS_AFTER = 10;

/** Run `work` for every item, print the results, and throw BulkFailure / the single item's error. */
export async function runBulk<I, T>(
  ctx: Factory,
  items: readonly I[],
  work: BulkWork<I, T>,
  options: BulkOptions<I, T>,
): Promise<void> {
  if (items.length === 0) {
    ctx.io.notice(options.nothingToDo ?? 'nothing to do: standard input held no ids');
    return;
  }
  const keyOf = options.key ?? ((item: I) => ({ id: item as unknown as string | number }));
  const view = (options.view ?? BULK_RESULT_VIEW) as View<BulkResult<T>>;
  ctx.output.checkFields(view);
  const client = await ctx.api();
  const format = ctx.output.format;
  const results: (BulkResult<T> | undefined)[] = new Array(items.length);
  // A batch of one whose error is rethrown: the entry prints it, so a table need not repeat it.
  const rethrowsSingle = items.length === 1 && !options.failureIsPartial;
  let firstError: unknown;
  let finished = 0;
  let failed = 0;
  let interrupted = false;
  const onSigint = () => void (interrupted = true);
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);

  // ndjson, csv and tables print each result as it lands; json and yaml print them in input order at the end.
  const streaming = format === 'ndjson' || format === 'csv' || format === 'table';
  const stream = new ResultStream<BulkResult<T>>();
  // A terminal's table shows each result as it lands too: the ids are known in advance, so
  // the columns can be sized before the first row instead of after the last.
  const printing = !streaming || ctx.dryRun
    ? undefined
    : format === 'table' && ctx.io.stdoutIsTTY
      ? printAsTheyLand(ctx, stream, sizedForStream(view, options.key ? undefined : items.map((item) => String(item))))
      : ctx.output.list(stream, view);
  // Output that cannot be written (the reader of a pipe went away) stops the run: nobody
  // would learn what the remaining items did. The failure itself is reported when awaited.
  let outputFailed = false;
  printing?.catch(() => void (outputFailed = true));
  const show = (result: BulkResult<T>) => {
    if (streaming && !(format === 'table' && rethrowsSingle && !result.ok)) stream.push(result);
  };

  try {
    await runPool(
      items,
      // Under --dry-run an item stops at its first request, which was shown: it is done.
      (item) => work(client, item).catch((error: unknown) => {
        if (error instanceof RequestNotSent) return undefined;
        throw error;
      }),
      (index, outcome) => {
        finished++;
        const key = keyOf(items[index]!);
        if (outcome.ok) results[index] = successResult(key, outcome.value);
        else {
          failed++;
          firstError ??= outcome.error;
          results[index] = failureResult(key, outcome.error);
        }
        show(results[index]!);
        if (items.length > PROGRESS_AFTER) ctx.io.status(`${finished}/${items.length} ${options.done}${failed ? `, ${failed} failed` : ''}`);
      },
      { concurrency: options.concurrency ?? BULK_CONCURRENCY, gate: new RateGate(() => client.rateLimit.remaining), stopped: () => interrupted || outputFailed },
    );
  } finally {
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigint);
    ctx.io.clearStatus();
  }

  // Data formats account for every item; a table shows what was attempted, and the summary the rest.
  const notAttempted = items.length - finished;
  if (interrupted && format !== 'table') {
    items.forEach((item, i) => {
      if (!results[i]) show((results[i] = failureResult(keyOf(item), new Error(NOT_ATTEMPTED))));
    });
  }
  stream.close();
  if (printing) await printing;
  else if (!ctx.dryRun) await ctx.output.list(results.filter((r): r is BulkResult<T> => r !== undefined), view);

  if (ctx.dryRun) {
    if (items.length > 1) ctx.io.notice(options.dryRunNotice ?? `--dry-run: ${items.length} requests shown, none sent`);
  } else if (items.length > 1 || interrupted || (failed > 0 && !rethrowsSingle)) {
    ctx.io.notice(summaryLine(options.done, { ok: finished - failed, failed, notAttempted }, interrupted));
  }
  if (interrupted) throw new InterruptedError(`interrupted after ${finished} of ${items.length} items`);
  if (rethrowsSingle && failed === 1) throw firstError;
  if (failed > 0) throw new BulkFailure(failed, items.length);
}

async function printAsTheyLand<T>(ctx: Factory, results: AsyncIterable<BulkResult<T>>, view: View<BulkResult<T>>): Promise<void> {
  const out = await ctx.output.stream(view);
  for await (const result of results) out.write([result]);
  await out.end();
}
