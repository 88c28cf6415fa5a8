// Filters and sorting the API does not offer, applied by pwctl to the records it streams
// (contract, "Lists"): the API's query gets only its own parameters, paging goes on until
// --limit records have matched (or the list ends), and --sort orders what was read — saying
// so when --limit cut the list short, since then it sorted only part of it.
import type { Limit, PaginateResult } from '../api/pagination.js';
import { UsageError } from '../errors.js';
import { getPath, validateFields } from '../output/fields.js';
import type { View } from '../output/view.js';
import type { Ctx } from './context.js';
import { custom } from './flags.js';

export interface SortSpec {
  path: string;
  desc: boolean;
}

export function parseSort(value: string, name: string): SortSpec {
  const m = /^([\w.]+)(?::(asc|desc))?$/.exec(value.trim());
  if (!m)
    throw new UsageError(
      `${name} takes a field path and optionally :desc (e.g. due_date or phase.title:desc), got ${JSON.stringify(value)}`,
    );
  return { path: m[1]!, desc: m[2] === 'desc' };
}

export const SORT_FLAG = custom(
  '--sort',
  'order what is printed by this field (e.g. due_date, phase.title; add :desc for descending)',
  parseSort,
  {
    schema: { type: 'string', description: 'a field path; :desc for descending' },
    fromJson: (value, field) => parseSort(String(value), field),
  },
  { placeholder: '<field[:desc]>' },
);

/** `--search`: every word of it in `text`, in any case. */
export function matchesSearch(text: string, search: string): boolean {
  const haystack = text.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export interface Refinement<T> {
  /** Whether a record is printed; undefined when every record is. */
  keep?: (record: T) => boolean;
  sort?: SortSpec;
}

/** Whether the list must be read further than --limit (a client-side filter), so the API pages are of the largest size. */
export function readsBeyondLimit<T>(refinement: Refinement<T>): boolean {
  return refinement.keep !== undefined;
}

/**
 * The records to print: those `keep` lets through, at most `limit` of them, sorted when
 * asked. `paging` is the list's own paging result; it ends up saying whether more records
 * exist than were printed. The sort field is checked against the view before any request.
 */
export function refine<T>(
  ctx: Ctx,
  records: AsyncIterable<T>,
  refinement: Refinement<T>,
  limit: Limit,
  view: View<T>,
  paging: PaginateResult,
): AsyncIterable<T> {
  if (refinement.sort) validateFields([refinement.sort.path], view.fields, view.nested, '--sort');
  const kept = refinement.keep ? matching(records, refinement.keep, limit, paging) : records;
  return refinement.sort ? sorted(ctx, kept, refinement.sort, paging) : kept;
}

async function* matching<T>(
  records: AsyncIterable<T>,
  keep: (record: T) => boolean,
  limit: Limit,
  paging: PaginateResult,
): AsyncGenerator<T> {
  let left = limit === 'all' ? Infinity : limit;
  const iterator = records[Symbol.asyncIterator]();
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    if (!keep(next.value)) continue;
    if (left === 0) {
      // One more match exists: the list was cut short.
      paging.truncated = true;
      await iterator.return?.();
      return;
    }
    left--;
    yield next.value;
  }
}

async function* sorted<T>(
  ctx: Ctx,
  records: AsyncIterable<T>,
  sort: SortSpec,
  paging: PaginateResult,
): AsyncGenerator<T> {
  const all: T[] = [];
  for await (const record of records) all.push(record);
  all.sort((a, b) => compare(getPath(a, sort.path), getPath(b, sort.path), sort.desc));
  if (paging.truncated)
    ctx.io.notice(`--sort ordered the ${all.length} records read; --limit left others out (--all sorts every one)`);
  yield* all;
}

/** Numbers by value, text by the rules of the language; empty values last either way. */
function compare(a: unknown, b: unknown, desc: boolean): number {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) || empty(b)) return empty(a) ? (empty(b) ? 0 : 1) : -1;
  const order =
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : typeof a === 'boolean' && typeof b === 'boolean'
        ? Number(a) - Number(b)
        : String(typeof a === 'object' ? JSON.stringify(a) : a).localeCompare(
            String(typeof b === 'object' ? JSON.stringify(b) : b),
          );
  return desc ? -order : order;
}
