// An export directory read back (src/commands/export/): manifest.json first, then every
// file's record count against the manifest's, then the records of the kinds being restored,
// each checked for the fields a restore needs. Anything odd is a usage error naming the file,
// the line and the field, raised before any request: a restore never starts from half a backup.
import { join } from 'node:path';
import {
  EDIT_ACCESS_VALUES,
  WEBHOOK_EVENTS,
  APPROVAL_STATUSES,
  type Document,
  type Milestone,
  type Step,
  type WebhookSubscription,
} from '../../api/types.js';
import { SANDBOX_SERVICE } from '../../config/service-key.js';
import { UsageError } from '../../errors.js';
import { NotRegularFileError, readRegularFile } from '../../files/read-regular.js';
import { EXPORT_PARTS, MANIFEST_FILE, type ExportCounts, type ExportPart, type Manifest } from '../export/manifest.js';

export interface ExportedRecords {
  documents: Document[];
  steps: Step[];
  milestones: Milestone[];
  webhooks: WebhookSubscription[];
}

export interface Export {
  dir: string;
  manifest: Manifest;
  /** The records of the kinds asked for (the others are counted, not read). */
  records: ExportedRecords;
}

export async function readExport(dir: string, kinds: readonly ExportPart[]): Promise<Export> {
  const manifest = checkManifest(
    await readText(
      dir,
      MANIFEST_FILE,
      `holds no ${MANIFEST_FILE}: it is not a directory \`pwctl export\` finished writing`,
    ),
  );
  const records: ExportedRecords = { documents: [], steps: [], milestones: [], webhooks: [] };
  for (const part of EXPORT_PARTS) {
    const name = `${part}.ndjson`;
    const lines = (
      await readText(dir, name, `has no ${name}, which its ${MANIFEST_FILE} counts ${manifest.counts[part]} records in`)
    ).split('\n');
    const filled = lines.flatMap((line, i) => (line.trim() === '' ? [] : [{ line, number: i + 1 }]));
    if (filled.length !== manifest.counts[part]) {
      throw new UsageError(
        `<dir>: ${name} holds ${filled.length} records, but ${MANIFEST_FILE} says ${manifest.counts[part]}: the export is incomplete or was changed since`,
      );
    }
    if (!kinds.includes(part)) continue;
    const seen = new Set<string | number>();
    for (const { line, number } of filled) {
      const where = `<dir>: ${name} line ${number}`;
      const record = checkRecord(part, parseLine(line, where), where);
      const id = part === 'documents' ? (record as Document).uuid : (record as { id: number }).id;
      if (seen.has(id))
        throw new UsageError(
          `${where}: ${part === 'documents' ? 'uuid' : 'id'} ${JSON.stringify(id)} appears twice in ${name}`,
        );
      seen.add(id);
      (records[part] as unknown[]).push(record);
    }
  }
  return { dir, manifest, records };
}

/**
 * One file of the export: a regular file (a FIFO planted there would hang the restore, a link
 * to /dev/zero would never end) of at most MAX_TEXT_FILE_BYTES.
 */
async function readText(dir: string, name: string, missing: string): Promise<string> {
  const path = join(dir, name);
  try {
    return await readRegularFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`<dir>: ${JSON.stringify(dir)} ${missing}`);
    if (error instanceof NotRegularFileError)
      throw new UsageError(
        `<dir>: ${JSON.stringify(path)} is ${error.message}${error.tooLarge ? ', the most restore reads of one file' : ': an export holds regular files only'}`,
      );
    throw new UsageError(`<dir>: cannot read ${JSON.stringify(path)}: ${code ?? (error as Error).message}`);
  }
}

