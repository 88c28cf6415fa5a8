// Tasks (steps): the tools' run functions, over src/api/steps.ts with the steps commands'
// view and rules.
import { createStep, deleteStep, getStep, listSteps, reorderStep, updateStep } from '../../api/steps.js';
import type { ApprovalStatus, ReorderStepBody, StepInclude, UpdateStepBody } from '../../api/types.js';
import { includesFor } from '../../commands/steps/options.js';
import { STEP_VIEW } from '../../commands/steps/views.js';
import { UsageError } from '../../errors.js';
import { defined, id, ids, optionalDate, optionalFlag, optionalId, optionalText, optionalTitle, requireSome } from '../checks.js';
import { eachItem, fieldsFor, limitOf, listData, shaped } from '../records.js';
import type { Args, ToolContext, ToolData } from '../tool.js';

const UPDATABLE = ['title', 'content', 'due_date', 'published', 'is_approval', 'phase_id', 'allow_removing_attachments'];

/** The includes a request needs: those asked for, plus content/tags when `fields` names them. */
function includesOf(args: Args, fields: readonly string[] | undefined): StepInclude[] | undefined {
  return includesFor((args.include as string[] | undefined)?.join(','), fields);
}

export async function stepsList(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, STEP_VIEW);
  const filters = {
    companyId: optionalId(args, 'company_id') ?? ctx.company,
    completed: optionalFlag(args, 'completed'),
    hasDueDate: optionalFlag(args, 'has_due_date'),
    include: includesOf(args, fields),
  };
  const client = await ctx.api();
  return listData(fields, (result) => listSteps(client, filters, limitOf(args), result));
}

export async function stepsGet(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, STEP_VIEW);
  const stepId = id(args, 'id');
  const client = await ctx.api();
  return { data: shaped(await getStep(client, stepId, includesOf(args, fields)), fields) };
}

export async function stepsCreate(args: Args, ctx: ToolContext): Promise<ToolData> {
  const body = defined({
    title: optionalTitle(args)!,
    phase_id: id(args, 'phase_id'),
    content: optionalText(args, 'content'),
    due_date: optionalDate(args, 'due_date'),
    published: optionalFlag(args, 'published'),
    is_approval: optionalFlag(args, 'is_approval'),
    completed: optionalFlag(args, 'completed'),
  });
  return { data: await createStep(await ctx.api(), body) };
}

export async function stepsUpdate(args: Args, ctx: ToolContext): Promise<ToolData> {
  const stepId = id(args, 'id');
  const body: UpdateStepBody = defined({
    title: optionalTitle(args),
    content: optionalText(args, 'content'),
    due_date: args.due_date === null ? null : optionalDate(args, 'due_date'),
    published: optionalFlag(args, 'published'),
    is_approval: optionalFlag(args, 'is_approval'),
    phase_id: optionalId(args, 'phase_id'),
    allow_removing_attachments: optionalFlag(args, 'allow_removing_attachments'),
  });
  requireSome(body, UPDATABLE);
  if (body.allow_removing_attachments !== undefined && body.content === undefined) throw new UsageError('allow_removing_attachments applies only with content');
  return { data: await updateStep(await ctx.api(), stepId, body) };
}

export async function stepsComplete(args: Args, ctx: ToolContext): Promise<ToolData> {
  const stepIds = ids(args, 'ids');
  const verdict = args.approval_status as ApprovalStatus | undefined;
  const body: UpdateStepBody = verdict ? { completed: true, approval_status: verdict } : { completed: true };
  const client = await ctx.api();
  return eachItem(client, stepIds, (stepId) => updateStep(client, stepId, body));
}

export async function stepsReopen(args: Args, ctx: ToolContext): Promise<ToolData> {
  const stepIds = ids(args, 'ids');
  const client = await ctx.api();
  return eachItem(client, stepIds, (stepId) => updateStep(client, stepId, { completed: false }));
}

export async function stepsMove(args: Args, ctx: ToolContext): Promise<ToolData> {
  const [stepId, phaseId] = [id(args, 'id'), id(args, 'phase_id')];
  return { data: await updateStep(await ctx.api(), stepId, { phase_id: phaseId }) };
}

export async function stepsReorder(args: Args, ctx: ToolContext): Promise<ToolData> {
  const stepId = id(args, 'id');
  const after = optionalId(args, 'after_step_id');
  if ((args.position === undefined) === (after === undefined)) throw new UsageError('give exactly one of position or after_step_id');
  if (after === stepId) throw new UsageError('after_step_id must name another task of the same phase');
  const body: ReorderStepBody = after === undefined ? { position: args.position as 'first' | 'last' } : { after_step_id: after };
  return { data: await reorderStep(await ctx.api(), stepId, body) };
}

export async function stepsDelete(args: Args, ctx: ToolContext): Promise<ToolData> {
  const stepIds = ids(args, 'ids');
  const client = await ctx.api();
  return eachItem(client, stepIds, async (stepId) => void (await deleteStep(client, stepId)));
}
