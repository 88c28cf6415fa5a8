// The inbox of a profile on disk (docs/ARCHITECTURE.md, "The delivery inbox"):
//
//   <data dir>/inbox/<profile>/        0700, refused when another user controls it
//     seg-0000000001.ndjson …          segments of verified deliveries, oldest first: records as
//                                      ./record.ts writes them
//     rej-0000000001.ndjson …          segments of rejected deliveries, the same way
//     inbox.json                       {"size": n}: the newest n deliveries are kept (--inbox-size),
//                                      within --inbox-bytes on disk
//     writers/<tag>.lock               the writer tag of each listener running now (./ids.ts)
//
// Segments are appended to, never rewritten; the inbox is bounded by deleting whole old ones.
// Each kind of segment is bounded on its own, and rejected deliveries take at most a tenth of
// the inbox (in count and in bytes): anyone who can reach the receiver can send forgeries, and
// a flood of them replaces older forgeries, never a verified delivery. (Inboxes written before
// kept both kinds in seg- segments; readers apply the tenth to what they show either way.)
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../../config/paths.js';
import { unsafeDirectoryProblem } from '../../config/ownership.js';
import { ConfigError } from '../../errors.js';
import { DEFAULT_INBOX_SIZE } from './size.js';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;
export const META_FILE = 'inbox.json';
export const WRITERS_DIR = 'writers';

/** Where a profile's inbox is. */
export function inboxDir(env: NodeJS.ProcessEnv, profile: string): string {
  return join(dataDir(env), 'inbox', profile);
}

/** Which deliveries a segment holds. */
export type SegmentKind = 'verified' | 'rejected';

const SEGMENT_PREFIX: Record<SegmentKind, string> = { verified: 'seg', rejected: 'rej' };

/** Rejected deliveries the inbox keeps and shows at most: a tenth of it, at least one. */
export function rejectedShare(size: number): number {
  return Math.max(1, Math.ceil(size / 10));
}

/** What one kind of segment may hold in all: rejected ones a tenth of the count and of the bytes, verified ones the rest. */
export function kindBounds(kind: SegmentKind, size: number, bytes: number): { size: number; bytes: number } {
  const rejectedBytes = Math.floor(bytes / 10);
  return kind === 'rejected'
    ? { size: rejectedShare(size), bytes: rejectedBytes }
    : { size, bytes: bytes - rejectedBytes };
}

/**
 * Deliveries per segment: a tenth of the inbox (so what is kept beyond the newest n is at most
 * a tenth more), at most 1,000 (a segment a reader takes in one go).
 */
export function segmentCapacity(size: number): number {
  return Math.min(1_000, Math.max(1, Math.ceil(size / 10)));
}

/**
 * Segments kept: the one being written, and enough full ones (each holds at least a segment's
 * capacity: a writer starts the next only then) to hold the newest `size` deliveries.
 */
export function segmentsKept(size: number): number {
  return Math.ceil(size / segmentCapacity(size)) + 1;
}

/** Bytes a segment takes before the next is started: a tenth of the inbox's bytes, as for deliveries. */
export function segmentByteCapacity(bytes: number): number {
  return Math.max(1, Math.floor(bytes / 10));
}

export function segmentName(seq: number, kind: SegmentKind): string {
  return `${SEGMENT_PREFIX[kind]}-${String(seq).padStart(10, '0')}.ndjson`;
}

/** The sequence numbers of the segments of one kind in `dir`, oldest first; none when it does not exist. */
export function listSegments(dir: string, kind: SegmentKind): number[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const prefix = `${SEGMENT_PREFIX[kind]}-`;
  const seqs: number[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^\w+-(\d{10})\.ndjson$/.exec(name);
    if (m) seqs.push(Number(m[1]));
  }
  return seqs.sort((a, b) => a - b);
}

/** The size the last listener gave the inbox (--inbox-size), or the default. */
export function keptSize(dir: string): number {
  try {
    const size = (JSON.parse(readFileSync(join(dir, META_FILE), 'utf8')) as { size?: unknown }).size;
    if (typeof size === 'number' && Number.isSafeInteger(size) && size >= 1) return size;
  } catch {
    // No listener has written it yet, or it was damaged by hand: the default.
  }
  return DEFAULT_INBOX_SIZE;
}

/**
 * Refuse an inbox directory another user owns or can write: whoever controls it could plant
 * deliveries that `deliveries replay --resign` would sign with the profile's secrets.
 */
export function checkInboxDir(dir: string): void {
  const problem = unsafeDirectoryProblem(
    'inbox directory',
    dir,
    'who could plant deliveries that `webhooks deliveries replay --resign` signs with your secrets',
    'PWCTL_DATA_DIR',
  );
  if (problem) throw new ConfigError(problem);
}

/** Make the inbox directory (private) if needed, and check it is ours. */
export function ensureInboxDir(dir: string): void {
  mkdirSync(join(dir, WRITERS_DIR), { recursive: true, mode: DIR_MODE });
  checkInboxDir(dir);
}
