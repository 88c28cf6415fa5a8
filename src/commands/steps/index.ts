// Tasks (the API calls them steps): every verb, declared once. Their run functions are the
// files beside this one, loaded only when the verb runs.
import { STEP_INCLUDES } from '../../api/types.js';
import { CONCURRENCY } from '../bulk-flags.js';
import { bind, nounBody, verb } from '../declare.js';
import { choice, date, dateOrNone, flag, id, ids, listOf, oneOf, path, text, textOrFile, toggle } from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { sortFlag } from '../list-refine.js';
import { pickPhase, pickSteps } from '../pick.js';
import { IMPORT_FORMATS } from './import-format.js';
import { STEP_VIEW } from './views.js';

const STEP_ID = { required: true, complete: { ids: 'steps' }, prompt: pickSteps('Task') } as const;
const PHASES = { ids: 'phases' } as const;
const PHASE_HELP = '(ids: `pwctl phases list`)';
const include = listOf(
  '--include',
  STEP_INCLUDES,
  'add content and/or tags to each task (comma-separated: content,tags)',
);
const content = textOrFile(
  ['--content', '<markdown>', 'task body as Markdown'],
  ['--content-file', 'read the body from a file, or - for standard input'],
);
const concurrency = CONCURRENCY;
const IDS_DETAILS =
  'Ids: one or more task ids, or - to read them from standard input (one per line: bare ids or JSON objects with "id",\nso `pwctl steps list -o ndjson | pwctl steps complete -` works).';

export const list = verb({
  name: 'list',
  summary: 'list the tasks you can access',
  flags: {
    company: id('--company', 'only tasks of this company (default: `pwctl config get company`)', {
      field: 'company_id',
    }),
    completed: toggle('--completed', '--open', { on: 'only completed tasks', off: 'only open tasks' }),
    hasDueDate: toggle('--has-due-date', '--no-due-date', {
      on: 'only tasks with a due date',
      off: 'only tasks without a due date',
    }),
    include,
    project: id('--project', 'only tasks of this project (client-side)', {
      field: 'project_id',
      complete: { ids: 'projects' },
    }),
    phase: id('--phase', `only tasks of this phase (client-side) ${PHASE_HELP}`, {
      field: 'phase_id',
      complete: PHASES,
    }),
    client: id('--client', 'only tasks of this client (client-side)', { field: 'client_id' }),
    assignee: text('--assignee', 'only tasks of this person: a user id, or a name or its start (client-side)', {
      placeholder: '<id|name>',
      nonEmpty: true,
    }),
    search: text('--search', 'only tasks whose title holds every word of this, any case (client-side)', {
      nonEmpty: true,
    }),
    dueBefore: date('--due-before', 'only tasks due on or before this day (client-side)', { field: 'due_before' }),
    dueAfter: date('--due-after', 'only tasks due on or after this day (client-side)', { field: 'due_after' }),
    sort: sortFlag(STEP_VIEW),
    ...LIST_FLAGS,
  },
  details: `Filters marked client-side are applied by pwctl to the tasks it reads: the service gets only its own
(--company, --completed/--open, --has-due-date/--no-due-date). With them, --limit counts matching
tasks and pages are read until enough match. Dates: YYYY-MM-DD, today, tomorrow, +3d, +2w.`,
  examples: [
    'pwctl steps list --open --has-due-date',
    'pwctl steps list --project 31 --open --due-before +7d --sort due_date',
    'pwctl steps list --assignee maya --open --sort due_date --limit 5',
    'pwctl steps list --all -o ndjson | pwctl steps complete -',
    'pwctl steps list --fields id,title,phase.title,tags --include tags',
  ],
  mcp: true,
});

export const get = verb({
  name: 'get',
  summary: 'show one task',
  flags: { id: id('<id>', 'task id', STEP_ID), include },
  examples: ['pwctl steps get 101 --include content,tags', 'pwctl steps get 101 --fields content > notes.md'],
  mcp: true,
});

export const create = verb({
  name: 'create',
  summary: 'create a task in a phase',
  flags: {
    phase: id('--phase', `phase to create the task in ${PHASE_HELP}`, {
      required: true,
      field: 'phase_id',
      complete: PHASES,
      prompt: pickPhase('Phase of the new task'),
    }),
    title: text('--title', 'task title', { required: true, nonEmpty: true }),
    content,
    due: date('--due', 'due date', { field: 'due_date' }),
    published: toggle('--published', '--draft', {
      on: 'visible to the client at once (client-facing phases)',
      off: 'not yet visible to the client',
    }),
    approval: flag('--approval', 'make it an approval (sign-off) task', { field: 'is_approval' }),
    completed: flag('--completed', 'create it already completed'),
  },
  examples: ['pwctl steps create --phase 41 --title "Collect logos" --due 2026-03-01 --content-file notes.md'],
  effects: { writes: true },
  mcp: true,
});

