// --fields: parsing the list, checking each dotted path against what a record has, and
// reading or selecting those paths. A path reaches into objects (`phase.title`) and maps
// through lists (`assignees.name` is every assignee's name); a number picks one element of
// a list (`tags.0.name`).
import { UsageError } from '../errors.js';
import { closest, didYouMean } from '../suggest.js';

/**
 * The fields inside fields that hold an object or a list of objects, by top-level field
 * (`phase: ['id', 'title', 'is_internal']`), dotted for deeper ones. `'*'` marks free-form
 * data whose paths are not checked (a webhook payload).
 */
export type NestedFields = Readonly<Record<string, readonly string[] | '*'>>;

export function parseFieldList(spec: string): string[] {
  const fields = spec
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (fields.length === 0)
    throw new UsageError('--fields must name at least one field, e.g. --fields id,title,phase.title');
  for (const field of fields) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(field)) {
      throw new UsageError(
        `--fields: ${JSON.stringify(field)} is not a field path (use names and dots, e.g. phase.title)`,
      );
    }
  }
  return fields;
}

const INDEX = /^\d+$/;

/** Every path --fields accepts for this shape, in declaration order (`phase.*` for free-form data). */
export function validPaths(top: readonly string[], nested: NestedFields = {}): string[] {
  return top.flatMap((field) => {
    const inner = nested[field];
    if (inner === undefined) return [field];
    return [field, ...(inner === '*' ? [`${field}.*`] : inner.map((sub) => `${field}.${sub}`))];
  });
}

/**
 * Reject paths a record cannot have, listing the valid ones. List indexes (`tags.0.name`)
 * are allowed anywhere below the top. `name` is how the input is named in the message.
 */
export function validateFields(
  fields: readonly string[],
  top: readonly string[],
  nested: NestedFields = {},
  name = '--fields',
): void {
  for (const field of fields) {
    if (!isValidPath(field, top, nested)) {
      const valid = validPaths(top, nested);
      throw new UsageError(
        `${name}: unknown field ${JSON.stringify(field)}${fieldSuggestion(field, valid)}; valid fields: ${valid.join(', ')}`,
      );
    }
  }
}

/**
 * A path whose parent exists is compared with that parent's fields by its last part alone
 * (`phase.titel` → `phase.title`, but `author.email` is no `author.id`); any other whole.
 */
function fieldSuggestion(field: string, valid: readonly string[]): string {
  const dot = field.lastIndexOf('.');
  const parent = field.slice(0, dot + 1);
  if (dot < 0 || !valid.some((v) => v.startsWith(parent))) return didYouMean(field, valid);
  const match = closest(
    field.slice(dot + 1),
    valid
      .filter((v) => v.startsWith(parent) && !v.slice(parent.length).includes('.'))
      .map((v) => v.slice(parent.length)),
  );
  return match === undefined ? '' : ` (did you mean ${parent}${match}?)`;
}

function isValidPath(field: string, top: readonly string[], nested: NestedFields): boolean {
  const [head, ...rest] = field.split('.');
  if (!top.includes(head!)) return false;
  const below = rest.filter((key) => !INDEX.test(key)).join('.');
  if (below === '') return true;
  const inner = nested[head!];
  return inner === '*' || inner?.includes(below) === true;
}

/** The value at a path: objects are entered, lists are mapped (or indexed by a number); undefined when absent. */
export function getPath(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>(enter, record);
}

function enter(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return INDEX.test(key) ? value[Number(key)] : value.map((item) => enter(item, key));
  if (value === null || typeof value !== 'object') return undefined;
  return (value as Record<string, unknown>)[key];
}

/** Selected paths as a tree: a leaf (true) takes the whole value. */
type PathTree = Map<string, PathTree | true>;

/**
 * A record reduced to the selected paths, keeping their nesting: `phase.title` gives
 * `{phase: {title}}`, `assignees.name` gives `{assignees: [{name}, …]}`. Absent values are null.
 */
export function selectFields(record: unknown, fields: readonly string[]): Record<string, unknown> {
  const picked = pick(record, pathTree(fields));
  return picked !== null && typeof picked === 'object' && !Array.isArray(picked)
    ? (picked as Record<string, unknown>)
    : {};
}

function pathTree(fields: readonly string[]): PathTree {
  const root: PathTree = new Map();
  for (const field of fields) {
    const keys = field.split('.');
    let node = root;
    for (const [i, key] of keys.entries()) {
      const existing = node.get(key);
      if (existing === true) break; // the whole value is already selected
      if (i === keys.length - 1) {
        node.set(key, true);
        break;
      }
      const next: PathTree = existing ?? new Map();
      node.set(key, next);
      node = next;
    }
  }
  return root;
}

function pick(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) {
    const indexes = [...tree.keys()].filter((key) => INDEX.test(key));
    if (indexes.length === 0) return value.map((item) => pick(item, tree));
    return Object.fromEntries(indexes.map((key) => [key, leaf(value[Number(key)], tree.get(key)!)]));
  }
  if (value === null || typeof value !== 'object') return null;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) out[key] = leaf((value as Record<string, unknown>)[key], sub);
  return out;
}

function leaf(value: unknown, sub: PathTree | true): unknown {
  if (value === undefined || value === null) return null;
  return sub === true ? value : pick(value, sub);
}
