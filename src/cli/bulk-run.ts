// A bulk verb's run on the command line (steps complete/reopen/delete, docs delete,
// milestones delete, steps import, docs push, restore), through the one loop of
// src/bulk/run-items.ts: results printed as they land (a table's in input order:
// src/bulk/input-order.ts), progress on a terminal, a summary on
// stderr, exit 8 on failure — and on Ctrl-C, SIGTERM or SIGHUP, stop starting items and end waits for
// retries, let those in flight finish (a create that was sent gets its answer recorded), and
// report what was done.
import { onStopSignals } from '../stop-signals.js';
import {
  BULK_RESULT_VIEW,
  failureResult,
  NOT_ATTEMPTED,
  pendingResult,
  summaryLine,
  type BulkResult,
} from '../bulk/results.js';
import type { BulkOptions, BulkWork } from '../bulk/bulk-options.js';
import { InputOrder } from '../bulk/input-order.js';
import { ResultStream } from '../bulk/result-stream.js';
import { itemKey, readyWork, runItems, type Tally } from '../bulk/run-items.js';
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
  const keyOf = itemKey(options);
  const view = (options.view ?? BULK_RESULT_VIEW) as View<BulkResult<T>>;
  ctx.output.checkFields(view);
  const ready = await readyWork(work, () => ctx.api());
  const { forPeople, streamsResults } = ctx.output;
  // A batch of one whose error is rethrown: the entry prints it, so a table need not repeat it.
  const rethrowsSingle = items.length === 1 && !options.failureIsPartial;
  const progress = ({ finished, failed }: Tally) => {
    if (items.length > PROGRESS_AFTER)
      ctx.statusLine.progress(`${finished}/${items.length} ${options.done}${failed ? `, ${failed} failed` : ''}`);
  };
  // The first Ctrl-C (or SIGTERM, or SIGHUP) stops starting items and ends waits for retries
  // at once; the handler is then gone, so a second one ends the process the default way.
  const onSignal = () => {
    ctx.statusLine.interrupting();
    ctx.interruption.abort();
  };
  const stopListening = onStopSignals(onSignal, { once: true });

  // A format that streams results prints each as it lands; the others print them all at the end, in input order.
  const stream = new ResultStream<BulkResult<T>>();
  // A terminal's table shows each result as it lands too: the items' keys are known in
  // advance, so the columns can be sized before the first row instead of after the last.
  const printing =
    !streamsResults || ctx.dryRun
      ? undefined
      : forPeople && ctx.io.stdoutIsTTY
        ? printAsTheyLand(
            ctx,
            stream,
            view,
            items.map((item) => pendingResult(keyOf(item))),
          )
        : ctx.output.list(stream, view);
  // Output that cannot be written (the reader of a pipe went away) stops the run: nobody
  // would learn what the remaining items did. The failure itself is reported when awaited.
  let outputFailed = false;
  printing?.catch(() => void (outputFailed = true));
  const show = (result: BulkResult<T>) => {
    if (streamsResults && !(forPeople && rethrowsSingle && !result.ok)) stream.push(result);
  };
  // A table lists results in input order; ndjson and csv stream them as they land, each naming its item.
  const inOrder = new InputOrder(show);

  progress({ finished: 0, failed: 0 });
  const done = await runItems(items, ready, options, {
    interrupted: ctx.interruption.signal,
    stopped: () => outputFailed,
    landed: (result, tally, index) => {
      if (forPeople) inOrder.landed(index, result);
      else show(result);
      progress(tally);
    },
  }).finally(() => {
    stopListening();
    ctx.statusLine.end();
  });
  const { results, finished, failed } = done;
  const interrupted = ctx.interruption.signal.aborted;

  // Data formats account for every item; a table shows what was attempted, and the summary the rest.
  inOrder.flush();
  const notAttempted = items.length - finished;
  if (interrupted && !forPeople) {
    items.forEach((item, i) => {
      if (!results[i]) show((results[i] = failureResult(keyOf(item), new Error(NOT_ATTEMPTED))));
    });
  }
  stream.close();
  if (printing) await printing;
  else if (!ctx.dryRun)
    await ctx.output.list(
      results.filter((r): r is BulkResult<T> => r !== undefined),
      view,
    );

  if (ctx.dryRun) {
    if (items.length > 1) ctx.io.notice(options.dryRunNotice ?? `--dry-run: ${items.length} requests shown, none sent`);
  } else if (items.length > 1 || interrupted || (failed > 0 && !rethrowsSingle)) {
    const unchanged = options.unchanged && {
      count: items.filter((item, i) => results[i]?.ok === true && options.unchanged!.of(item)).length,
      said: options.unchanged.said,
    };
    ctx.io.notice(summaryLine(options.done, { ok: finished - failed, failed, notAttempted, unchanged }, interrupted));
  }
  if (interrupted) throw new InterruptedError(`interrupted after ${finished} of ${items.length} items`);
  if (rethrowsSingle && failed === 1) throw done.firstError;
  if (failed > 0) throw new BulkFailure(failed, items.length);
}

async function printAsTheyLand<T>(
  ctx: Factory,
  results: AsyncIterable<BulkResult<T>>,
  view: View<BulkResult<T>>,
  expected: readonly BulkResult<T>[],
): Promise<void> {
  const out = await ctx.output.stream(view, expected);
  for await (const result of results) out.write([result]);
  await out.end();
}
