// The --results file that makes an import resumable: one JSON object per line, appended and
// handed to the operating system the moment it is known, so a run stopped any way at all
// (Ctrl-C, a crash, a kill) has recorded every create that was answered:
//
//   {"line": 4, "sent_at": "2026-…Z", "digest": "9f…"}   a create for line 4 is being sent
//   {"line": 4, "id": 412, "digest": "9f…"}              it created task 412 (the contract's record)
//   {"line": 5, "id": null, "digest": "c0…"}             it was refused: nothing was created
//
// `digest` is what the line held (import-row.ts, rowDigest): a later run matches its rows to
// these records by what they hold, not only by line number (import-match.ts), so a file
// edited between runs neither skips a new row nor creates an old one twice. Records written
// before digests existed, and those a user appends by hand ({"line": 5, "id": null}), have
// none and match by line number alone.
//
// The last record of a line wins. A later run skips rows that created a task; a row whose
// last record is `sent_at` was sent without an answer (its outcome is unknown) and is looked
// up before anything is sent again (import-reconcile.ts).
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { UsageError } from '../../errors.js';

export type LineOutcome = { created: number } | { created: null } | { sentAt: string };

/** A line's last record: what happened, what the line held then, and its place in the file. */
export interface LineRecord {
  line: number;
  outcome: LineOutcome;
  digest?: string;
  /** The record's position in the file: a later record says more recent things. */
  seq: number;
}

export class ResultsLog {
  #fd: number | undefined;

  private constructor(
    readonly path: string,
    /** Each line's last record. */
    readonly records: Map<number, LineRecord>,
    /** The file ends in a cut-off record: the next record starts on a line of its own. */
    private startWithNewline: boolean,
    private nextSeq: number,
  ) {}

  /** Reads what earlier runs recorded; the file is created on the first append. */
  static read(path: string): ResultsLog {
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new UsageError(`--results: cannot read ${JSON.stringify(path)}: ${code}`);
    }
    const records = new Map<number, LineRecord>();
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      // A last line without its newline was being written when a run was killed: the
      // create it announced is then unknown, which an earlier `sent_at` record already says.
      const last = i === lines.length - 1;
      const record = parseRecord(line, i);
      if (record) records.set(record.line, record);
      else if (!last) throw new UsageError(`--results: line ${i + 1} of ${JSON.stringify(path)} is not a record pwctl wrote ({"line": n, "id": …})`);
    });
    return new ResultsLog(path, records, text !== '' && !text.endsWith('\n'), lines.length);
  }

  /** Every task the file says was created, whichever line it was for. */
  createdIds(): Set<number> {
    return new Set([...this.records.values()].flatMap((r) => ('created' in r.outcome && r.outcome.created !== null ? [r.outcome.created] : [])));
  }

  sending(line: number, digest: string, sentAt: string): void {
    this.#append({ line, sent_at: sentAt, digest }, { sentAt }, digest);
  }

  created(line: number, digest: string, id: number): void {
    this.#append({ line, id, digest }, { created: id }, digest);
  }

  notCreated(line: number, digest: string): void {
    this.#append({ line, id: null, digest }, { created: null }, digest);
  }

  /** Opens the file for appending now, so a path that cannot be written is refused before any request. */
  open(): number {
    try {
      return (this.#fd ??= openSync(this.path, 'a', 0o600));
    } catch (error) {
      throw new UsageError(`--results: cannot write ${JSON.stringify(this.path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #append(record: { line: number; [key: string]: unknown }, outcome: LineOutcome, digest: string): void {
    const fd = this.open();
    // One write per record: it reaches the operating system before the next request starts.
    writeSync(fd, `${this.startWithNewline ? '\n' : ''}${JSON.stringify(record)}\n`);
    this.startWithNewline = false;
    this.records.set(record.line, { line: record.line, outcome, digest, seq: this.nextSeq++ });
  }
}

function parseRecord(text: string, seq: number): LineRecord | undefined {
  const parsed = parseOutcome(text);
  if (!parsed) return undefined;
  const { digest } = JSON.parse(text) as { digest?: unknown };
  return { ...parsed, seq, ...(typeof digest === 'string' && digest !== '' ? { digest } : {}) };
}

function parseOutcome(text: string): { line: number; outcome: LineOutcome } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const r = value as { line?: unknown; id?: unknown; sent_at?: unknown };
  if (!r || typeof r !== 'object' || !Number.isSafeInteger(r.line) || (r.line as number) < 1) return undefined;
  const line = r.line as number;
  if (typeof r.id === 'number' && Number.isSafeInteger(r.id)) return { line, outcome: { created: r.id } };
  if (r.id === null) return { line, outcome: { created: null } };
  if (typeof r.sent_at === 'string') return { line, outcome: { sentAt: r.sent_at } };
  return undefined;
}
