// A task's position in its phase: 1-based and contiguous. New and moved tasks go last;
// POST /api/v1/steps/{id}/reorder puts one first, last, or after another.
import { requireTeam } from '../../access.js';
import { nowTimestamp } from '../../clock.js';
import { ok, type ApiContext } from '../../routing.js';
import type { SandboxState } from '../../state.js';
import { BodyValidator, bodyObject } from '../../validate.js';
import { canSeeStep, findStep } from './access.js';
import { presentStep } from './present.js';
import type { StepRecord } from './records.js';

export function stepsInPhase(state: SandboxState, phaseId: number): StepRecord[] {
  return Object.values(state.steps)
    .filter((s) => s.phase_id === phaseId)
    .sort((a, b) => a.order - b.order || a.id - b.id);
}

export function renumber(steps: StepRecord[]): void {
  steps.forEach((s, i) => {
    s.order = i + 1;
  });
}

export function reorderStep(ctx: ApiContext) {
  const step = findStep(ctx);
  requireTeam(ctx.user, 'Client users cannot reorder tasks.');
  const v = new BodyValidator(bodyObject(ctx.body));
  const position = v.oneOf('position', ['first', 'last'] as const);
  const afterId = v.integer('after_step_id');
  if (v.has('position') && v.has('after_step_id')) {
    v.fail('position', 'Send either position or after_step_id, not both.');
  } else if (!v.has('position') && !v.has('after_step_id')) {
    v.fail('position', 'The position field is required when after step id is not present.');
  }
  let after: StepRecord | undefined;
  if (typeof afterId === 'number') {
    after = ctx.state.steps[afterId];
    if (afterId === step.id) {
      v.fail('after_step_id', 'The after step id must be a different task.');
    } else if (!after || after.phase_id !== step.phase_id || !canSeeStep(ctx.state, ctx.user, after)) {
      v.fail('after_step_id', 'The after step id must be a task in the same phase.');
    }
  }
  v.check();

  const others = stepsInPhase(ctx.state, step.phase_id).filter((s) => s.id !== step.id);
  const index = after ? others.indexOf(after) + 1 : position === 'first' ? 0 : others.length;
  others.splice(index, 0, step);
  renumber(others);
  step.updated_at = nowTimestamp();
  return ok({ data: presentStep(ctx.state, step, { order: true }) });
}
