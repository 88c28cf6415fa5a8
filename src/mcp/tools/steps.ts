// Tasks (steps): the tools over src/api/steps.ts, with the steps commands' view and rules.
import { createStep, deleteStep, getStep, listSteps, reorderStep, updateStep } from '../../api/steps.js';
import { APPROVAL_STATUSES, STEP_INCLUDES, type ApprovalStatus, type ReorderStepBody, type StepInclude, type UpdateStepBody } from '../../api/types.js';
import { includesFor } from '../../commands/steps/options.js';
import { STEP_VIEW } from '../../commands/steps/views.js';
import { UsageError } from '../../errors.js';
import { defined, id, ids, optionalDate, optionalFlag, optionalId, optionalText, optionalTitle, requireSome } from '../checks.js';
import { eachItem, fieldsFor, limitOf, listData, shaped } from '../records.js';
import { DATE, FIELDS, FLAG, ID, IDS, LIMIT, object, oneOf, TEXT } from '../schema.js';
import type { Args, Tool } from '../tool.js';

const INCLUDE = { type: 'array', items: oneOf(STEP_INCLUDES) };
const UPDATABLE = ['title', 'content', 'due_date', 'published', 'is_approval', 'phase_id', 'allow_removing_attachments'];

/** The includes a request needs: those asked for, plus content/tags when `fields` names them. */
function includesOf(args: Args, fields: readonly string[] | undefined): StepInclude[] | undefined {
  return includesFor((args.include as string[] | undefined)?.join(','), fields);
}

export const STEP_TOOLS: Tool[] = [
  {
    name: 'steps_list',
    description: 'List tasks.',
    inputSchema: object({ company_id: ID, completed: FLAG, has_due_date: FLAG, include: INCLUDE, limit: LIMIT, fields: FIELDS }),
    writes: false,
    async run(args, ctx) {
      const fields = fieldsFor(args, STEP_VIEW);
      const filters = {
        companyId: optionalId(args, 'company_id') ?? ctx.company,
        completed: optionalFlag(args, 'completed'),
        hasDueDate: optionalFlag(args, 'has_due_date'),
        include: includesOf(args, fields),
      };
      const client = await ctx.api();
      return listData(fields, (result) => listSteps(client, filters, limitOf(args), result));
    },
  },
  {
    name: 'steps_get',
    description: 'Get a task.',
    inputSchema: object({ id: ID, include: INCLUDE, fields: FIELDS }, ['id']),
    writes: false,
    async run(args, ctx) {
      const fields = fieldsFor(args, STEP_VIEW);
      const stepId = id(args, 'id');
      const client = await ctx.api();
      return { data: shaped(await getStep(client, stepId, includesOf(args, fields)), fields) };
    },
  },
  {
    name: 'steps_create',
    description: 'Create a task in a phase.',
    inputSchema: object({ phase_id: ID, title: TEXT, content: TEXT, due_date: DATE, published: FLAG, is_approval: FLAG, completed: FLAG }, ['phase_id', 'title']),
    writes: true,
    async run(args, ctx) {
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
    },
  },
  {
    name: 'steps_update',
    description: 'Change fields of a task; due_date null clears it.',
    inputSchema: object(
      { id: ID, title: TEXT, content: TEXT, due_date: { type: ['string', 'null'] }, published: FLAG, is_approval: FLAG, phase_id: ID, allow_removing_attachments: FLAG },
      ['id'],
    ),
    writes: true,
    async run(args, ctx) {
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
    },
  },
  {
    name: 'steps_complete',
    description: 'Complete tasks; approval tasks may take a verdict.',
    inputSchema: object({ ids: IDS, approval_status: oneOf(APPROVAL_STATUSES) }, ['ids']),
    writes: true,
    async run(args, ctx) {
      const stepIds = ids(args, 'ids');
      const verdict = args.approval_status as ApprovalStatus | undefined;
      const body: UpdateStepBody = verdict ? { completed: true, approval_status: verdict } : { completed: true };
      const client = await ctx.api();
      return eachItem(client, stepIds, (stepId) => updateStep(client, stepId, body));
    },
  },
  {
    name: 'steps_reopen',
    description: 'Reopen completed tasks.',
    inputSchema: object({ ids: IDS }, ['ids']),
    writes: true,
    async run(args, ctx) {
      const stepIds = ids(args, 'ids');
      const client = await ctx.api();
      return eachItem(client, stepIds, (stepId) => updateStep(client, stepId, { completed: false }));
    },
  },
  {
    name: 'steps_move',
    description: 'Move a task to another phase.',
    inputSchema: object({ id: ID, phase_id: ID }, ['id', 'phase_id']),
    writes: true,
    async run(args, ctx) {
      const [stepId, phaseId] = [id(args, 'id'), id(args, 'phase_id')];
      return { data: await updateStep(await ctx.api(), stepId, { phase_id: phaseId }) };
    },
  },
  {
    name: 'steps_reorder',
    description: 'Reposition a task in its phase: position, or after_step_id.',
    inputSchema: object({ id: ID, position: oneOf(['first', 'last']), after_step_id: ID }, ['id']),
    writes: true,
    async run(args, ctx) {
      const stepId = id(args, 'id');
      const after = optionalId(args, 'after_step_id');
      if ((args.position === undefined) === (after === undefined)) throw new UsageError('give exactly one of position or after_step_id');
      if (after === stepId) throw new UsageError('after_step_id must name another task of the same phase');
      const body: ReorderStepBody = after === undefined ? { position: args.position as 'first' | 'last' } : { after_step_id: after };
      return { data: await reorderStep(await ctx.api(), stepId, body) };
    },
  },
  {
    name: 'steps_delete',
    description: 'Delete tasks permanently.',
    inputSchema: object({ ids: IDS }, ['ids']),
    writes: true,
    async run(args, ctx) {
      const stepIds = ids(args, 'ids');
      const client = await ctx.api();
      return eachItem(client, stepIds, async (stepId) => void (await deleteStep(client, stepId)));
    },
  },
];
