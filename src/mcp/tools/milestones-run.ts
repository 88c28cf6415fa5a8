// Milestones: the tools' run functions, over src/api/milestones.ts with the milestones
// commands' view and checks.
import { createMilestone, deleteMilestone, getMilestone, listMilestones, updateMilestone } from '../../api/milestones.js';
import { MAX_MILESTONE_TITLE, type CreateMilestoneBody, type UpdateMilestoneBody } from '../../api/types.js';
import { MILESTONE_VIEW } from '../../commands/milestones/views.js';
import { parseHexColor, requireMaxLength } from '../../validate.js';
import { defined, id, ids, optionalDate, optionalId, optionalText, optionalTitle, requireSome } from '../checks.js';
import { eachItem, fieldsFor, limitOf, listData, shaped } from '../records.js';
import type { Args, ToolContext, ToolData } from '../tool.js';

function title(args: Args): string | undefined {
  const value = optionalTitle(args);
  return value === undefined ? undefined : requireMaxLength(value, MAX_MILESTONE_TITLE, 'title');
}

function color(args: Args): string | undefined {
  return args.color === undefined ? undefined : parseHexColor(args.color as string, 'color');
}

export async function milestonesList(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, MILESTONE_VIEW);
  const filters = { company_id: optionalId(args, 'company_id') ?? ctx.company, project_id: optionalId(args, 'project_id') };
  const client = await ctx.api();
  return listData(fields, (result) => listMilestones(client, filters, limitOf(args), result));
}

export async function milestonesGet(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, MILESTONE_VIEW);
  const milestoneId = id(args, 'id');
  return { data: shaped(await getMilestone(await ctx.api(), milestoneId), fields) };
}

export async function milestonesCreate(args: Args, ctx: ToolContext): Promise<ToolData> {
  const body: CreateMilestoneBody = defined({
    title: title(args)!,
    due_date: optionalDate(args, 'due_date')!,
    project_id: id(args, 'project_id'),
    description: optionalText(args, 'description'),
    color: color(args),
  });
  return { data: await createMilestone(await ctx.api(), body) };
}

export async function milestonesUpdate(args: Args, ctx: ToolContext): Promise<ToolData> {
  const milestoneId = id(args, 'id');
  const body: UpdateMilestoneBody = defined({ title: title(args), due_date: optionalDate(args, 'due_date'), description: optionalText(args, 'description'), color: color(args) });
  requireSome(body, ['title', 'due_date', 'description', 'color']);
  return { data: await updateMilestone(await ctx.api(), milestoneId, body) };
}

export async function milestonesDelete(args: Args, ctx: ToolContext): Promise<ToolData> {
  const milestoneIds = ids(args, 'ids');
  const client = await ctx.api();
  return eachItem(client, milestoneIds, async (milestoneId) => void (await deleteMilestone(client, milestoneId)));
}
