// Reading a profile's inbox: what `webhooks deliveries list/show/replay` and the inspector
// page see. Reading never changes it and needs no lock: a segment deleted while it is read
// was the oldest, and a record still being written is skipped until it is whole. What is
// shown is the newest --inbox-size deliveries, of which rejected ones take at most a tenth
// (./segments.ts): the writer bounds each kind on its own, and an inbox written before it did
// is shown the same way.
import { join } from 'node:path';
import type { InboxEntry } from './entry.js';
import { DELIVERY_ID_LENGTH } from './ids.js';
import {
  decodeEntry,
  decodeSummary,
  RECORD_START,
  SEGMENT_ENCODING,
  splitRecords,
  type EntrySummary,
} from './record.js';
import { readSegment } from './segment-files.js';
import { checkInboxDir, keptSize, listSegments, rejectedShare, segmentName, type SegmentKind } from './segments.js';

/** Every delivery the inbox keeps, newest first: at most the newest --inbox-size. */
export function readSummaries(dir: string): EntrySummary[] {
  return summariesOf(dir, loadSegments(dir));
}

/** The newest `limit` deliveries with their headers and bodies, newest first. */
export function readEntries(dir: string, limit = Infinity): InboxEntry[] {
  const texts = loadSegments(dir);
  const ids = summariesOf(dir, texts)
    .slice(0, limit)
    .map((s) => s.id);
  const found = entriesOf(texts, ids);
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The deliveries with these ids that the inbox keeps, by id (an id it does not keep is absent). */
export function findEntries(dir: string, ids: readonly string[]): Map<string, InboxEntry> {
  const texts = loadSegments(dir);
  const found = entriesOf(texts, ids);
  if (found.size === 0) return found;
  // Past the bound, a delivery is as good as dropped, even while its segment is still there.
  const kept = new Set(summariesOf(dir, texts).map((s) => s.id));
  for (const id of found.keys()) if (!kept.has(id)) found.delete(id);
  return found;
}

/** What an id, or the first characters of one, names among the deliveries the inbox keeps. */
export type IdMatch =
  | { kind: 'one'; entry: InboxEntry }
  | { kind: 'none' }
  /** Every kept delivery whose id starts with it, newest first. */
  | { kind: 'several'; candidates: EntrySummary[] };

/** Each id or id prefix resolved among the kept deliveries (as git and docker resolve theirs), in the order given. */
export function matchIds(dir: string, prefixes: readonly string[]): IdMatch[] {
  const texts = loadSegments(dir);
  const kept = summariesOf(dir, texts);
  const named = prefixes.map((prefix) => kept.filter((s) => s.id.startsWith(prefix)));
  const found = entriesOf(
    texts,
    named.flatMap((candidates) => (candidates.length === 1 ? [candidates[0]!.id] : [])),
  );
  return named.map((candidates): IdMatch => {
    if (candidates.length > 1) return { kind: 'several', candidates };
    const entry = candidates.length === 1 ? found.get(candidates[0]!.id) : undefined;
    return entry ? { kind: 'one', entry } : { kind: 'none' };
  });
}

function summariesOf(dir: string, texts: readonly string[]): EntrySummary[] {
  const byId = new Map<string, EntrySummary>();
  for (const text of texts) {
    for (const record of splitRecords(text)) {
      const summary = decodeSummary(record);
      // A record written twice (its writer found its segment deleted under it) counts once.
      if (summary) byId.set(summary.id, summary);
    }
  }
  // Ids sort by arrival (ids.ts); segments may interleave when several listeners wrote.
  const summaries = [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const size = keptSize(dir);
  let rejectedLeft = rejectedShare(size);
  const shown: EntrySummary[] = [];
  for (const summary of summaries) {
    if (shown.length === size) break;
    if (summary.verdict === 'rejected' && rejectedLeft-- <= 0) continue;
    shown.push(summary);
  }
  return shown;
}

/** The whole entries of these ids; only their records are decoded (the id is where every record starts). */
function entriesOf(texts: readonly string[], ids: readonly string[]): Map<string, InboxEntry> {
  const wanted = new Set(ids);
  const found = new Map<string, InboxEntry>();
  if (wanted.size === 0) return found;
  for (const text of texts) {
    for (const record of splitRecords(text)) {
      const id = record.slice(RECORD_START.length, RECORD_START.length + DELIVERY_ID_LENGTH);
      if (!wanted.has(id) || found.has(id)) continue;
      const entry = decodeEntry(record);
      if (entry?.id === id) found.set(id, entry);
    }
  }
  return found;
}

function loadSegments(dir: string): string[] {
  checkInboxDir(dir);
  const texts: string[] = [];
  for (const kind of KINDS) {
    for (const seq of listSegments(dir, kind)) {
      try {
        texts.push(readSegment(join(dir, segmentName(seq, kind)), SEGMENT_ENCODING));
      } catch (error) {
        // The oldest segment, deleted by a listener since the listing.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return texts;
}

const KINDS: readonly SegmentKind[] = ['verified', 'rejected'];
