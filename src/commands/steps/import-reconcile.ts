// Lines whose create went out without an answer are looked up (src/bulk/unanswered-creates.ts)
// in one pass over the task list: by phase and title, created no earlier than shortly before
// the line was sent, and not already recorded for another line.
import type { ApiClient } from '../../api/client.js';
import { listSteps } from '../../api/steps.js';
import type { CreatedId } from '../../bulk/create-log.js';
import { matchCreates, type CreatedCandidate } from '../../bulk/unanswered-creates.js';
import type { ImportRow } from './import-row.js';

export interface UnknownLine {
  row: ImportRow;
  sentAt: string;
}

/** Per line: the task it created, null when it created none, or why it cannot be told. */
export type Resolution = number | null | { undecided: string };

export async function reconcileUnknownLines(
  client: ApiClient,
  unknown: readonly UnknownLine[],
  claimed: ReadonlySet<CreatedId>,
): Promise<Map<number, Resolution>> {
  const groups = new Set(unknown.map((entry) => groupKey(entry.row.body.phase_id, entry.row.body.title)));
  const candidates: CreatedCandidate[] = [];
  for await (const step of listSteps(client, {}, 'all')) {
    const group = groupKey(step.phase?.id, step.title);
    if (groups.has(group)) candidates.push({ id: step.id, group, created_at: step.created_at });
  }
  const resolved = matchCreates(
    unknown.map((entry) => ({ group: groupKey(entry.row.body.phase_id, entry.row.body.title), since: entry.sentAt })),
    candidates,
    new Set(claimed),
    'exact',
  );
  const resolutions = new Map<number, Resolution>();
  unknown.forEach((entry, i) => {
    const resolution = resolved[i]!;
    if (resolution === null || typeof resolution === 'number') resolutions.set(entry.row.line, resolution);
    else if (typeof resolution === 'object') {
      const { title, phase_id } = entry.row.body;
      const { found, items } = resolution.undecided;
      const undecided = `outcome unknown: an earlier run sent this create without an answer, and ${found.length} task(s) titled ${JSON.stringify(title)} in phase ${phase_id} (ids ${found.join(', ')}) were created since, for ${items} such line(s); check them with \`pwctl steps list --all --fields id,title,phase.id,created_at\`, then record the right one in the results file as {"line": n, "id": <task id>} (or {"line": n, "id": null} to create it again)`;
      resolutions.set(entry.row.line, { undecided });
    }
  });
  return resolutions;
}

function groupKey(phaseId: number | undefined, title: string): string {
  return `${phaseId}\u0000${title}`;
}
