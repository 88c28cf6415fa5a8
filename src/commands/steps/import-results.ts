// The --results file that makes an import resumable: one JSON object per line, appended and
// handed to the operating system the moment it is known, so a run stopped any way at all
// (Ctrl-C, a crash, a kill) has recorded every create that was answered:
//
//   {"line": 4, "sent_at": "2026-…Z"}   a create for line 4 is being sent
//   {"line": 4, "id": 412}              it created task 412 (the contract's record)
//   {"line": 5, "id": null}             it was refused: nothing was created
//
// The last record of a line wins. A later run skips lines that created a task; a line whose
// last record is `sent_at` was sent without an answer (its outcome is unknown) and is looked
// up before anything is sent again (import-reconcile.ts).
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { UsageError } from '../../errors.js';

export type LineOutcome = { created: number } | { created: null } | { sentAt: string };

export class ResultsLog {
  #fd: number | undefined;

  private constructor(
    readonly path: string,
    /** Each line's last record. */
    readonly outcomes: Map<number, LineOutcome>,
    /** The file ends in a cut-off record: the next record starts on a line of its own. */
    private startWithNewline: boolean,
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
    const outcomes = new Map<number, LineOutcome>();
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      // A last line without its newline was being written when a run was killed: the
      // create it announced is then unknown, which an earlier `sent_at` record already says.
      const last = i === lines.length - 1;
      const outcome = parseRecord(line);
      if (outcome) outcomes.set(outcome.line, outcome.outcome);
      else if (!last) throw new UsageError(`--results: line ${i + 1} of ${JSON.stringify(path)} is not a record pwctl wrote ({"line": n, "id": …})`);
    });
    return new ResultsLog(path, outcomes, text !== '' && !text.endsWith('\n'));
  }

  createdId(line: number): number | undefined {
    const outcome = this.outcomes.get(line);
    return outcome && 'created' in outcome && outcome.created !== null ? outcome.created : undefined;
  }

  /** When the last create of this line went out without an answer, the time it was sent. */
  unknownSince(line: number): string | undefined {
    const outcome = this.outcomes.get(line);
    return outcome && 'sentAt' in outcome ? outcome.sentAt : undefined;
  }

  sending(line: number, sentAt: string): void {
    this.#append({ line, sent_at: sentAt }, { sentAt });
  }

  created(line: number, id: number): void {
    this.#append({ line, id }, { created: id });
  }

  notCreated(line: number): void {
    this.#append({ line, id: null }, { created: null });
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

  #append(record: object, outcome: LineOutcome): void {
    const fd = this.open();
    // One write per record: it reaches the operating system before the next request starts.
    writeSync(fd, `${this.startWithNewline ? '\n' : ''}${JSON.stringify(record)}\n`);
    this.startWithNewline = false;
    this.outcomes.set((record as { line: number }).line, outcome);
  }
}

function parseRecord(text: string): { line: number; outcome: LineOutcome } | undefined {
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
