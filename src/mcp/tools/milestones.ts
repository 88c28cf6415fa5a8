// Milestones: the tools over src/api/milestones.ts, with the milestones commands' view and checks.
import { createMilestone, deleteMilestone, getMilestone, listMilestones, updateMilestone } from '../../api/milestones.js';
import { MAX_MILESTONE_TITLE, type CreateMilestoneBody, type UpdateMilestoneBody } from '../../api/types.js';
import { MILESTONE_VIEW } from '../../commands/milestones/views.js';
import { parseHexColor, requireMaxLength } from '../../validate.js';
import { defined, id, ids, optionalDate, optionalId, optionalText, optionalTitle, requireSome } from '../checks.js';
import { eachItem, fieldsFor, limitOf, listData, shaped } from '../records.js';
import { DATE, FIELDS, ID, IDS, LIMIT, object, TEXT } from '../schema.js';
import type { Args, Tool } from '../tool.js';

const TITLE = { type: 'string', maxLength: MAX_MILESTONE_TITLE };
const COLOR = { type: 'string', description: 'hex, e.g. #1e90ff' };

function title(args: Args): string | undefined {
  const value = optionalTitle(args);
  return value === undefined ? undefined : requireMaxLength(value, MAX_MILESTONE_TITLE, 'title');
}

function color(args: Args): string | undefined {
  return args.color === undefined ? undefined : parseHexColor(args.color as string, 'color');
}

export const MILESTONE_TOOLS: Tool[] = [
  {
    name: 'milestones_list',
    description: 'List milestones by due date.',
    inputSchema: object({ company_id: ID, project_id: ID, limit: LIMIT, fields: FIELDS }),
    writes: false,
    async run(args, ctx) {
      const fields = fieldsFor(args, MILESTONE_VIEW);
      const filters = { company_id: optionalId(args, 'company_id') ?? ctx.company, project_id: optionalId(args, 'project_id') };
      const client = await ctx.api();
      return listData(fields, (result) => listMilestones(client, filters, limitOf(args), result));
    },
  },
  {
    name: 'milestones_get',
    description: 'Get a milestone.',
    inputSchema: object({ id: ID, fields: FIELDS }, ['id']),
    writes: false,
    async run(args, ctx) {
      const fields = fieldsFor(args, MILESTONE_VIEW);
      const milestoneId = id(args, 'id');
      return { data: shaped(await getMilestone(await ctx.api(), milestoneId), fields) };
    },
  },
  {
    name: 'milestones_create',
    description: 'Create a milestone on a project.',
    inputSchema: object({ project_id: ID, title: TITLE, due_date: DATE, description: TEXT, color: COLOR }, ['project_id', 'title', 'due_date']),
    writes: true,
    async run(args, ctx) {
      const body: CreateMilestoneBody = defined({
        title: title(args)!,
        due_date: optionalDate(args, 'due_date')!,
        project_id: id(args, 'project_id'),
        description: optionalText(args, 'description'),
        color: color(args),
      });
      return { data: await createMilestone(await ctx.api(), body) };
    },
  },
  {
    name: 'milestones_update',
    description: 'Change a milestone.',
    inputSchema: object({ id: ID, title: TITLE, due_date: DATE, description: TEXT, color: COLOR }, ['id']),
    writes: true,
    async run(args, ctx) {
      const milestoneId = id(args, 'id');
      const body: UpdateMilestoneBody = defined({ title: title(args), due_date: optionalDate(args, 'due_date'), description: optionalText(args, 'description'), color: color(args) });
      requireSome(body, ['title', 'due_date', 'description', 'color']);
      return { data: await updateMilestone(await ctx.api(), milestoneId, body) };
    },
  },
  {
    name: 'milestones_delete',
    description: 'Delete milestones permanently.',
    inputSchema: object({ ids: IDS }, ['ids']),
    writes: true,
    async run(args, ctx) {
      const milestoneIds = ids(args, 'ids');
      const client = await ctx.api();
      return eachItem(client, milestoneIds, async (milestoneId) => void (await deleteMilestone(client, milestoneId)));
    },
  },
];
