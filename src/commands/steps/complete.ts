import { ApiError } from '../../api/errors.js';
import { getStep, updateStep } from '../../api/steps.js';
import type { ApprovalStatus, UpdateStepBody } from '../../api/types.js';
import { bulkResultView } from '../../bulk/results.js';
import type { RunOf } from '../declare.js';
import type { complete } from './bulk-verbs.js';
import { AlreadyAsked, READ_FIRST_UP_TO } from './already.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof complete> = async (ctx, opts) => {
  const verdict = opts.verdict;
  const body: UpdateStepBody = verdict ? { completed: true, approval_status: verdict } : { completed: true };
  // --dry-run shows the completions as they would be sent, and reads nothing.
  const readFirst = opts.ids.length <= READ_FIRST_UP_TO && !ctx.dryRun;
  const already = new AlreadyAsked('already completed');
  const verdictOnCompleted = new Set<number>();
  await ctx.bulk(
    opts.ids,
    async (client, id) => {
      if (readFirst) {
        const current = await getStep(client, id);
        // A verdict may still be given to a completed approval task.
        if (current.completed && !verdict) {
          already.mark(id);
          return current;
        }
        if (current.completed) verdictOnCompleted.add(id);
      }
      try {
        return await updateStep(client, id, body);
      } catch (error) {
        throw verdict ? explainVerdictRejection(error, id, verdict) : error;
      }
    },
    {
      done: 'completed',
      concurrency: opts.concurrency,
      view: bulkResultView(STEP_VIEW),
      key: (id) => (verdictOnCompleted.has(id) ? { id, more: { note: 'was already completed' } } : already.key(id)),
      unchanged: already.unchanged,
    },
  );
};

/** The service's 422 on approval_status for a plain task, said in pwctl's terms. */
function explainVerdictRejection(error: unknown, id: number, verdict: ApprovalStatus): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'validation' || !error.errors?.approval_status) return error;
  const flag = verdict === 'approved' ? '--approve' : '--reject';
  return error.with({
    message: `task ${id} refused ${flag}: a verdict applies only to approval tasks (complete it without ${flag}, or make it an approval task first with \`pwctl steps update ${id} --approval\`)`,
  });
}
