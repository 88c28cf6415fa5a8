// PUT /api/v1/steps/{id}: edits, completion and the approval flow, and moves between phases.
// Client users may only complete, approve or reopen.
import { APPROVAL_STATUSES } from '../../../api/types.js';
import { isTeam } from '../../access.js';
import { dueDateTimestamp, nowTimestamp } from '../../clock.js';
import { forbidden } from '../../http-error.js';
import { preserveMarkers } from '../../markdown.js';
import { ok, type ApiContext } from '../../routing.js';
import { BodyValidator, bodyObject } from '../../validate.js';
import { findStep, usablePhase } from './access.js';
import { emitTaskEvent, presentStep } from './present.js';
import { renumber, stepsInPhase } from './reorder.js';

const CLIENT_EDITABLE = new Set(['completed', 'approval_status']);

export function updateStep(ctx: ApiContext) {
  const step = findStep(ctx);
  const body = bodyObject(ctx.body);
  if (!isTeam(ctx.user) && Object.keys(body).some((k) => !CLIENT_EDITABLE.has(k))) {
    throw forbidden('Client users can only complete, approve or reopen tasks.');
  }
  const v = new BodyValidator(body);
  const title = v.string('title', { filled: true });
  const content = v.string('content');
  const completed = v.boolean('completed');
  const published = v.boolean('published');
  const isApproval = v.boolean('is_approval');
  const approvalStatus = v.oneOf('approval_status', APPROVAL_STATUSES);
  const dueDate = v.date('due_date', { nullable: true });
  const phaseId = v.integer('phase_id');
  const allowRemoving = v.boolean('allow_removing_attachments') ?? false;
  if (typeof phaseId === 'number' && !usablePhase(ctx.state, ctx.user, phaseId)) {
    v.fail('phase_id', 'The selected phase id is invalid.');
  }
  if (approvalStatus !== undefined) {
    if (!(isApproval ?? step.is_approval)) {
      v.fail('approval_status', 'The approval status field is only valid for approval tasks.');
    } else if (!(completed === true || (completed === undefined && step.completed))) {
      v.fail(
        'approval_status',
        'The approval status field is only valid together with completed: true, or on an already completed approval task.',
      );
    }
  }
  v.check();

  const now = nowTimestamp();
  const previousDue = step.due_date;
  let justCompleted = false;
  if (title !== undefined && title !== null) step.title = title;
  if (content !== undefined && content !== null) {
    step.content = allowRemoving ? content : preserveMarkers(step.content, content);
  }
  if (published !== undefined) step.published = published;
  if (isApproval !== undefined) step.is_approval = isApproval;
  if (completed === true && !step.completed) {
    step.completed = true;
    step.completed_at = now;
    justCompleted = true;
  } else if (completed === false && step.completed) {
    step.completed = false;
    step.completed_at = null;
  }
  if (step.is_approval && step.completed) step.approval_status = approvalStatus ?? step.approval_status ?? 'approved';
  else step.approval_status = null;
  const dueChanged = dueDate !== undefined && dueDate !== previousDue;
  if (dueChanged) step.due_date = dueDate;
  if (typeof phaseId === 'number' && phaseId !== step.phase_id) {
    const oldPhase = step.phase_id;
    step.phase_id = phaseId;
    step.order = Number.MAX_SAFE_INTEGER;
    renumber(stepsInPhase(ctx.state, oldPhase));
    renumber(stepsInPhase(ctx.state, phaseId));
  }
  step.updated_at = now;

  if (justCompleted) emitTaskEvent(ctx, 'task.completed', step, { completed_at: step.completed_at });
  if (dueChanged) {
    emitTaskEvent(ctx, 'task.due_date_updated', step, {
      previous_due_date: dueDateTimestamp(previousDue),
      due_date_updated_at: now,
    });
  }
  return ok({ data: presentStep(ctx.state, step) });
}