export const update = verb({
  name: 'update',
  summary: 'change fields of a task (only the ones given)',
  flags: {
    id: id('<id>', 'task id', STEP_ID),
    title: text('--title', 'new title', { nonEmpty: true }),
    content,
    published: toggle('--published', '--draft', {
      on: 'make it visible to the client',
      off: 'hide it from the client (draft)',
    }),
    approval: toggle(
      '--approval',
      '--no-approval',
      { on: 'make it an approval task', off: 'make it a plain task' },
      { field: 'is_approval' },
    ),
    due: dateOrNone('--due', 'new due date, or none to clear it', { field: 'due_date' }),
    phase: id('--phase', `move it to this phase (same as \`steps move\`) ${PHASE_HELP}`, {
      field: 'phase_id',
      complete: PHASES,
    }),
    allowRemovingAttachments: flag(
      '--allow-removing-attachments',
      'with --content: let the new body drop attachments, forms and embeds',
    ),
  },
  examples: [
    'pwctl steps update 101 --title "Collect logos and fonts" --due none',
    'pwctl steps update 101 --content-file notes.md',
  ],
  effects: { writes: true },
  rules: [
    { requires: ['allowRemovingAttachments', 'content'] },
    { anyOf: ['title', 'content', 'published', 'approval', 'due', 'phase'], what: 'nothing to update' },
  ],
  mcp: true,
});

export const complete = verb({
  name: 'complete',
  summary: 'mark tasks completed (approval tasks: with a verdict)',
  details: `${IDS_DETAILS}\nApproval tasks without --approve or --reject are approved (the default verdict); on a terminal,\nup to 10 tasks, each one's verdict is asked first.`,
  flags: {
    ids: ids('<id...>', 'task ids, or - for standard input', {
      ...STEP_ID,
      prompt: pickSteps('Tasks to complete', false),
    }),
    verdict: choice(
      {
        '--approve': ['approved', 'approval tasks: record the verdict approved'],
        '--reject': ['not_approved', 'approval tasks: record the verdict not approved'],
      },
      'approval tasks: the verdict',
      { field: 'approval_status' },
    ),
    concurrency,
  },
  examples: [
    'pwctl steps complete 101 102',
    'pwctl steps complete 108 --reject',
    'pwctl steps list --open -o ndjson | pwctl steps complete -',
  ],
  effects: { writes: true },
  mcp: true,
});

export const reopen = verb({
  name: 'reopen',
  summary: 'mark tasks open again (clears an approval verdict)',
  details: IDS_DETAILS,
  flags: {
    ids: ids('<id...>', 'task ids, or - for standard input', {
      ...STEP_ID,
      prompt: pickSteps('Tasks to reopen', true),
    }),
    concurrency,
  },
  examples: ['pwctl steps reopen 101'],
  effects: { writes: true },
  mcp: true,
});

export const move = verb({
  name: 'move',
  summary: 'move a task to another phase (its audience follows the phase)',
  flags: {
    id: id('<id>', 'task id', STEP_ID),
    phase: id('--phase', `target phase ${PHASE_HELP}`, {
      required: true,
      field: 'phase_id',
      complete: PHASES,
      prompt: pickPhase('Phase to move the task to'),
    }),
  },
  examples: ['pwctl steps move 101 --phase 42'],
  effects: { writes: true },
  mcp: true,
});

export const reorder = verb({
  name: 'reorder',
  summary: 'reposition a task within its phase',
  flags: {
    id: id('<id>', 'task id', STEP_ID),
    position: choice(
      {
        '--first': ['first', 'make it the first task of its phase'],
        '--last': ['last', 'make it the last task of its phase'],
      },
      'where in its phase',
      { field: 'position' },
    ),
    after: id('--after', 'place it directly after this task (same phase)', {
      field: 'after_step_id',
      complete: { ids: 'steps' },
    }),
  },
  examples: ['pwctl steps reorder 103 --first', 'pwctl steps reorder 103 --after 101'],
  effects: { writes: true },
  rules: [{ exactlyOne: ['position', 'after'] }],
  mcp: true,
});

