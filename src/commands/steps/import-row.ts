// One import row checked and turned into what is sent: the create body with every field in
// its JSON type (phase_id a number, booleans true/false, due_date YYYY-MM-DD), and the tag
// references applied after the create. CSV cells are text and read as the command line reads
// flags (`true`/`yes`/`1`, tags split on ';', digits an id); NDJSON values must already have
// the right JSON type (a tag that is a number is an id, a string is a name).
import { createHash } from 'node:crypto';
import type { CreateStepBody, TagReference } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { parseBoolean, parseDate, parseId, requireNonEmpty } from '../../validate.js';
import { closestField } from '../../suggest.js';
import { parseTagRef, uniqueRefs } from '../tags/tag-ref.js';
import type { ImportFormat } from './import-format.js';
import type { RawRow, RowProblem } from './import-source.js';

export const IMPORT_FIELDS = [
  'title',
  'phase_id',
  'content',
  'due_date',
  'published',
  'is_approval',
  'completed',
  'tags',
] as const;
const BOOLEAN_FIELDS = ['published', 'is_approval', 'completed'] as const;

/** `"Due" is not a field of a task import: did you mean due_date? (fields: …)` */
export function notAField(name: string): string {
  const meant = closestField(name, IMPORT_FIELDS);
  return `${JSON.stringify(name)} is not a field of a task import${meant ? `: did you mean ${meant}?` : ''} (fields: ${IMPORT_FIELDS.join(', ')})`;
}

export interface ImportRow {
  line: number;
  body: CreateStepBody;
  tags: TagReference[];
  /** What the row holds, as --results records it: see rowDigest. */
  digest: string;
}

/**
 * A row checked field by field: the row as it is sent, or every problem it has (each
 * message names its field first). `--phase` fills in phase_id for rows that give none.
 */
export function checkRow(
  raw: RawRow,
  format: ImportFormat,
  defaultPhase: number | undefined,
): { row: ImportRow } | { problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  /** The field's checked value, or undefined with its problem noted. */
  const check = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push({ line: raw.line, message: error.message });
      return undefined;
    }
  };
  const value = (field: string): unknown => (raw.fields[field] === null ? undefined : raw.fields[field]);
  // CSV columns were checked against the fields with the header (line 1).
  for (const field of Object.keys(raw.fields)) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) check(() => fail(notAField(field)));
  }
  const typed = format === 'ndjson';

  const title = check(() => {
    const given = value('title');
    if (given === undefined) fail('title is required');
    return requireNonEmpty(text(given, 'title'), 'title');
  });
  const phaseId = check(() => {
    const given = value('phase_id');
    if (given === undefined && defaultPhase === undefined)
      fail('phase_id is required (or pass --phase <id> for every row)');
    return given === undefined ? defaultPhase! : id(given, 'phase_id', typed);
  });
  const body: CreateStepBody = { title: title ?? '', phase_id: phaseId ?? 0 };

  const content = value('content');
  if (content !== undefined) check(() => (body.content = text(content, 'content')));
  const due = value('due_date');
  if (due !== undefined) check(() => (body.due_date = parseDate(text(due, 'due_date'), 'due_date')));
  for (const field of BOOLEAN_FIELDS) {
    const given = value(field);
    if (given !== undefined) check(() => (body[field] = boolean(given, field, typed)));
  }

  const given = value('tags');
  const tags = given === undefined ? [] : check(() => tagRefs(given, 'tags', typed));
  if (problems.length > 0) return { problems };
  return { row: { line: raw.line, body, tags: tags!, digest: rowDigest(body, tags!) } };
}

/**
 * What a row holds, as sent: its fields in their JSON types (so `yes` and `true`, `Due date`
 * and due_date, a column moved, are the same row) and its tags in any order, with --phase
 * applied (a row sent to another phase is another task). Sixteen hex digits of SHA-256: a
 * results file tells the rows of one file apart, nothing more.
 */
function rowDigest(body: CreateStepBody, tags: readonly TagReference[]): string {
  const fields = [
    body.title,
    body.phase_id,
    body.content ?? null,
    body.due_date ?? null,
    body.published ?? null,
    body.is_approval ?? null,
    body.completed ?? null,
  ];
  const tagKeys = tags.map((ref) => (typeof ref === 'number' ? `#${ref}` : `=${ref}`)).sort();
  return createHash('sha256')
    .update(JSON.stringify([fields, tagKeys]))
    .digest('hex')
    .slice(0, 16);
}

function fail(message: string): never {
  throw new UsageError(message);
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new UsageError(`${name} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

function id(value: unknown, name: string, typed: boolean): number {
  if (typed && typeof value !== 'number')
    throw new UsageError(`${name} must be a number (a phase id), got ${JSON.stringify(value)}`);
  return parseId(String(value), name);
}

function boolean(value: unknown, name: string, typed: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typed) throw new UsageError(`${name} must be true or false (a JSON boolean), got ${JSON.stringify(value)}`);
  return parseBoolean(text(value, name), name);
}

function tagRefs(value: unknown, name: string, typed: boolean): TagReference[] {
  if (!typed) {
    const parts = text(value, name)
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    return uniqueRefs(parts.map((part) => withName(() => parseTagRef(part), name)));
  }
  if (!Array.isArray(value))
    throw new UsageError(
      `${name} must be an array of tag ids (numbers) and names (strings), got ${JSON.stringify(value)}`,
    );
  return uniqueRefs(
    value.map((ref) => {
      if (typeof ref === 'number') return parseId(String(ref), `${name}: tag ${ref}`);
      if (typeof ref === 'string' && ref.trim() !== '') return ref;
      throw new UsageError(
        `${name}: each tag must be an id (number) or a non-empty name (string), got ${JSON.stringify(ref)}`,
      );
    }),
  );
}

/** A tag reference's own message, prefixed with the line and field it came from. */
function withName<T>(read: () => T, name: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${name}: ${error.message}`);
    throw error;
  }
}
