// The results file that makes a run of creates resumable (`steps import --results`,
// `restore --results`): one JSON object per line, appended and handed to the operating system
// the moment it is known, so a run stopped any way at all (Ctrl-C, SIGTERM, a crash, a kill)
// has recorded every create that was answered. Each verb names its items its own way (an
// import by the line of its row, a restore by kind and old id); the records are the same:
//
//   {<key>, "sent_at": "2026-…Z"}            a create for this item is being sent
//   {<key>, "<id>": 412}                     it created record 412 (the contract's record)
//   {<key>, "<id>": 412, "pending": ["tags"]} it created 412, and these follow-ups are not done yet
//   {<key>, "<id>": null}                    it was refused: nothing was created
//
// The last record of an item wins. A later run skips items that created a record (and
// finishes what is pending); an item whose last record is `sent_at` was sent without an
// answer (its outcome is unknown) and is looked up before anything is sent again
// (./unanswered-creates.ts).
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { UsageError } from '../errors.js';

/** What a create answered: a task id, or a document's uuid. */
export type CreatedId = number | string;

export type CreateOutcome = { created: CreatedId; pending?: string[] } | { created: null } | { sentAt: string };

/** How one verb's records name their items. */
export interface CreateLogFormat<K> {
  /** The fields that name an item, in the order they are written: {line: 4}, {kind: 'steps', old_id: 105}. */
  keyFields(key: K): Record<string, string | number>;
  /** The item a record names, or undefined when it names none. */
  keyOf(record: Record<string, unknown>): K | undefined;
  /** The field holding the created id: `id` (import), `new_id` (restore). */
  idField: string;
  /** Whether a value is an id this verb's creates answer. */
  isId(value: unknown): value is CreatedId;
  /** A record as the user may write one, for messages: `{"line": n, "id": …}`. */
  example: string;
  /** Other string fields a record may carry and the verb reads back (`digest`: what an import row held). */
  extraFields?: readonly string[];
}

/** An item's last record as read back: its outcome, the extra fields it carried, and its place in the file. */
export interface CreateRecord<K> {
  key: K;
  outcome: CreateOutcome;
  extra: Record<string, string>;
  /** The record's position in the file: a later record says more recent things. */
  seq: number;
}

export class CreateLog<K> {
  #fd: number | undefined;
  /** Each item's last record, by its key's JSON. */
  readonly #records: Map<string, CreateRecord<K>>;

  private constructor(
    readonly path: string,
    private readonly format: CreateLogFormat<K>,
    records: Map<string, CreateRecord<K>>,
    /** The file ends in a cut-off record: the next record starts on a line of its own. */
    private startWithNewline: boolean,
    private nextSeq: number,
  ) {
    this.#records = records;
  }

  /** Reads what earlier runs recorded; the file is created on the first append. */
  static read<K>(path: string, format: CreateLogFormat<K>): CreateLog<K> {
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new UsageError(`--results: cannot read ${JSON.stringify(path)}: ${code}`);
    }
    const records = new Map<string, CreateRecord<K>>();
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      // A last line without its newline was being written when a run was killed: the
      // create it announced is then unknown, which an earlier `sent_at` record already says.
      const last = i === lines.length - 1;
      const parsed = parseRecord(line, format);
      if (parsed) records.set(keyText(format.keyFields(parsed.key)), { ...parsed, seq: i });
      else if (!last)
        throw new UsageError(
          `--results: line ${i + 1} of ${JSON.stringify(path)} is not a record pwctl wrote (${format.example})`,
        );
    });
    return new CreateLog(path, format, records, text !== '' && !text.endsWith('\n'), lines.length);
  }

  /** Every item's last record. */
  records(): IterableIterator<CreateRecord<K>> {
    return this.#records.values();
  }

  outcome(key: K): CreateOutcome | undefined {
    return this.#records.get(this.#key(key))?.outcome;
  }

  createdId(key: K): CreatedId | undefined {
    const outcome = this.outcome(key);
    return outcome && 'created' in outcome && outcome.created !== null ? outcome.created : undefined;
  }

  /** The follow-ups of a recorded create that were not done (empty when it is complete). */
  pending(key: K): string[] {
    const outcome = this.outcome(key);
    return outcome && 'created' in outcome && outcome.created !== null ? (outcome.pending ?? []) : [];
  }

  /** When the last create of this item went out without an answer, the time it was sent. */
  unknownSince(key: K): string | undefined {
    const outcome = this.outcome(key);
    return outcome && 'sentAt' in outcome ? outcome.sentAt : undefined;
  }

  /** Every id recorded as created, for any item. */
  createdIds(): Set<CreatedId> {
    return new Set(
      [...this.#records.values()].flatMap(({ outcome: o }) =>
        'created' in o && o.created !== null ? [o.created] : [],
      ),
    );
  }

  /** `extra`: the format's extra fields for this record (`{digest}`). */
  sending(key: K, sentAt: string, extra: Record<string, string> = {}): void {
    this.#append(key, { sent_at: sentAt }, { sentAt }, extra);
  }

  /** The create answered `id`; `pending` names the follow-ups still to do (none: the item is done). */
  created(key: K, id: CreatedId, pending: readonly string[] = [], extra: Record<string, string> = {}): void {
    const more = pending.length > 0 ? { pending: [...pending] } : {};
    this.#append(key, { [this.format.idField]: id, ...more }, { created: id, ...more }, extra);
  }

  notCreated(key: K, extra: Record<string, string> = {}): void {
    this.#append(key, { [this.format.idField]: null }, { created: null }, extra);
  }

  /** Opens the file for appending now, so a path that cannot be written is refused before any request. */
  open(): number {
    try {
      return (this.#fd ??= openSync(this.path, 'a', 0o600));
    } catch (error) {
      throw new UsageError(
        `--results: cannot write ${JSON.stringify(this.path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #key(key: K): string {
    return keyText(this.format.keyFields(key));
  }

  #append(key: K, fields: Record<string, unknown>, outcome: CreateOutcome, extra: Record<string, string>): void {
    const fd = this.open();
    // One write per record: it reaches the operating system before the next request starts.
    writeSync(
      fd,
      `${this.startWithNewline ? '\n' : ''}${JSON.stringify({ ...this.format.keyFields(key), ...fields, ...extra })}\n`,
    );
    this.startWithNewline = false;
    this.#records.set(this.#key(key), { key, outcome, extra, seq: this.nextSeq++ });
  }
}

function keyText(fields: Record<string, string | number>): string {
  return JSON.stringify(fields);
}

function parseRecord<K>(text: string, format: CreateLogFormat<K>): Omit<CreateRecord<K>, 'seq'> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const key = format.keyOf(record);
  if (key === undefined) return undefined;
  const extra: Record<string, string> = {};
  for (const field of format.extraFields ?? []) {
    if (typeof record[field] === 'string' && record[field] !== '') extra[field] = record[field] as string;
  }
  const id = record[format.idField];
  if (format.isId(id)) {
    const pending = Array.isArray(record.pending)
      ? record.pending.filter((p): p is string => typeof p === 'string')
      : [];
    return { key, outcome: pending.length > 0 ? { created: id, pending } : { created: id }, extra };
  }
  if (id === null) return { key, outcome: { created: null }, extra };
  if (typeof record.sent_at === 'string') return { key, outcome: { sentAt: record.sent_at }, extra };
  return undefined;
}
