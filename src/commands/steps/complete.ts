import { ApiError } from '../../api/errors.js';
import { updateStep } from '../../api/steps.js';
import type { ApprovalStatus, UpdateStepBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { readBulkIds } from '../bulk/ids.js';
import { bulkResultView } from '../bulk/results.js';
import { runBulk } from '../bulk/run-bulk.js';
import type { BulkFlags } from '../bulk/options.js';
import { atMostOne } from './options.js';
import { STEP_VIEW } from './views.js';

export interface CompleteOptions extends BulkFlags {
  approve?: boolean;
  reject?: boolean;
}

export async function run(ctx: Factory, idArgs: string[], opts: CompleteOptions): Promise<void> {
  atMostOne([['--approve', opts.approve === true], ['--reject', opts.reject === true]]);
  const verdict: ApprovalStatus | undefined = opts.approve ? 'approved' : opts.reject ? 'not_approved' : undefined;
  const ids = await readBulkIds(ctx, idArgs, parseId, '<id>');
  // Completing a completed task is accepted by the service and changes nothing: not an error.
  const body: UpdateStepBody = verdict ? { completed: true, approval_status: verdict } : { completed: true };
  const flag = opts.approve ? '--approve' : '--reject';
  await runBulk(
    ctx,
    ids,
    async (client, id) => {
      try {
        return await updateStep(client, id, body);
      } catch (error) {
        throw verdict ? explainVerdictRejection(error, id, flag) : error;
      }
    },
    { done: 'completed', concurrency: opts.concurrency, view: bulkResultView(STEP_VIEW) },
  );
}

/** The service's 422 on approval_status for a plain task, said in pwctl's terms. */
function explainVerdictRejection(error: unknown, id: number, flag: string): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'validation' || !error.errors?.approval_status) return error;
  return error.with({ message: `task ${id} refused ${flag}: a verdict applies only to approval tasks (complete it without ${flag}, or make it an approval task first with \`pwctl steps update ${id} --approval\`)` });
}
