// Creates whose outcome is not known — sent without an answer (a lost connection, a timeout, a
// 5xx, a run killed mid-request), or made by an earlier run that kept no record of them — may
// or may not have made their record, and the API has no idempotency key to ask with. So
// nothing is sent again blindly: the records are looked for among those the service lists,
// by what the create would have made them (a task's phase and title, a milestone's project and
// title, …: the caller's `group`), created no earlier than shortly before the create was sent,
// and not already claimed by another item.
//
// `exact` (a create recorded as sent): as many matches as items are those records; none
// means nothing was created; anything else cannot be told apart and is left to the user.
// `pairs` (copies an earlier run may have made without a record): items and matches are
// paired in order as far as both go, and the items left over have no copy.
import type { CreatedId } from './create-log.js';

/** Allowance for the service's clock running behind ours: a record it stamped a little before we sent still counts. */
export const CLOCK_SKEW_ALLOWANCE_MS = 10 * 60 * 1000;

export interface UnansweredCreate {
  /** What the create would have made the record: items and candidates with the same group match. */
  group: string;
  /** When the create was sent (or the earliest it can have been), ISO 8601. */
  since: string;
}

/** A record the service lists. */
export interface CreatedCandidate {
  id: CreatedId;
  group: string;
  created_at: string;
}

/** Per item: the record its create made, null when it made none, or the records it cannot be told from. */
export type CreateResolution = CreatedId | null | { undecided: { found: CreatedId[]; items: number } };

/** Resolutions in the order of `items`; candidates claimed here are added to `claimed`. */
export function matchCreates(
  items: readonly UnansweredCreate[],
  candidates: Iterable<CreatedCandidate>,
  claimed: Set<CreatedId>,
  mode: 'exact' | 'pairs',
): CreateResolution[] {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    groups.set(item.group, [...(groups.get(item.group) ?? []), i]);
  });
  const earliest = new Map(
    [...groups].map(([group, indexes]) => [
      group,
      Math.min(...indexes.map((i) => Date.parse(items[i]!.since))) - CLOCK_SKEW_ALLOWANCE_MS,
    ]),
  );
  const found = new Map<string, CreatedCandidate[]>();
  for (const candidate of candidates) {
    const since = earliest.get(candidate.group);
    if (since === undefined || claimed.has(candidate.id) || !(Date.parse(candidate.created_at) >= since)) continue;
    found.set(candidate.group, [...(found.get(candidate.group) ?? []), candidate]);
  }

  const resolutions: CreateResolution[] = new Array(items.length).fill(null);
  for (const [group, indexes] of groups) {
    // The oldest record goes to the item sent first: creation order is the only order both share.
    const matches = (found.get(group) ?? []).sort(byCreation).map((c) => c.id);
    if (mode === 'exact' && matches.length > 0 && matches.length !== indexes.length) {
      for (const i of indexes) resolutions[i] = { undecided: { found: matches, items: indexes.length } };
      continue;
    }
    indexes.forEach((i, n) => {
      const match = matches[n];
      if (match === undefined) return;
      resolutions[i] = match;
      claimed.add(match);
    });
  }
  return resolutions;
}

function byCreation(a: CreatedCandidate, b: CreatedCandidate): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  return String(a.id).localeCompare(String(b.id));
}
