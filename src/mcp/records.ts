// What the tools share about records: `fields` checked against the command's view and
// applied with the output layer's selection, lists collected up to their limit, and bulk
// tools run item by item within the rate limit, one result per item as the CLI reports them.
import type { ApiClient } from '../api/client.js';
import type { Limit, PaginateResult } from '../api/pagination.js';
import { BULK_CONCURRENCY } from '../commands/bulk/options.js';
import { RateGate } from '../commands/bulk/rate-gate.js';
import { failureResult, successResult, type BulkResult } from '../commands/bulk/results.js';
import { runPool } from '../commands/bulk/worker-pool.js';
import { selectFields, validateFields } from '../output/fields.js';
import type { View } from '../output/view.js';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './schema.js';
import type { Args, ToolData } from './tool.js';

/** The `fields` argument, checked against the view (a UsageError naming it), or undefined. */
export function fieldsFor(args: Args, view: View<never> | View<unknown>): string[] | undefined {
  const fields = args.fields as string[] | undefined;
  if (fields === undefined || fields.length === 0) return undefined;
  validateFields(fields, view.fields, view.nested, 'fields');
  return fields;
}

export function shaped(record: unknown, fields: readonly string[] | undefined): unknown {
  return fields ? selectFields(record, fields) : record;
}

/** `limit`: a number, or "all", which is bounded by MAX_LIST_LIMIT (one request of the API's largest page). */
export function limitOf(args: Args): Limit {
  const limit = args.limit ?? DEFAULT_LIST_LIMIT;
  return limit === 'all' ? MAX_LIST_LIMIT : (limit as number);
}

/** A list tool's result: the records (shaped), and whether the limit cut the list short. */
export async function listData<T>(fields: readonly string[] | undefined, fetch: (result: PaginateResult) => AsyncIterable<T>): Promise<ToolData> {
  const result: PaginateResult = { truncated: false, requests: 0 };
  const data: unknown[] = [];
  for await (const record of fetch(result)) data.push(shaped(record, fields));
  return result.truncated ? { data, truncated: true } : { data };
}

/** Each id through the API, several at once within the service's rate limit; results in input order. */
export async function eachItem<I extends string | number, T>(client: ApiClient, ids: readonly I[], work: (id: I) => Promise<T | undefined>): Promise<ToolData> {
  const unique = [...new Set(ids)];
  const results: BulkResult<T>[] = new Array(unique.length);
  await runPool(
    unique,
    work,
    (index, outcome) => {
      const id = unique[index]!;
      results[index] = outcome.ok ? successResult({ id }, outcome.value) : failureResult({ id }, outcome.error);
    },
    { concurrency: BULK_CONCURRENCY, gate: new RateGate(() => client.rateLimit.remaining), stopped: () => false },
  );
  const failed = results.filter((r) => !r.ok).length;
  return failed > 0 ? { data: results, failed } : { data: results };
}