export const edit = verb({
  name: 'edit',
  summary: 'edit the task body in $VISUAL/$EDITOR; sent back only if changed',
  flags: { id: id('<id>', 'task id', STEP_ID) },
  examples: ['pwctl steps edit 101', 'EDITOR="code --wait" pwctl steps edit 101'],
  effects: { writes: true },
});

export const remove = verb({
  name: 'delete',
  summary: 'permanently delete tasks (asks first; without a terminal needs --yes)',
  details: IDS_DETAILS,
  flags: {
    ids: ids('<id...>', 'task ids, or - for standard input', { ...STEP_ID, prompt: pickSteps('Tasks to delete') }),
    concurrency,
  },
  examples: ['pwctl steps delete 101 --yes', 'pwctl steps list --completed -o ndjson | pwctl steps delete - --yes'],
  effects: { writes: true, confirms: true },
  mcp: true,
});

export const importRows = verb({
  name: 'import',
  summary: 'create one task per CSV row or NDJSON line (resumable with --results)',
  details: `Fields (CSV header names or NDJSON keys): title (required), phase_id (or --phase), content,
due_date (YYYY-MM-DD), published, is_approval, completed (true/false), and tags: names or ids,
added after the create (CSV: separated by ';', digits are an id, name:<text> forces a name;
NDJSON: an array, numbers are ids and strings are names). An empty CSV cell is not given.
CSV as spreadsheets write it: header names in any case, with spaces or hyphens ("Due date",
"Phase ID"), and ';' between cells when the header line is ';'-separated (a tags cell then
needs quotes: "urgent;review"). A cell that starts with ' and then =, +, -, @, tab or CR (how
\`-o csv\` writes a cell a spreadsheet would run as a formula) is read without that one '.
Every row is checked before the first request: a bad row exits 2 naming its line and field;
several are all listed, one line each, after a first line that counts them.

Results: one per row, with the line it starts on (a CSV header is line 1) and the new task's id;
exit 8 when any row failed.

Resuming: with --results <file>, each create is recorded the moment it is answered, with a
digest of what its row held, so a run stopped by Ctrl-C, a crash or a lost connection can be
repeated with the same file and creates nothing twice. Rows are matched to the records by what
they hold: a row inserted or moved since is found where it is, a deleted row's task is kept.
A row edited in place since its task was created is refused before any request (is it a change
to that task or a new one?); the message says how to record either answer. A create sent
without an answer (connection lost, timeout, 5xx) has an unknown outcome: it is never sent
again blindly. The next run with the same --results file looks for its task (same phase and
title, created since it was sent) and records it, or creates it when there is none, or reports
the line when it cannot tell. Without --results, check such a line yourself with
\`pwctl steps list --all --fields id,title,phase.id,created_at\`.`,
  flags: {
    file: path('<file|->', 'a .csv, .ndjson or .jsonl file, or - for standard input (with --format)', {
      required: true,
    }),
    phase: id('--phase', `phase for rows that name no phase_id ${PHASE_HELP}`, { complete: PHASES }),
    format: oneOf('--format', IMPORT_FORMATS, 'the file format (default: from the file extension)'),
    results: path(
      '--results',
      'append {"line": n, "id": <task id>, "digest": …} per created task; a later run with the same file skips those rows',
      { placeholder: '<file>' },
    ),
    concurrency,
  },
  examples: [
    'pwctl steps import plan.csv --phase 41 --results plan.results.ndjson',
    'pwctl steps import tasks.ndjson -o ndjson',
    'some-export | pwctl steps import - --format ndjson --phase 41',
  ],
  // A resumed run reads the task list to find creates whose answer was lost.
  effects: { writes: true, pages: true },
});

export const steps = nounBody({
  examples: [
    'pwctl steps list --open --has-due-date --include tags',
    'pwctl steps create --phase 7 --title "Draft the brief" --due 2026-12-15',
    'pwctl steps list --open -o ndjson | pwctl steps complete -',
  ],
  commands: [
    bind(list, () => import('./list.js')),
    bind(get, () => import('./get.js')),
    bind(create, () => import('./create.js')),
    bind(update, () => import('./update.js')),
    bind(complete, () => import('./complete.js')),
    bind(reopen, () => import('./reopen.js')),
    bind(move, () => import('./move.js')),
    bind(reorder, () => import('./reorder.js')),
    bind(edit, () => import('./edit.js')),
    bind(remove, () => import('./delete.js')),
    bind(importRows, () => import('./import.js')),
  ],
});
