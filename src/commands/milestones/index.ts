// Milestones: every verb, declared once. Their run functions are the files beside this one.
import { MAX_MILESTONE_TITLE } from '../../api/types.js';
import { CONCURRENCY } from '../bulk-flags.js';
import { bind, nounBody, verb } from '../declare.js';
import { color, date, id, ids, text } from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { sortFlag } from '../list-refine.js';
import { pickMilestone, pickProject } from '../pick.js';
import { watchFlag } from '../watch-flag.js';
import { MILESTONE_VIEW } from './views.js';

const MILESTONE_ID = { required: true, complete: { ids: 'milestones' }, prompt: pickMilestone() } as const;

export const list = verb({
  name: 'list',
  summary: 'list milestones, ordered by due date',
  flags: () => ({
    company: id('--company', 'milestones of this company (default: `pwctl config get company`)', {
      field: 'company_id',
    }),
    project: id('--project', 'milestones of this project', { field: 'project_id', complete: { ids: 'projects' } }),
    search: text('--search', 'only milestones whose title holds every word of this, any case (client-side)', {
      nonEmpty: true,
    }),
    sort: sortFlag(MILESTONE_VIEW),
    ...LIST_FLAGS,
    watch: watchFlag(),
  }),
  examples: [
    'pwctl milestones list --project 31',
    'pwctl milestones list --all -o csv > milestones.csv',
    'pwctl milestones list --project 31 --watch 10s',
  ],
  mcp: { description: 'List milestones by due date.' },
});

export const get = verb({
  name: 'get',
  summary: 'show one milestone',
  flags: () => ({ id: id('<id>', 'milestone id', MILESTONE_ID), watch: watchFlag('<id>') }),
  examples: ['pwctl milestones get 76', 'pwctl milestones get 76 --watch'],
  mcp: true,
});

export const create = verb({
  name: 'create',
  summary: 'add a milestone to a project',
  flags: () => ({
    project: id('--project', 'project (ids: `pwctl projects list`)', {
      required: true,
      field: 'project_id',
      complete: { ids: 'projects' },
      prompt: pickProject('Project of the new milestone'),
    }),
    title: text('--title', `title, at most ${MAX_MILESTONE_TITLE} characters`, {
      required: true,
      nonEmpty: true,
      maxLength: MAX_MILESTONE_TITLE,
      placeholder: '<t>',
    }),
    due: date('--due', 'due date', { required: true, field: 'due_date' }),
    description: text('--description', 'description'),
    color: color('--color', 'hex colour, e.g. #7c3aed'),
  }),
  examples: ['pwctl milestones create --project 31 --title Launch --due 2026-05-01 --color "#16a34a"'],
  effects: { writes: true },
  mcp: { description: 'Create a milestone on a project.' },
});

export const update = verb({
  name: 'update',
  summary: 'change a milestone',
  flags: () => ({
    id: id('<id>', 'milestone id', MILESTONE_ID),
    title: text('--title', `new title, at most ${MAX_MILESTONE_TITLE} characters`, {
      nonEmpty: true,
      maxLength: MAX_MILESTONE_TITLE,
      placeholder: '<t>',
    }),
    due: date('--due', 'new due date', { field: 'due_date' }),
    description: text('--description', 'new description'),
    color: color('--color', 'new hex colour'),
  }),
  examples: ['pwctl milestones update 76 --due 2026-06-01'],
  effects: { writes: true },
  rules: [{ anyOf: ['title', 'due', 'description', 'color'], what: 'nothing to update' }],
  mcp: true,
});

export const remove = verb({
  name: 'delete',
  summary: 'delete milestones permanently; asks first, or pass --yes',
  flags: () => ({
    ids: ids('<id...>', 'milestone ids, or - to read them from standard input (one per line, or JSON with "id")', {
      ...MILESTONE_ID,
      prompt: pickMilestone('Milestones to delete'),
    }),
    concurrency: CONCURRENCY,
  }),
  examples: ['pwctl milestones delete 76 --yes'],
  effects: { writes: true, confirms: true },
  mcp: { description: 'Delete milestones permanently.' },
});

export const milestones = nounBody({
  examples: [
    'pwctl milestones list --project 31',
    'pwctl milestones create --project 31 --title "Beta" --due 2026-12-01 --color \'#1e90ff\'',
    'pwctl milestones delete 5 --yes',
  ],
  commands: [
    bind(list, () => import('./list.js')),
    bind(get, () => import('./get.js')),
    bind(create, () => import('./create.js')),
    bind(update, () => import('./update.js')),
    bind(remove, () => import('./delete.js')),
  ],
});
