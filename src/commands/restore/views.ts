// How restore shows what it did (one result per record, shaped as bulk results) and, under
// --dry-run, what it would do (the plan: one row per record).
import { failureDetail, type BulkResult } from '../../bulk/results.js';
import type { View } from '../../output/view.js';
import type { CreatedId } from '../../bulk/create-log.js';
import type { AutoMapRow } from './auto-map.js';
import type { Action, FieldChange } from './plan.js';

/** A result's `data`: where the record hangs, and what else its restore says. */
export interface RestoreData {
  parent: string;
  /** changed, overwrite, finish: the fields that differed from the export. */
  changed?: string[];
  /** Of those, the ones whose values are told: {field: {from, to}} (service's → export's). */
  changes?: Changes;
  note?: string;
  /** A new webhook subscription's signing secret, shown this once. */
  secret?: string;
}

export type RestoreResult = BulkResult<RestoreData> & { action?: Action; new_id?: CreatedId | null; title?: string };

const UUID_LENGTH = 36;
/** The actions that send requests, and so can fail; the others are told as they are. */
const SENDS: ReadonlySet<Action> = new Set<Action>(['create', 'overwrite', 'finish']);

export const RESTORE_RESULT_VIEW: View<RestoreResult> = restoreResultView(false);

/**
 * The results as a run shows them. Results stream as records finish, so columns are sized
 * before the first: NEW ID holds the ids the run will make, numbers (8 digits) or, when it
 * creates documents, their uuids, which are never cut.
 */
export function restoreResultView(createsDocuments: boolean): View<RestoreResult> {
  return {
    fields: ['kind', 'id', 'ok', 'action', 'new_id', 'title', 'data', 'status', 'error'],
    nested: { data: ['parent', 'changed', 'changes', 'note', 'secret'] },
    columns: [
      { header: 'KIND', field: 'kind', value: (r) => r.kind, fit: 'whole' },
      { header: 'ID', field: 'id', value: (r) => r.id, fit: 'whole' },
      {
        header: 'RESULT',
        field: 'action',
        value: (r) => (r.ok || !r.action || !SENDS.has(r.action) ? r.action : `${r.action} failed`),
        fit: 'whole',
      },
      {
        header: 'NEW ID',
        field: 'new_id',
        value: (r) => (r.new_id === r.id ? '' : r.new_id),
        fit: 'whole',
        width: createsDocuments ? UUID_LENGTH : 8,
      },
      { header: 'TITLE', field: 'title', value: (r) => r.title, fit: 'shrink' },
      // Read whole, as every bulk verb's: a failure's message, and a new subscription's secret,
      // which is shown only here.
      { header: 'DETAIL', value: (r) => (r.ok ? detail(r.data) : failureDetail(r)), fit: 'wrap' },
    ],
  };
}

/** A record's differing fields with their values, as JSON shows them: {"url": {"from": …, "to": …}}. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

export function changesOf(changes: readonly FieldChange[] | undefined): Changes | undefined {
  if (!changes?.length) return undefined;
  return Object.fromEntries(changes.map(({ field, from, to }) => [field, { from, to }]));
}

/**
 * `url: https://old → https://new; differs: content, tags`: each field whose values are told,
 * old → new, then the others by name.
 */
function describeChanges(changed: readonly string[] | null | undefined, changes: Changes | null | undefined): string {
  const told = Object.entries(changes ?? {}).map(([field, { from, to }]) => `${field}: ${shown(from)} → ${shown(to)}`);
  const named = (changed ?? []).filter((field) => !changes?.[field]);
  return [...told, ...(named.length > 0 ? [`differs: ${named.join(', ')}`] : [])].join('; ');
}

function shown(value: unknown): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return 'none';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function detail(data: RestoreData | null): string {
  if (!data) return '';
  const parts: string[] = [];
  if (data.changed?.length) parts.push(describeChanges(data.changed, data.changes));
  if (data.note) parts.push(data.note);
  if (data.secret) parts.push(`signing secret (shown only now): ${data.secret}`);
  return parts.join('; ');
}

/** One record of the plan --dry-run prints. */
export interface PlanRow {
  kind: string;
  id: CreatedId;
  action: Action;
  /** The record on the service it is matched with. */
  new_id: CreatedId | null;
  title: string;
  parent: string;
  changed: string[] | null;
  /** Of the changed fields, those whose values are told: service's → export's. */
  changes: Changes | null;
  reason: string | null;
}

/** How a table names a row's parent, as every table names a reference: `Design (42)`, `Design (42 → 7)` when placed elsewhere. */
export const PARENT_LABELS = new WeakMap<PlanRow, string>();

export const RESTORE_PLAN_VIEW: View<PlanRow> = {
  fields: ['kind', 'id', 'action', 'new_id', 'title', 'parent', 'changed', 'changes', 'reason'],
  columns: [
    { header: 'ACTION', field: 'action', value: (r) => r.action, fit: 'whole' },
    { header: 'KIND', field: 'kind', value: (r) => r.kind, fit: 'whole' },
    { header: 'ID', field: 'id', value: (r) => r.id, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (r) => r.title, fit: 'shrink' },
    { header: 'PARENT', field: 'parent', value: (r) => PARENT_LABELS.get(r) ?? r.parent, fit: 'shrink' },
    {
      header: 'DETAIL',
      value: (r) =>
        r.reason ??
        (r.changed?.length
          ? describeChanges(r.changed, r.changes)
          : r.new_id !== null && r.new_id !== r.id
            ? `as ${r.new_id}`
            : ''),
      // Why a record cannot be placed is read whole.
      fit: 'wrap',
    },
  ],
};

const SINGULAR: Record<string, string> = {
  phases: 'phase',
  projects: 'project',
  clients: 'client',
  companies: 'company',
};

/** `--map auto`: each exported parent, where it maps, and why not when it does not. */
export const AUTO_MAP_VIEW: View<AutoMapRow> = {
  fields: ['kind', 'id', 'title', 'status', 'new_id', 'candidates', 'within_project'],
  columns: [
    { header: 'KIND', field: 'kind', value: (r) => r.kind, fit: 'whole' },
    { header: 'PARENT', field: 'title', value: (r) => `${r.title} (${r.id})`, fit: 'shrink' },
    { header: 'MAPS TO', field: 'new_id', value: (r) => r.new_id ?? r.status, fit: 'whole' },
    {
      header: 'DETAIL',
      value: (r) => {
        const titled = `titled ${JSON.stringify(r.title)}`;
        const where = r.within_project === null ? '' : ` in project ${r.within_project}`;
        if (r.status === 'ambiguous')
          return `${r.candidates.length} ${r.kind} ${titled}${where}: ${r.candidates.join(', ')}`;
        if (r.status === 'missing') return `no ${SINGULAR[r.kind]} ${titled}${where}`;
        return r.new_id === r.id ? 'same id' : '';
      },
      fit: 'wrap',
    },
  ],
};
