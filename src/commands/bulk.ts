// Bulk verbs (steps complete/reopen/delete, docs delete, milestones delete): ids from the
// arguments or stdin, run concurrently, one result per item, a summary on stderr, exit 8
// on partial failure — and on Ctrl-C, stop sending and report what was done.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { BulkFailure, InterruptedError, UsageError } from '../errors.js';
import type { View } from '../output/view.js';
import { BULK_CONCURRENCY } from './bulk-options.js';

export type BulkResult<T> =
  | { id: string | number; ok: true; data: T | null }
  | { id: string | number; ok: false; status: number | null; error: string };

export const BULK_RESULT_VIEW: View<BulkResult<unknown>> = {
  fields: ['id', 'ok', 'data', 'status', 'error'],
  columns: [
    { header: 'ID', value: (r) => r.id, fit: 'whole' },
    { header: 'RESULT', value: (r) => (r.ok ? 'ok' : 'failed'), fit: 'whole' },
    { header: 'DETAIL', value: (r) => (r.ok ? detailOf(r.data) : `${r.status ?? ''} ${r.error}`.trim()), fit: 'shrink' },
  ],
};

function detailOf(data: unknown): string {
  if (data && typeof data === 'object' && 'title' in data) return String((data as { title: unknown }).title);
  return '';
}

/**
 * Ids from arguments, or from stdin when the only argument is '-': one per line, each a
 * bare id or a JSON object with an id field (NDJSON), or one JSON array of either.
 */
export async function readBulkIds<I>(ctx: Context, args: string[], parse: (value: string, name: string) => I, name: string): Promise<I[]> {
  if (args.length === 0) throw new UsageError(`${name} is required: give one or more, or - to read them from standard input`);
  if (!args.includes('-')) return unique(args.map((arg) => parse(arg, name)));
  if (args.length > 1) throw new UsageError(`${name}: '-' (read from standard input) cannot be combined with other ids`);
  if (ctx.io.stdinIsTTY) ctx.notice('reading ids from standard input, one per line; end with Ctrl-D');
  const { readInput } = await import('./read-input.js');
  const text = await readInput(ctx, '-', name);
  const values = idsFromText(text, name);
  if (values.length === 0) throw new UsageError(`${name}: standard input held no ids (expected one id or JSON object with "id" per line)`);
  return unique(values.map((value, i) => parse(value, `${name} (stdin item ${i + 1})`)));
}

/** Each id once, in first-seen order: a repeated id would be acted on twice (and a second delete fail). */
function unique<I>(ids: I[]): I[] {
  return [...new Set(ids)];
}

export function idsFromText(text: string, name: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let array: unknown;
    try {
      array = JSON.parse(trimmed);
    } catch {
      throw new UsageError(`${name}: standard input starts with '[' but is not a JSON array`);
    }
    if (!Array.isArray(array)) throw new UsageError(`${name}: standard input is not a JSON array`);
    return array.map((item, i) => idOf(item, `${name} (stdin item ${i + 1})`));
  }
  const ids: string[] = [];
  trimmed.split(/\r?\n/).forEach((line, i) => {
    const value = line.trim();
    if (value === '') return;
    if (value.startsWith('{')) {
      let object: unknown;
      try {
        object = JSON.parse(value);
      } catch {
        throw new UsageError(`${name}: stdin line ${i + 1} is not a JSON object (expected a bare id or {"id": ...})`);
      }
      ids.push(idOf(object, `${name} (stdin line ${i + 1})`));
    } else ids.push(value);
  });
  return ids;
}

function idOf(item: unknown, where: string): string {
  if (typeof item === 'number' || typeof item === 'string') return String(item);
  if (item && typeof item === 'object') {
    const o = item as { id?: unknown; uuid?: unknown };
    const id = o.uuid ?? o.id;
    if (typeof id === 'number' || typeof id === 'string') return String(id);
  }
  throw new UsageError(`${where}: expected an id or an object with an "id" field`);
}

/**
 * Starts work only while the rate budget the service last reported (X-RateLimit-Remaining)
 * has room for it. When the budget is spent, a single request goes ahead and waits out the
 * 429's Retry-After inside the client, while the others wait for it, instead of every worker
 * collecting a 429 of its own. Without rate-limit headers it never holds anything back.
 */
export class RateGate {
  #inFlight = 0;
  #waiters: Array<() => void> = [];

  constructor(private readonly remaining: () => number | undefined) {}

  get inFlight(): number {
    return this.#inFlight;
  }

