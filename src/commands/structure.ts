// The structure records hang from — companies, clients, projects and phases — as the records
// that embed them show it. The API has no list of phases or projects; every task names its
// phase, project, client and company, and documents and milestones name their project,
// client and company. Reading each list once, in pages of 1000, tells what exists (as far as
// the caller can see) and how much hangs from each. `phases list`, `projects list`, pickers
// and `restore` all ask this one module.
import type { ApiClient } from '../api/client.js';
import { listDocuments } from '../api/documents.js';
import { listMilestones } from '../api/milestones.js';
import { listSteps } from '../api/steps.js';
import type { Document, Milestone, Ref, Step } from '../api/types.js';

export interface PhaseSummary {
  id: number;
  title: string;
  is_internal: boolean;
  project: Ref;
  client: Ref;
  company: Ref;
  /** Tasks the caller can see in it. */
  steps: number;
}

export interface ProjectSummary {
  id: number;
  title: string;
  client: Ref | null;
  company: Ref;
  phases: number;
  steps: number;
  documents: number;
  milestones: number;
}

export class Structure {
  readonly #phases = new Map<number, PhaseSummary>();
  readonly #projects = new Map<number, ProjectSummary>();
  readonly #phasesOfProject = new Map<number, Set<number>>();
  readonly clients = new Map<number, Ref>();
  readonly companies = new Map<number, Ref>();

  addStep(step: Step): void {
    const project = this.#project(step.project, step.client, step.company);
    project.steps++;
    const phase = this.#phases.get(step.phase.id) ?? { id: step.phase.id, title: step.phase.title, is_internal: step.phase.is_internal, project: ref(step.project), client: ref(step.client), company: ref(step.company), steps: 0 };
    phase.steps++;
    this.#phases.set(phase.id, phase);
    const phases = this.#phasesOfProject.get(project.id) ?? new Set();
    phases.add(phase.id);
    this.#phasesOfProject.set(project.id, phases);
    project.phases = phases.size;
  }

  addDocument(doc: Document): void {
    this.#owners(doc.client, doc.company);
    if (doc.project) this.#project(doc.project, doc.client, doc.company).documents++;
  }

  addMilestone(milestone: Milestone): void {
    this.#project(milestone.project, milestone.client, milestone.company).milestones++;
  }

  /** Phases by project title, then by id (the order they were created in). */
  phases(): PhaseSummary[] {
    return [...this.#phases.values()].sort((a, b) => a.project.title.localeCompare(b.project.title) || a.project.id - b.project.id || a.id - b.id);
  }

  projects(): ProjectSummary[] {
    return [...this.#projects.values()].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  }

  hasPhase(id: number): boolean {
    return this.#phases.has(id);
  }

  hasProject(id: number): boolean {
    return this.#projects.has(id);
  }

  #project(project: Ref, client: Ref | null, company: Ref): ProjectSummary {
    this.#owners(client, company);
    let summary = this.#projects.get(project.id);
    if (!summary) {
      summary = { id: project.id, title: project.title, client: client ? ref(client) : null, company: ref(company), phases: 0, steps: 0, documents: 0, milestones: 0 };
      this.#projects.set(project.id, summary);
    }
    return summary;
  }

  #owners(client: Ref | null, company: Ref): void {
    if (client) this.clients.set(client.id, ref(client));
    this.companies.set(company.id, ref(company));
  }
}

/** Which lists to read: tasks alone tell the phases; projects are named by documents and milestones too. */
export interface StructureParts {
  steps?: boolean;
  documents?: boolean;
  milestones?: boolean;
}

/** Read the lists (each once, all at once, in pages of 1000) and what they name. */
export async function readStructure(client: ApiClient, companyId: number | undefined, parts: StructureParts): Promise<Structure> {
  const structure = new Structure();
  const reads: Promise<void>[] = [];
  if (parts.steps) reads.push(each(listSteps(client, { company_id: companyId }, 'all'), (s) => structure.addStep(s)));
  if (parts.documents) reads.push(each(listDocuments(client, { company_id: companyId }, 'all'), (d) => structure.addDocument(d)));
  if (parts.milestones) reads.push(each(listMilestones(client, { company_id: companyId }, 'all'), (m) => structure.addMilestone(m)));
  await Promise.all(reads);
  return structure;
}

async function each<T>(records: AsyncIterable<T>, add: (record: T) => void): Promise<void> {
  for await (const record of records) add(record);
}

/** Only {id, title}: an embedded reference may carry more (a phase's is_internal). */
function ref(value: Ref): Ref {
  return { id: value.id, title: value.title };
}
