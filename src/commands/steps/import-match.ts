// Which rows of the file an earlier run (its --results records) already dealt with. Rows
// are matched to records by what they hold (the row digest), so a file edited between runs
// still resumes right:
//
//   a row inserted            its content is in no record: it is created; the rows below it
//                             are found by their content on their new lines, and skipped
//   a row deleted             its record matches no row: its task is kept, and said so
//   a row moved (sorted)      found by its content wherever it is now
//   a row edited in place     its line's record holds other content, and no row holds that
//                             content any more: refused, before any request (below)
//   a record without digest   (written before digests, or by hand) matches its line number,
//                             whatever the line holds, as before
//
// An edited row is refused rather than skipped or created: its task exists with the old
// content, and pwctl cannot know whether the edit should change that task (creating a
// second one would duplicate it) or is a new task in its place (skipping would lose it).
// Refusing before any request keeps the run all or nothing, as for a bad row, and the
// message says how to record either answer.
import type { FollowUp, LineRecord } from './import-results.js';
import type { RowProblem } from './import-source.js';

export interface RowOnFile {
  line: number;
  digest: string;
}

/** What the records say of one row: its task exists (perhaps with follow-ups still to do), its create's outcome is unknown, or it is still to create. */
export type RowMatch =
  | { kind: 'created'; id: number; followUps: FollowUp[] }
  | { kind: 'unknown'; sentAt: string }
  | { kind: 'pending' };

export interface MatchResult {
  byLine: Map<number, RowMatch>;
  /** Rows edited since an earlier run created (or sent) them: the run is refused. */
  changed: RowProblem[];
  /** Created tasks whose record should name the row's current line and digest: moved rows, and records without a digest. */
  rerecord: { line: number; digest: string; id: number; followUps: FollowUp[] }[];
  /** Created tasks whose row is no longer in the file (their record's line then). */
  gone: { line: number; id: number }[];
  /** Rows skipped that are on another line than their record's. */
  moved: number;
}

export function matchRows(
  rows: readonly RowOnFile[],
  lastRecords: ReadonlyMap<number, LineRecord>,
  resultsPath: string,
): MatchResult {
  const records = currentRecords(lastRecords);
  const byLine = new Map<number, RowMatch>();
  const bound = new Set<LineRecord>();
  const rerecord: MatchResult['rerecord'] = [];
  let moved = 0;
  const bind = (row: RowOnFile, record: LineRecord) => {
    bound.add(record);
    const { outcome } = record;
    if ('sentAt' in outcome) return byLine.set(row.line, { kind: 'unknown', sentAt: outcome.sentAt });
    if (outcome.created === null) return byLine.set(row.line, { kind: 'pending' });
    const followUps = outcome.pending ?? [];
    if (record.line !== row.line) moved++;
    if (record.line !== row.line || record.digest !== row.digest)
      rerecord.push({ line: row.line, digest: row.digest, id: outcome.created, followUps });
    return byLine.set(row.line, { kind: 'created', id: outcome.created, followUps });
  };

  // Its own line's record first, when that record held the same row (or cannot say).
  for (const row of rows) {
    const record = records.get(row.line);
    if (record && (record.digest === undefined || record.digest === row.digest)) bind(row, record);
  }
  // Then a row whose content an earlier run recorded on another line: the same row, moved.
  const byDigest = new Map<string, LineRecord[]>();
  for (const record of [...records.values()].sort((a, b) => a.line - b.line)) {
    const { outcome, digest } = record;
    if (bound.has(record) || digest === undefined || ('created' in outcome && outcome.created === null)) continue;
    byDigest.set(digest, [...(byDigest.get(digest) ?? []), record]);
  }
  for (const row of rows) {
    if (byLine.has(row.line)) continue;
    const record = byDigest.get(row.digest)?.shift();
    if (record) bind(row, record);
    else byLine.set(row.line, { kind: 'pending' });
  }

  // Records no row holds any more: edited in place when their line's row is new, else deleted.
  const rowsByLine = new Map(rows.map((row) => [row.line, row]));
  const changed: RowProblem[] = [];
  const gone: MatchResult['gone'] = [];
  for (const record of records.values()) {
    const { outcome, line } = record;
    if (bound.has(record) || ('created' in outcome && outcome.created === null)) continue;
    // The row on its line holds what no record holds (a row from elsewhere would have matched its own record).
    const editedInPlace = rowsByLine.has(line) && byLine.get(line)?.kind === 'pending';
    if (editedInPlace) changed.push({ line, message: changedMessage(line, outcome, resultsPath) });
    else if ('created' in outcome && outcome.created !== null) gone.push({ line, id: outcome.created });
  }
  return { byLine, changed, rerecord, gone, moved };
}

/** The records that still speak: a task recorded again on another line (a moved row) keeps only its latest record. */
function currentRecords(lastRecords: ReadonlyMap<number, LineRecord>): Map<number, LineRecord> {
  const latestById = new Map<number, LineRecord>();
  for (const record of lastRecords.values()) {
    const { outcome } = record;
    if (!('created' in outcome) || outcome.created === null) continue;
    const other = latestById.get(outcome.created);
    if (!other || other.seq < record.seq) latestById.set(outcome.created, record);
  }
  return new Map(
    [...lastRecords].filter(([, record]) => {
      const { outcome } = record;
      return !('created' in outcome) || outcome.created === null || latestById.get(outcome.created) === record;
    }),
  );
}

function changedMessage(line: number, outcome: LineRecord['outcome'], resultsPath: string): string {
  const file = JSON.stringify(resultsPath);
  if ('sentAt' in outcome) {
    return `changed since an earlier run sent a create for it without an answer (${outcome.sentAt}): check with \`pwctl steps list --all --fields id,title,phase.id,created_at\`, then append {"line": ${line}, "id": <task id>} to ${file} to keep that task for this row, or {"line": ${line}, "id": null} to create it`;
  }
  const id = (outcome as { created: number }).created;
  return `changed since an earlier run created task ${id} from it: append {"line": ${line}, "id": ${id}} to ${file} to keep task ${id} for this row (change it with \`pwctl steps update ${id}\`), or {"line": ${line}, "id": null} to create a new task`;
}
