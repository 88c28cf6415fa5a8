// Tag-change results: merging the answers of several requests (a long `add` is split, a
// `remove` sends one DELETE per id), the rows the table shows, and which tags must be
// retired-set tags because the service kept them.
import type { Tag, TagChange, TagReference } from '../../api/types.js';

export type TagMark = '' | '+' | '+ new' | '-' | 'retired';

export interface TagRow extends Tag {
  change: TagMark;
}

/** Several changes to one task, in order: the last tag list, and every delta once. */
export function mergeTagChanges(changes: readonly TagChange[]): TagChange {
  const last = changes[changes.length - 1];
  if (!last) return { data: [], added: [], removed: [], created: [] };
  const collect = (pick: (c: TagChange) => Tag[]): Tag[] => {
    const byId = new Map<number, Tag>();
    for (const change of changes) for (const tag of pick(change)) if (!byId.has(tag.id)) byId.set(tag.id, tag);
    return [...byId.values()];
  };
  return {
    data: last.data,
    added: collect((c) => c.added),
    removed: collect((c) => c.removed),
    created: collect((c) => c.created),
  };
}

/**
 * After a PUT: tags still on the task that the request did not name. The service leaves
 * retired-set tags in place on a PUT and makes the rest exactly what was asked for, so these
 * are retired-set tags (the Tag record itself carries no such flag).
 */
export function keptUnrequested(change: TagChange, refs: readonly TagReference[]): Set<number> {
  const ids = new Set(refs.filter((r): r is number => typeof r === 'number'));
  const names = new Set(refs.filter((r): r is string => typeof r === 'string').map((n) => n.trim().toLowerCase()));
  const created = new Set(change.created.map((t) => t.id));
  return new Set(
    change.data
      .filter((t) => !ids.has(t.id) && !names.has(t.name.toLowerCase()) && !created.has(t.id))
      .map((t) => t.id),
  );
}

/** The task's tags after the change, marked, followed by the tags the change took off. */
export function tagRows(change: TagChange, retired: ReadonlySet<number> = new Set()): TagRow[] {
  const added = new Set(change.added.map((t) => t.id));
  const created = new Set(change.created.map((t) => t.id));
  const current = new Set(change.data.map((t) => t.id));
  const rows: TagRow[] = change.data.map((tag) => ({
    ...tag,
    change: created.has(tag.id) ? '+ new' : added.has(tag.id) ? '+' : retired.has(tag.id) ? 'retired' : '',
  }));
  for (const tag of change.removed) if (!current.has(tag.id)) rows.push({ ...tag, change: '-' });
  return rows;
}
