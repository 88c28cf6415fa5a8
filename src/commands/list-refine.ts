// Filters and sorting the API does not offer, applied by pwctl to the records it streams
// (contract, "Lists"): the API's query gets only its own parameters, and paging goes on until
// --limit records have matched (or the list ends). --sort orders every matching record before
// --limit applies, so a sorted list reads every page (of 1000) and holds what matched.
import type { Limit, PaginateResult } from '../api/pagination.js';
import { UsageError } from '../errors.js';
import { getPath, validPaths } from '../output/fields.js';
import type { View } from '../output/view.js';
import { didYouMean } from '../suggest.js';
import { custom } from './flags.js';

export interface SortSpec {
  path: string;
  desc: boolean;
}

/** What --sort needs of a view: the fields it has, and which hold objects or lists. */
export type SortableView = Pick<View<never>, 'fields' | 'nested' | 'lists'>;

/**
 * The paths --sort can order records by: every --fields path that holds one value (a number,
 * text, a truth value, a date), not an object (`phase`) nor anything in a list (`tags.name`).
 */
export function sortablePaths(view: SortableView): string[] {
  const lists = new Set(view.lists ?? []);
  const paths = validPaths(view.fields, view.nested);
  return paths.filter(
    (path) => !path.endsWith('*') && !lists.has(path.split('.')[0]!) && !paths.some((p) => p.startsWith(`${path}.`)),
  );
}

/**
 * `field`, `field:desc` or `field:asc` (either in any case), among the view's sortable paths.
 * An object or a list is named as such, with the field meant suggested; a near miss too.
 */
export function parseSort(value: string, name: string, view: SortableView): SortSpec {
  const m = /^([\w.]+)(?::(asc|desc))?$/i.exec(value.trim());
  if (!m)
    throw new UsageError(
      `${name} takes a field path and optionally :desc (e.g. due_date or phase.title:desc), got ${JSON.stringify(value)}`,
    );
  const sortable = sortablePaths(view);
  const given = m[1]!;
  const path = sortable.find((p) => p.toLowerCase() === given.toLowerCase());
  if (path === undefined)
    throw new UsageError(`${name}: ${cannotSortBy(given, view, sortable)}; sortable fields: ${sortable.join(', ')}`);
  return { path, desc: m[2]?.toLowerCase() === 'desc' };
}

function cannotSortBy(given: string, view: SortableView, sortable: readonly string[]): string {
  const lower = given.toLowerCase();
  const top = lower.split('.')[0]!;
  if (view.lists?.includes(top)) return `${JSON.stringify(given)} holds a list, not one value`;
  const inside = sortable.filter((p) => p.startsWith(`${lower}.`));
  if (inside.length > 0) {
    const meant = inside.find((p) => /\.(title|name)$/.test(p)) ?? inside[0]!;
    return `${JSON.stringify(given)} is an object, not one value (did you mean ${meant}?)`;
  }
  return `unknown field ${JSON.stringify(given)}${didYouMean(given, sortable)}`;
}

/** `--sort` of a list verb: its values are the view's sortable paths (help, completion, checks, agents). */
export function sortFlag(view: SortableView) {
  const parse = (value: string, name: string) => parseSort(value, name, view);
  const sortable = sortablePaths(view);
  const examples = [sortable.find((p) => /_(date|at)$/.test(p)), sortable.find((p) => p.endsWith('.title'))];
  return custom(
    '--sort',
    `order by this field before --limit applies (e.g. ${examples.filter(Boolean).join(', ')}; add :desc for descending)`,
    parse,
    {
      schema: { type: 'string', description: 'a field path; :desc for descending' },
      fromJson: (value, field) => parse(String(value), field),
    },
    { placeholder: '<field[:desc]>', complete: { values: sortable } },
  );
}

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

/**
 * Whether the list must be read further than --limit (a client-side filter, or a sort over
 * every record), so the API pages are of the largest size.
 */
export function readsBeyondLimit<T>(refinement: Refinement<T>): boolean {
  return refinement.keep !== undefined || refinement.sort !== undefined;
}

/**
 * The records to print: those `keep` lets through, sorted when asked, at most `limit` of
 * them. `paging` is the list's own paging result; it ends up saying whether more records
 * exist than were printed.
 */
export function refine<T>(
  records: AsyncIterable<T>,
  refinement: Refinement<T>,
  limit: Limit,
  paging: PaginateResult,
): AsyncIterable<T> {
  const { keep, sort } = refinement;
  if (sort) return sorted(keep ? matching(records, keep, 'all', paging) : records, sort, limit, paging);
  return keep ? matching(records, keep, limit, paging) : records;
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

/** Every record read, in order, and then the first `limit` of them; more left out mark the list cut short. */
async function* sorted<T>(
  records: AsyncIterable<T>,
  sort: SortSpec,
  limit: Limit,
  paging: PaginateResult,
): AsyncGenerator<T> {
  // Each record's key is read once, not at every comparison.
  const keyed: Array<{ key: unknown; record: T }> = [];
  for await (const record of records) keyed.push({ key: getPath(record, sort.path), record });
  const text = new Intl.Collator();
  keyed.sort((a, b) => compare(a.key, b.key, sort.desc, text));
  if (limit !== 'all' && keyed.length > limit) {
    paging.truncated = true;
    keyed.length = limit;
  }
  for (const { record } of keyed) yield record;
}

/** Numbers by value, text by the rules of the language; empty values last either way. */
function compare(a: unknown, b: unknown, desc: boolean, text: Intl.Collator): number {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) || empty(b)) return empty(a) ? (empty(b) ? 0 : 1) : -1;
  const order =
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : typeof a === 'boolean' && typeof b === 'boolean'
        ? Number(a) - Number(b)
        : text.compare(String(a), String(b));
  return desc ? -order : order;
}
