import { ApiError } from '../../api/errors.js';
import { updateStep } from '../../api/steps.js';
import type { ApprovalStatus, UpdateStepBody } from '../../api/types.js';
import { bulkResultView } from '../../bulk/results.js';
import type { RunOf } from '../declare.js';
import type { complete } from './index.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof complete> = async (ctx, opts) => {
  const verdict = opts.verdict;
  // Completing a completed task is accepted by the service and changes nothing: not an error.
  const body: UpdateStepBody = verdict ? { completed: true, approval_status: verdict } : { completed: true };
  await ctx.bulk(
    opts.ids,
    async (client, id) => {
      try {
        return await updateStep(client, id, body);
      } catch (error) {
        throw verdict ? explainVerdictRejection(error, id, verdict) : error;
      }
    },
    { done: 'completed', concurrency: opts.concurrency, view: bulkResultView(STEP_VIEW) },
  );
};

/** The service's 422 on approval_status for a plain task, said in pwctl's terms. */
function explainVerdictRejection(error: unknown, id: number, verdict: ApprovalStatus): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'validation' || !error.errors?.approval_status) return error;
  const flag = verdict === 'approved' ? '--approve' : '--reject';
  return error.with({ message: `task ${id} refused ${flag}: a verdict applies only to approval tasks (complete it without ${flag}, or make it an approval task first with \`pwctl steps update ${id} --approval\`)` });
}
