// The task verbs that only read: list, get, and wait (for a task to be completed or open).
import { verb } from '../declare.js';
import { date, duration, id, oneOf, text, toggle } from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { sortFlag } from '../list-refine.js';
import { watchFlag } from '../watch-flag.js';
import { include, PHASE_HELP, PHASES, STEP_ID } from './step-flags.js';
import { STEP_VIEW } from './views.js';

export const list = verb({
  name: 'list',
  summary: 'list the tasks you can access',
  flags: () => ({
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
    watch: watchFlag(),
  }),
  details: `Filters marked client-side are applied by pwctl to the tasks it reads: the service gets only its own
(--company, --completed/--open, --has-due-date/--no-due-date). With them, --limit counts matching
tasks and pages are read until enough match. Dates: YYYY-MM-DD, today, tomorrow, +3d, +2w.`,
  examples: [
    'pwctl steps list --open --has-due-date',
    'pwctl steps list --project 31 --open --due-before +7d --sort due_date',
    'pwctl steps list --assignee maya --open --sort due_date --limit 5',
    'pwctl steps list --all -o ndjson | pwctl steps complete -',
    'pwctl steps list --fields id,title,phase.title,tags --include tags',
    'pwctl steps list --project 31 --open --watch 5s',
  ],
  mcp: true,
});

export const get = verb({
  name: 'get',
  summary: 'show one task',
  flags: () => ({ id: id('<id>', 'task id', STEP_ID), include, watch: watchFlag('<id>') }),
  examples: [
    'pwctl steps get 101 --include content,tags',
    'pwctl steps get 101 --fields content > notes.md',
    'pwctl steps get 101 --watch',
  ],
  mcp: true,
});

/** What `steps wait --until` waits for. */
export const WAIT_STATES = ['completed', 'open'] as const;

export const wait = verb({
  name: 'wait',
  summary: 'wait until a task is completed (or open again), as kubectl wait does',
  details: `Looks at the task every --interval (never faster than the service's rate limit allows) until it
is in the state --until names, then prints it and exits 0. Exit 7 when --wait-timeout passes first
(the contract's code for a timeout), 3 when the task does not exist or is deleted while waited
for, 130 on Ctrl-C. Without --wait-timeout it waits as long as it takes. (The global --timeout is
each request's deadline, not the wait's.)`,
  flags: () => ({
    id: id('<id>', 'task id', STEP_ID),
    until: oneOf('--until', WAIT_STATES, 'the state to wait for', { default: 'completed', field: false }),
    waitTimeout: duration('--wait-timeout', 'give up after this long: exit 7 (default: no limit)', {
      min: 1_000,
      max: 7 * 24 * 3_600_000,
      field: false,
    }),
    interval: duration('--interval', 'how often to look (never faster than the rate limit allows)', {
      default: 2_000,
      defaultText: '2s',
      min: 100,
      max: 3_600_000,
      field: false,
    }),
  }),
  examples: [
    'pwctl steps wait 108 --until completed --wait-timeout 30m && ./deploy.sh',
    'pwctl steps wait 101 --until open',
  ],
});