  async acquire(): Promise<void> {
    for (;;) {
      const remaining = this.remaining();
      if (remaining === undefined || remaining > this.#inFlight || this.#inFlight === 0) {
        this.#inFlight++;
        return;
      }
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  release(): void {
    this.#inFlight--;
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

export interface BulkOptions<T> {
  /** Past-tense verb for the summary: "completed", "deleted". */
  done: string;
  /** Results view for table output. */
  view?: View<BulkResult<T>>;
  /** Items in flight at once (`--concurrency`, already checked); default BULK_CONCURRENCY. */
  concurrency?: number;
}

/** Run `work` for every id, print the results, and throw BulkFailure / the single item's error. */
export async function runBulk<I extends string | number, T>(
  ctx: Context,
  ids: I[],
  work: (client: ApiClient, id: I) => Promise<T | undefined>,
  options: BulkOptions<T>,
): Promise<void> {
  const client = await ctx.api();
  const results: (BulkResult<T> | undefined)[] = new Array(ids.length);
  const errors: unknown[] = new Array(ids.length);
  let next = 0;
  let finished = 0;
  let failed = 0;
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
  };
  process.once('SIGINT', onSigint);
  const showProgress = ctx.io.stderrIsTTY && !ctx.quiet && ids.length > 10;
  const progress = () => {
    if (showProgress) ctx.io.stderr.write(`\r${finished}/${ids.length} ${options.done}${failed ? `, ${failed} failed` : ''}\u001b[K`);
  };

  // Streamed formats print each result as it lands; the others print them in input order at the end.
  const streaming = ctx.settings.output === 'ndjson' || ctx.settings.output === 'table';
  const view = (options.view ?? BULK_RESULT_VIEW) as View<BulkResult<T>>;
  const queue: BulkResult<T>[] = [];
  let wake: (() => void) | undefined;
  let workersDone = false;
  const emit = (result: BulkResult<T>) => {
    if (ctx.dryRun) return; // the request lines are the output
    // A single failed item in a table would repeat the error line printed on stderr.
    if (!result.ok && ids.length === 1 && ctx.settings.output === 'table') return;
    queue.push(result);
    wake?.();
  };
  async function* stream(): AsyncGenerator<BulkResult<T>> {
    for (;;) {
      while (queue.length > 0) yield queue.shift()!;
      if (workersDone) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  }
  const printer = streaming ? ctx.output.list(stream(), view) : undefined;

  const gate = new RateGate(() => client.rateLimit.remaining);
  async function worker(): Promise<void> {
    while (!interrupted && next < ids.length) {
      await gate.acquire();
      if (interrupted || next >= ids.length) {
        gate.release();
        return;
      }
      const index = next++;
      const id = ids[index]!;
      try {
        const data = await work(client, id);
        results[index] = { id, ok: true, data: data ?? null };
      } catch (error) {
        failed++;
        errors[index] = error;
        const e = error as { status?: number | null; message?: string };
        results[index] = { id, ok: false, status: e.status ?? null, error: e.message ?? String(error) };
      } finally {
        gate.release();
      }
      finished++;
      progress();
      emit(results[index]!);
    }
  }

  try {
    const workers = Array.from({ length: Math.min(options.concurrency ?? BULK_CONCURRENCY, ids.length) }, worker);
    await Promise.all(workers);
  } finally {
    process.removeListener('SIGINT', onSigint);
    if (showProgress) ctx.io.stderr.write('\r\u001b[K');
  }

  const notAttempted = ids.length - finished;
  if (interrupted) {
    for (let i = 0; i < ids.length; i++) {
      if (!results[i]) {
        results[i] = { id: ids[i]!, ok: false, status: null, error: 'not attempted: interrupted' };
        emit(results[i]!);
      }
    }
  }
  workersDone = true;
  wake?.();
  if (printer) await printer;
  else if (!ctx.dryRun) await ctx.output.list(results as BulkResult<T>[], view);

  const ok = finished - failed;
  if (ctx.dryRun) {
    if (!ctx.quiet && ids.length > 1) ctx.io.stderr.write(`--dry-run: ${ids.length} requests shown, none sent\n`);
  } else if (!ctx.quiet && (ids.length > 1 || interrupted)) {
    ctx.io.stderr.write(
      `${ok} ${options.done}, ${failed} failed${notAttempted > 0 ? `, ${notAttempted} not attempted` : ''}${interrupted ? ' (interrupted)' : ''}\n`,
    );
  }
  if (interrupted) throw new InterruptedError(`interrupted after ${finished} of ${ids.length} items`);
  if (ids.length === 1 && failed === 1) throw errors[0];
  if (failed > 0) throw new BulkFailure(failed, ids.length);
}
