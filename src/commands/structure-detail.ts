// One project or one phase with what hangs from it, for `projects get` and `phases get`. The
// API has no endpoint for either (see ./structure.ts): a project is what its tasks, documents
// and milestones say of it, a phase what its tasks say. Every task is read once (pages of
// 1000; tasks cannot be asked for by project), documents and milestones only the project's
// (the API filters those by project_id).
import type { ApiClient } from '../api/client.js';
import { listDocuments } from '../api/documents.js';
import { listMilestones } from '../api/milestones.js';
import { listSteps } from '../api/steps.js';
import type { Document, Milestone, Ref, Step } from '../api/types.js';
import { NotFoundError } from '../errors.js';
import { type PhaseSummary, Structure } from './structure.js';

export interface ProjectDetail {
  id: number;
  title: string;
  client: Ref | null;
  company: Ref;
  /** Tasks the caller can see in it. */
  steps: number;
  /** Its phases, as `phases list` gives them. */
  phases: PhaseSummary[];
  milestones: Milestone[];
  documents: Document[];
  /** Its open tasks, the soonest due first (those without a due date last). */
  open_steps: Step[];
}

export interface PhaseDetail extends PhaseSummary {
  open_steps: Step[];
  /** The milestones of its project (the API sets milestones on projects, not phases). */
  milestones: Milestone[];
}

export async function readProjectDetail(client: ApiClient, id: number): Promise<ProjectDetail> {
  const structure = new Structure();
  const open: Step[] = [];
  const [documents, milestones] = await Promise.all([
    collect(listDocuments(client, { project_id: id }, 'all')),
    collect(listMilestones(client, { project_id: id }, 'all')),
    readSteps(client, (step) => step.project.id === id, structure, open),
  ]);
  for (const doc of documents) structure.addDocument(doc);
  for (const milestone of milestones) structure.addMilestone(milestone);
  const project = structure.projects().find((p) => p.id === id);
  if (!project)
    throw new NotFoundError(
      `project ${id} is not among the projects your tasks, documents and milestones name; \`pwctl projects list\` lists them`,
    );
  return {
    id: project.id,
    title: project.title,
    client: project.client,
    company: project.company,
    steps: project.steps,
    phases: structure.phases(),
    milestones,
    documents,
    open_steps: open.sort(soonestDue),
  };
}

export async function readPhaseDetail(client: ApiClient, id: number): Promise<PhaseDetail> {
  const structure = new Structure();
  const open: Step[] = [];
  await readSteps(client, (step) => step.phase.id === id, structure, open);
  const phase = structure.phase(id);
  if (!phase)
    throw new NotFoundError(
      `phase ${id} is not among the phases your tasks are in; \`pwctl phases list\` lists them (a phase without tasks cannot be seen)`,
    );
  const milestones = await collect(listMilestones(client, { project_id: phase.project.id }, 'all'));
  return { ...phase, open_steps: open.sort(soonestDue), milestones };
}

/** Every task, pages of 1000; those `ours` keeps go into the structure, the open ones into `open` too. */
async function readSteps(
  client: ApiClient,
  ours: (step: Step) => boolean,
  structure: Structure,
  open: Step[],
): Promise<void> {
  for await (const step of listSteps(client, {}, 'all')) {
    if (!ours(step)) continue;
    structure.addStep(step);
    if (!step.completed) open.push(step);
  }
}

async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const record of records) all.push(record);
  return all;
}

/** Due dates are ISO timestamps, so their text orders them; a task without one comes after those with one. */
function soonestDue(a: Step, b: Step): number {
  if ((a.due_date === '') !== (b.due_date === '')) return a.due_date === '' ? 1 : -1;
  return a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id;
}
