// Tasks (steps): what tools/list shows. The run functions are in steps-run.ts, loaded at
// the first call, so a server answers initialize without loading the API modules.
import { APPROVAL_STATUSES, STEP_INCLUDES } from '../../api/types.js';
import { DATE, FIELDS, FLAG, ID, IDS, LIMIT, object, oneOf, TEXT } from '../schema.js';
import type { Tool } from '../tool.js';

const INCLUDE = { type: 'array', items: oneOf(STEP_INCLUDES) };

export const STEP_TOOLS: Tool[] = [
  {
    name: 'steps_list',
    description: 'List tasks.',
    inputSchema: object({ company_id: ID, completed: FLAG, has_due_date: FLAG, include: INCLUDE, limit: LIMIT, fields: FIELDS }),
    writes: false,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsList(args, ctx),
  },
  {
    name: 'steps_get',
    description: 'Get a task.',
    inputSchema: object({ id: ID, include: INCLUDE, fields: FIELDS }, ['id']),
    writes: false,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsGet(args, ctx),
  },
  {
    name: 'steps_create',
    description: 'Create a task in a phase.',
    inputSchema: object({ phase_id: ID, title: TEXT, content: TEXT, due_date: DATE, published: FLAG, is_approval: FLAG, completed: FLAG }, ['phase_id', 'title']),
    writes: true,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsCreate(args, ctx),
  },
  {
    name: 'steps_update',
    description: 'Change fields of a task; due_date null clears it.',
    inputSchema: object(
      { id: ID, title: TEXT, content: TEXT, due_date: { type: ['string', 'null'] }, published: FLAG, is_approval: FLAG, phase_id: ID, allow_removing_attachments: FLAG },
      ['id'],
    ),
    writes: true,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsUpdate(args, ctx),
  },
  {
    name: 'steps_complete',
    description: 'Complete tasks; approval tasks may take a verdict.',
    inputSchema: object({ ids: IDS, approval_status: oneOf(APPROVAL_STATUSES) }, ['ids']),
    writes: true,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsComplete(args, ctx),
  },
  {
    name: 'steps_reopen',
    description: 'Reopen completed tasks.',
    inputSchema: object({ ids: IDS }, ['ids']),
    writes: true,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsReopen(args, ctx),
  },
  {
    name: 'steps_move',
    description: 'Move a task to another phase.',
    inputSchema: object({ id: ID, phase_id: ID }, ['id', 'phase_id']),
    writes: true,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsMove(args, ctx),
  },
  {
    name: 'steps_reorder',
    description: 'Reposition a task in its phase: position, or after_step_id.',
    inputSchema: object({ id: ID, position: oneOf(['first', 'last']), after_step_id: ID }, ['id']),
    writes: true,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsReorder(args, ctx),
  },
  {
    name: 'steps_delete',
    description: 'Delete tasks permanently.',
    inputSchema: object({ ids: IDS }, ['ids']),
    writes: true,
    run: async (args, ctx) => (await import('./steps-run.js')).stepsDelete(args, ctx),
  },
];
