// One import row checked and turned into what is sent: the create body with every field in
// its JSON type (phase_id a number, booleans true/false, due_date YYYY-MM-DD), and the tag
// references applied after the create. CSV cells are text and read as the command line reads
// flags (`true`/`yes`/`1`, tags split on ';', digits an id); NDJSON values must already have
// the right JSON type (a tag that is a number is an id, a string is a name).
import type { CreateStepBody, TagReference } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { parseBoolean, parseDate, parseId, requireNonEmpty } from '../../validate.js';
import { parseTagRef, uniqueRefs } from '../tags/tag-ref.js';
import type { ImportFormat } from './import-format.js';
import type { RawRow } from './import-source.js';

export const IMPORT_FIELDS = ['title', 'phase_id', 'content', 'due_date', 'published', 'is_approval', 'completed', 'tags'] as const;
const BOOLEAN_FIELDS = ['published', 'is_approval', 'completed'] as const;

export interface ImportRow {
  line: number;
  body: CreateStepBody;
  tags: TagReference[];
}

/** `--phase` fills in phase_id for rows that do not give their own. */
export function checkRow(raw: RawRow, format: ImportFormat, defaultPhase: number | undefined): ImportRow {
  const where = (field: string) => `line ${raw.line}: ${field}`;
  const value = (field: string): unknown => (raw.fields[field] === null ? undefined : raw.fields[field]);
  for (const field of Object.keys(raw.fields)) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) {
      throw new UsageError(`${where(JSON.stringify(field))} is not a field of a task import (fields: ${IMPORT_FIELDS.join(', ')})`);
    }
  }
  const typed = format === 'ndjson';

  const title = value('title');
  if (title === undefined) throw new UsageError(`${where('title')} is required`);
  const body: CreateStepBody = { title: requireNonEmpty(text(title, where('title')), where('title')), phase_id: 0 };

  const phase = value('phase_id');
  if (phase === undefined && defaultPhase === undefined) throw new UsageError(`${where('phase_id')} is required (or pass --phase <id> for every row)`);
  body.phase_id = phase === undefined ? defaultPhase! : id(phase, where('phase_id'), typed);

  const content = value('content');
  if (content !== undefined) body.content = text(content, where('content'));
  const due = value('due_date');
  if (due !== undefined) body.due_date = parseDate(text(due, where('due_date')), where('due_date'));
  for (const field of BOOLEAN_FIELDS) {
    const given = value(field);
    if (given !== undefined) body[field] = boolean(given, where(field), typed);
  }

  const tags = value('tags');
  return { line: raw.line, body, tags: tags === undefined ? [] : tagRefs(tags, where('tags'), typed) };
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new UsageError(`${name} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

function id(value: unknown, name: string, typed: boolean): number {
  if (typed && typeof value !== 'number') throw new UsageError(`${name} must be a number (a phase id), got ${JSON.stringify(value)}`);
  return parseId(String(value), name);
}

function boolean(value: unknown, name: string, typed: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typed) throw new UsageError(`${name} must be true or false (a JSON boolean), got ${JSON.stringify(value)}`);
  return parseBoolean(text(value, name), name);
}

function tagRefs(value: unknown, name: string, typed: boolean): TagReference[] {
  if (!typed) {
    const parts = text(value, name).split(';').map((part) => part.trim()).filter((part) => part !== '');
    return uniqueRefs(parts.map((part) => withName(() => parseTagRef(part), name)));
  }
  if (!Array.isArray(value)) throw new UsageError(`${name} must be an array of tag ids (numbers) and names (strings), got ${JSON.stringify(value)}`);
  return uniqueRefs(
    value.map((ref) => {
      if (typeof ref === 'number') return parseId(String(ref), `${name}: tag ${ref}`);
      if (typeof ref === 'string' && ref.trim() !== '') return ref;
      throw new UsageError(`${name}: each tag must be an id (number) or a non-empty name (string), got ${JSON.stringify(ref)}`);
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
