// The verdict of an approval task completed without --approve or --reject. The service
// records "approved" then (the reference: approval_status becomes approved unless a verdict
// is sent). On a terminal, a small batch is read first anyway (./already.ts): each open
// approval task in it is asked about, approved first, so Enter keeps the default. Elsewhere —
// a script, a long batch, an agent — nothing is asked, and the result of each approval task
// completed so says `approved (the default verdict)`.
import type { ApiClient } from '../../api/client.js';
import { getStep } from '../../api/steps.js';
import type { ApprovalStatus, Step } from '../../api/types.js';
import type { Asker } from '../context.js';
import type { Choice } from '../flags.js';

export const DEFAULT_VERDICT_NOTE = 'approved (the default verdict)';

const VERDICTS: readonly Choice[] = [
  { value: 'approved', label: 'approved', hint: '--approve; the default' },
  { value: 'not_approved', label: 'not approved', hint: '--reject' },
];

/** The tasks read before the batch, and the verdicts given for the open approval tasks among them. */
export interface AskedVerdicts {
  read: Map<number, Step>;
  verdicts: Map<number, ApprovalStatus>;
}

/**
 * Read each task and ask the verdict of each open approval task, before anything is sent. A
 * task that cannot be read is left to the batch, which reads it again and reports it.
 */
export async function askVerdicts(client: ApiClient, ask: Asker, ids: readonly number[]): Promise<AskedVerdicts> {
  const read = new Map<number, Step>();
  const settled = await Promise.allSettled(ids.map((id) => getStep(client, id)));
  settled.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') read.set(ids[i]!, outcome.value);
  });
  const verdicts = new Map<number, ApprovalStatus>();
  for (const step of read.values()) {
    if (!step.is_approval || step.completed || verdicts.has(step.id)) continue;
    const answer = await ask.choose(`Verdict for approval task ${JSON.stringify(step.title)} (${step.id})`, VERDICTS);
    verdicts.set(step.id, answer as ApprovalStatus);
  }
  return { read, verdicts };
}
