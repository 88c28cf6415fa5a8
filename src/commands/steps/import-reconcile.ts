// Lines whose create went out without an answer (a lost connection, a timeout, a 5xx, a run
// killed mid-request) may or may not have created their task, and the API has no
// idempotency key to ask with. So nothing is sent again blindly: the tasks are looked up —
// one pass over the task list — by phase and title, created no earlier than shortly before
// the line was sent, and not already recorded for another line. As many matches as lines:
// those are the tasks. None: nothing was created, and the lines are sent now. Anything else
// cannot be told apart, and the lines are left to the user.
import type { ApiClient } from '../../api/client.js';
import { listSteps } from '../../api/steps.js';
import type { ImportRow } from './import-row.js';

/** Allowance for the service's clock running behind ours: a task it stamped a little before we sent still counts. */
const CLOCK_SKEW_ALLOWANCE_MS = 10 * 60 * 1000;

export interface UnknownLine {
  row: ImportRow;
  sentAt: string;
}

/** Per line: the task it created, null when it created none, or why it cannot be told. */
export type Resolution = number | null | { undecided: string };

export async function reconcileUnknownLines(client: ApiClient, unknown: readonly UnknownLine[], claimed: ReadonlySet<number>): Promise<Map<number, Resolution>> {
  const groups = new Map<string, UnknownLine[]>();
  for (const entry of unknown) {
    const key = groupKey(entry.row.body.phase_id, entry.row.body.title);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const earliest = new Map([...groups].map(([key, lines]) => [key, Math.min(...lines.map((l) => Date.parse(l.sentAt))) - CLOCK_SKEW_ALLOWANCE_MS]));
  const candidates = new Map<string, number[]>();
  for await (const step of listSteps(client, {}, 'all')) {
    const key = groupKey(step.phase?.id, step.title);
    const since = earliest.get(key);
    if (since === undefined || claimed.has(step.id) || !(Date.parse(step.created_at) >= since)) continue;
    candidates.set(key, [...(candidates.get(key) ?? []), step.id]);
  }

  const resolutions = new Map<number, Resolution>();
  for (const [key, entries] of groups) {
    const found = (candidates.get(key) ?? []).sort((a, b) => a - b);
    const lines = entries.map((e) => e.row.line).sort((a, b) => a - b);
    if (found.length === 0) lines.forEach((line) => resolutions.set(line, null));
    else if (found.length === lines.length) lines.forEach((line, i) => resolutions.set(line, found[i]!));
    else {
      const { title, phase_id } = entries[0]!.row.body;
      const undecided = `outcome unknown: an earlier run sent this create without an answer, and ${found.length} task(s) titled ${JSON.stringify(title)} in phase ${phase_id} (ids ${found.join(', ')}) were created since, for ${lines.length} such line(s); check them with \`pwctl steps list --all --fields id,title,phase.id,created_at\`, then record the right one in the results file as {"line": n, "id": <task id>} (or {"line": n, "id": null} to create it again)`;
      lines.forEach((line) => resolutions.set(line, { undecided }));
    }
  }
  return resolutions;
}

function groupKey(phaseId: number | undefined, title: string): string {
  return `${phaseId}\u0000${title}`;
}
