// Milestones: what tools/list shows (run functions in milestones-run.ts, loaded at the first call).
import { MAX_MILESTONE_TITLE } from '../../api/types.js';
import { DATE, FIELDS, ID, IDS, LIMIT, object, TEXT } from '../schema.js';
import type { Tool } from '../tool.js';

const TITLE = { type: 'string', maxLength: MAX_MILESTONE_TITLE };
const COLOR = { type: 'string', description: 'hex, e.g. #1e90ff' };

export const MILESTONE_TOOLS: Tool[] = [
  {
    name: 'milestones_list',
    description: 'List milestones by due date.',
    inputSchema: object({ company_id: ID, project_id: ID, limit: LIMIT, fields: FIELDS }),
    writes: false,
    run: async (args, ctx) => (await import('./milestones-run.js')).milestonesList(args, ctx),
  },
  {
    name: 'milestones_get',
    description: 'Get a milestone.',
    inputSchema: object({ id: ID, fields: FIELDS }, ['id']),
    writes: false,
    run: async (args, ctx) => (await import('./milestones-run.js')).milestonesGet(args, ctx),
  },
  {
    name: 'milestones_create',
    description: 'Create a milestone on a project.',
    inputSchema: object({ project_id: ID, title: TITLE, due_date: DATE, description: TEXT, color: COLOR }, ['project_id', 'title', 'due_date']),
    writes: true,
    run: async (args, ctx) => (await import('./milestones-run.js')).milestonesCreate(args, ctx),
  },
  {
    name: 'milestones_update',
    description: 'Change a milestone.',
    inputSchema: object({ id: ID, title: TITLE, due_date: DATE, description: TEXT, color: COLOR }, ['id']),
    writes: true,
    run: async (args, ctx) => (await import('./milestones-run.js')).milestonesUpdate(args, ctx),
  },
  {
    name: 'milestones_delete',
    description: 'Delete milestones permanently.',
    inputSchema: object({ ids: IDS }, ['ids']),
    writes: true,
    run: async (args, ctx) => (await import('./milestones-run.js')).milestonesDelete(args, ctx),
  },
];
