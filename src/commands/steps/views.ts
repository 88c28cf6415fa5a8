// How a task is shown: list columns for a glance, detail rows for `get`, and the fields
// --fields accepts (every top-level field of the reference's Task).
import { PHASE_REF_FIELDS, REF_FIELDS, TAG_FIELDS, USER_REF_FIELDS, type Step } from '../../api/types.js';
import { calendarDay, shortDate, type Column, type View } from '../../output/view.js';

/** open, done, or the approval verdict of a completed approval task. */
export function stepStatus(step: Pick<Step, 'completed' | 'is_approval' | 'approval_status'>): string {
  if (!step.completed) return 'open';
  if (step.is_approval && step.approval_status === 'approved') return 'approved';
  if (step.is_approval && step.approval_status === 'not_approved') return 'not approved';
  return 'done';
}

const STEP_FIELDS = [
  'id',
  'title',
  'completed',
  'published',
  'is_approval',
  'approval_status',
  'due_date',
  'created_at',
  'updated_at',
  'content',
  'tags',
  'phase',
  'project',
  'client',
  'company',
  'assignees',
  'order',
] as const;

const STEP_NESTED = {
  phase: PHASE_REF_FIELDS,
  project: REF_FIELDS,
  client: REF_FIELDS,
  company: REF_FIELDS,
  assignees: USER_REF_FIELDS,
  tags: TAG_FIELDS,
};

const STEP_LISTS = ['tags', 'assignees'];

const LIST_COLUMNS: Column<Step>[] = [
  { header: 'ID', field: 'id', value: (s) => s.id, fit: 'whole' },
  { header: 'TITLE', field: 'title', value: (s) => s.title, fit: 'shrink' },
  { header: 'STATUS', field: 'completed', value: stepStatus, fit: 'whole' },
  { header: 'DUE', field: 'due_date', value: (s) => calendarDay(s.due_date), fit: 'whole' },
  { header: 'PHASE', field: 'phase.title', value: (s) => s.phase, fit: 'shrink' },
  { header: 'PROJECT', field: 'project.title', value: (s) => s.project, fit: 'shrink' },
  { header: 'ASSIGNEES', field: 'assignees', value: (s) => s.assignees, fit: 'shrink' },
];

const DETAIL_ROWS: Column<Step>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'TITLE', value: (s) => s.title },
  { header: 'STATUS', value: stepStatus },
  { header: 'APPROVAL', value: (s) => (s.is_approval ? 'yes' : 'no') },
  { header: 'PUBLISHED', value: (s) => (s.published ? 'yes' : 'no (draft)') },
  { header: 'DUE', value: (s) => calendarDay(s.due_date) },
  {
    header: 'PHASE',
    value: (s) =>
      s.phase ? `${s.phase.title} (${s.phase.id}, ${s.phase.is_internal ? 'internal' : 'client-facing'})` : '',
  },
  { header: 'PROJECT', value: (s) => s.project },
  { header: 'CLIENT', value: (s) => s.client },
  { header: 'COMPANY', value: (s) => s.company },
  { header: 'CREATED', value: (s) => shortDate(s.created_at) },
  { header: 'UPDATED', value: (s) => shortDate(s.updated_at) },
];

/** Printed tasks are remembered for shell completion of their ids. */
const CACHE: View<Step>['cache'] = { kind: 'steps', id: (s) => s.id, title: (s) => s.title };

export const STEP_VIEW: View<Step> = {
  fields: STEP_FIELDS,
  nested: STEP_NESTED,
  lists: STEP_LISTS,
  columns: LIST_COLUMNS,
  detail: DETAIL_ROWS,
  cache: CACHE,
};

const TAGS: Column<Step> = { header: 'TAGS', field: 'tags', value: (s) => s.tags, fit: 'shrink' };

/** With --include tags, tables show them too. */
export function stepView(opts: { tags?: boolean } = {}): View<Step> {
  if (!opts.tags) return STEP_VIEW;
  return {
    fields: STEP_FIELDS,
    nested: STEP_NESTED,
    lists: STEP_LISTS,
    columns: [...LIST_COLUMNS, TAGS],
    detail: insertAfter(DETAIL_ROWS, 'COMPANY', TAGS),
    cache: CACHE,
  };
}

/** After `reorder`, whose response carries the task's new position. */
export const STEP_ORDER_VIEW: View<Step> = {
  ...STEP_VIEW,
  detail: insertAfter(DETAIL_ROWS, 'STATUS', { header: 'ORDER', value: (s) => s.order }),
};

function insertAfter(rows: readonly Column<Step>[], header: string, row: Column<Step>): Column<Step>[] {
  const at = rows.findIndex((r) => r.header === header) + 1;
  return [...rows.slice(0, at), row, ...rows.slice(at)];
}
