import { ApiError } from '../../api/errors.js';
import { getStep, updateStep } from '../../api/steps.js';
import type { ApprovalStatus, UpdateStepBody } from '../../api/types.js';
import { bulkResultView } from '../../bulk/results.js';
import type { RunOf } from '../declare.js';
import type { complete } from './bulk-verbs.js';
import { AlreadyAsked, READ_FIRST_UP_TO } from './already.js';
import { askVerdicts, DEFAULT_VERDICT_NOTE, type AskedVerdicts } from './complete-verdict.js';
import { STEP_VIEW } from './views.js';

export const run: RunOf<typeof complete> = async (ctx, opts) => {
  // --dry-run shows the completions as they would be sent, and reads nothing.
  const readFirst = opts.ids.length <= READ_FIRST_UP_TO && !ctx.dryRun;
  // A person completing approval tasks without a verdict is asked for one, before anything is sent.
  const asked: AskedVerdicts | undefined =
    readFirst && !opts.verdict && ctx.ask ? await askVerdicts(await ctx.api(), ctx.ask, opts.ids) : undefined;
  const already = new AlreadyAsked('already completed');
  const verdictOnCompleted = new Set<number>();
  const defaultVerdict = new Set<number>();
  await ctx.bulk(
    opts.ids,
    async (client, id) => {
      const verdict = opts.verdict ?? asked?.verdicts.get(id);
      if (readFirst) {
        const current = asked?.read.get(id) ?? (await getStep(client, id));
        // A verdict may still be given to a completed approval task.
        if (current.completed && !verdict) {
          already.mark(id);
          return current;
        }
        if (current.completed) verdictOnCompleted.add(id);
      }
      const body: UpdateStepBody = verdict ? { completed: true, approval_status: verdict } : { completed: true };
      try {
        const updated = await updateStep(client, id, body);
        if (!verdict && updated.is_approval) defaultVerdict.add(id);
        return updated;
      } catch (error) {
        throw verdict ? explainVerdictRejection(error, id, verdict) : error;
      }
    },
    {
      done: 'completed',
      concurrency: opts.concurrency,
      view: bulkResultView(STEP_VIEW),
      key: (id) =>
        verdictOnCompleted.has(id)
          ? { id, more: { note: 'was already completed' } }
          : defaultVerdict.has(id)
            ? { id, more: { note: DEFAULT_VERDICT_NOTE } }
            : already.key(id),
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