function parseLine(text: string, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${where}: not JSON`);
  }
  if (!isObject(value)) throw new UsageError(`${where}: not a JSON object`);
  return value;
}

function checkManifest(text: string): Manifest {
  const odd = (what: string) => new UsageError(`<dir>: ${MANIFEST_FILE} is not an export manifest: ${what}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw odd('not JSON');
  }
  if (!isObject(value)) throw odd('not a JSON object');
  if (
    typeof value.base_url !== 'string' ||
    !(value.base_url === SANDBOX_SERVICE || /^https?:\/\//.test(value.base_url))
  )
    throw odd(`base_url is neither an http(s) URL nor ${SANDBOX_SERVICE}`);
  if (typeof value.exported_at !== 'string' || Number.isNaN(Date.parse(value.exported_at)))
    throw odd('exported_at is not a timestamp');
  if (value.company_id !== null && !isId(value.company_id)) throw odd('company_id is neither an id nor null');
  if (value.service !== undefined && typeof value.service !== 'string') throw odd('service is not a string');
  if (!isObject(value.counts)) throw odd('counts is missing');
  const counts = value.counts;
  for (const part of EXPORT_PARTS) {
    if (!Number.isSafeInteger(counts[part]) || (counts[part] as number) < 0) throw odd(`counts.${part} is not a count`);
  }
  return {
    base_url: value.base_url,
    ...(typeof value.service === 'string' ? { service: value.service } : {}),
    exported_at: value.exported_at,
    company_id: value.company_id as number | null,
    counts: Object.fromEntries(EXPORT_PARTS.map((part) => [part, counts[part]])) as ExportCounts,
  };
}

// ---- the fields restore reads, checked ----------------------------------------------------

type Check = (value: unknown) => boolean;

const string: Check = (v) => typeof v === 'string';
const boolean: Check = (v) => typeof v === 'boolean';
const ref: Check = (v) => isObject(v) && isId(v.id) && typeof v.title === 'string';
const refOrNull: Check = (v) => v === null || ref(v);
const stringOrNull: Check = (v) => v === null || typeof v === 'string';
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
const uuid: Check = (v) =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
const tags: Check = (v) =>
  Array.isArray(v) && v.every((t) => isObject(t) && typeof t.name === 'string' && t.name.trim() !== '');

const FIELDS: Record<ExportPart, Record<string, [Check, string]>> = {
  documents: {
    uuid: [uuid, 'a document uuid'],
    title: [string, 'a string'],
    content: [string, 'a string (export writes documents with their content)'],
    is_internal: [boolean, 'true or false'],
    edit_access: [oneOf(EDIT_ACCESS_VALUES), `one of ${EDIT_ACCESS_VALUES.join(', ')}`],
    company: [ref, 'an {id, title} object'],
    project: [refOrNull, 'an {id, title} object or null'],
    client: [refOrNull, 'an {id, title} object or null'],
  },
  steps: {
    id: [isId, 'an id'],
    title: [string, 'a string'],
    content: [string, 'a string (export writes tasks with their content)'],
    tags: [tags, 'an array of {name} objects (export writes tasks with their tags)'],
    phase: [ref, 'an {id, title} object'],
    completed: [boolean, 'true or false'],
    published: [boolean, 'true or false'],
    is_approval: [boolean, 'true or false'],
    approval_status: [(v) => v === null || oneOf(APPROVAL_STATUSES)(v), `${APPROVAL_STATUSES.join(', ')} or null`],
    due_date: [string, 'a string'],
  },
  milestones: {
    id: [isId, 'an id'],
    title: [string, 'a string'],
    due_date: [(v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v), 'a date'],
    description: [stringOrNull, 'a string or null'],
    color: [stringOrNull, 'a string or null'],
    project: [ref, 'an {id, title} object'],
  },
  webhooks: {
    id: [isId, 'an id'],
    url: [string, 'a string'],
    event: [oneOf(WEBHOOK_EVENTS), 'an event type'],
    company_id: [isId, 'an id'],
    active: [boolean, 'true or false'],
  },
};

function checkRecord(part: ExportPart, record: Record<string, unknown>, where: string): unknown {
  for (const [field, [check, expected]] of Object.entries(FIELDS[part])) {
    if (!check(record[field]))
      throw new UsageError(`${where}: ${field} must be ${expected}, got ${describe(record[field])}`);
  }
  return record;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
