// The --results file of `steps import` (src/bulk/create-log.ts, shared with restore): each
// record names its row by the line the row starts on, the task it created by `id`, and what
// the row held by `digest`:
//
//   {"line": 4, "sent_at": "2026-…Z", "digest": "9f…"}   a create for line 4 is being sent
//   {"line": 4, "id": 412, "digest": "9f…", "pending": ["tags"]}  it created task 412; its tags are not added yet
//   {"line": 4, "id": 412, "digest": "9f…"}              task 412 is done (the contract's record)
//   {"line": 5, "id": null, "digest": "c0…"}             it was refused: nothing was created
//
// `digest` is what the line held (import-row.ts, rowDigest): a later run matches its rows to
// these records by what they hold, not only by line number (import-match.ts), so a file
// edited between runs neither skips a new row nor creates an old one twice. Records written
// before digests existed, and those a user appends by hand ({"line": 5, "id": null}), have
// none and match by line number alone.
import { CreateLog, type CreateLogFormat, type CreateOutcome } from '../../bulk/create-log.js';

const IMPORT_LOG_FORMAT: CreateLogFormat<number> = {
  keyFields: (line) => ({ line }),
  keyOf: (record) =>
    Number.isSafeInteger(record.line) && (record.line as number) >= 1 ? (record.line as number) : undefined,
  idField: 'id',
  isId: (value): value is number => typeof value === 'number' && Number.isSafeInteger(value),
  example: '{"line": n, "id": …}',
  extraFields: ['digest'],
};

/** What is left to do for a created task: its tags (a run stopped, or the tag request failed, after the create). */
export type FollowUp = 'tags';

export type LineOutcome = { created: number; pending?: FollowUp[] } | { created: null } | { sentAt: string };

/** A line's last record: what happened, what the line held then, and its place in the file. */
export interface LineRecord {
  line: number;
  outcome: LineOutcome;
  digest?: string;
  /** The record's position in the file: a later record says more recent things. */
  seq: number;
}

/** The import's view of its create log: records by line, each with the digest of its row. */
export class ResultsLog {
  private constructor(private readonly log: CreateLog<number>) {}

  /** Reads what earlier runs recorded; the file is created on the first append. */
  static read(path: string): ResultsLog {
    return new ResultsLog(CreateLog.read(path, IMPORT_LOG_FORMAT));
  }

  get path(): string {
    return this.log.path;
  }

  /** Each line's last record. */
  get records(): Map<number, LineRecord> {
    const records = new Map<number, LineRecord>();
    for (const { key, outcome, extra, seq } of this.log.records()) {
      records.set(key, {
        line: key,
        outcome: lineOutcome(outcome),
        seq,
        ...(extra.digest ? { digest: extra.digest } : {}),
      });
    }
    return records;
  }

  /** Every task the file says was created, whichever line it was for. */
  createdIds(): Set<number> {
    return this.log.createdIds() as Set<number>;
  }

  sending(line: number, digest: string, sentAt: string): void {
    this.log.sending(line, sentAt, { digest });
  }

  /** Line `line` created task `id`; `pending` names what is still to do for it (nothing: the line is done). */
  created(line: number, digest: string, id: number, pending: readonly FollowUp[] = []): void {
    this.log.created(line, id, pending, { digest });
  }

  notCreated(line: number, digest: string): void {
    this.log.notCreated(line, { digest });
  }

  /** Opens the file for appending now, so a path that cannot be written is refused before any request. */
  open(): void {
    this.log.open();
  }

  close(): void {
    this.log.close();
  }
}

function lineOutcome(outcome: CreateOutcome): LineOutcome {
  if ('sentAt' in outcome) return outcome;
  if (outcome.created === null) return { created: null };
  const pending = (outcome.pending ?? []).filter((p): p is FollowUp => p === 'tags');
  return { created: outcome.created as number, ...(pending.length > 0 ? { pending } : {}) };
}
