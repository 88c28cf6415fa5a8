// The structure records hang from — companies, clients, projects and phases — as the records
// that embed them show it. The API has no list of phases or projects; every task names its
// phase, project, client and company, and documents and milestones name their project,
// client and company. Reading each list once, in pages of 1000, tells what exists (as far as
// the caller can see) and how much hangs from each. `phases list`, `projects list`, pickers
// and `restore` all ask this one module; restore also takes the records themselves from the
// same reads (with their bodies and tags), and learns which companies exist from webhook
// subscriptions and which tag names each company has from its tasks' tags.
import type { ApiClient } from '../api/client.js';
import { listDocuments } from '../api/documents.js';
import { listMilestones } from '../api/milestones.js';
import { listSteps } from '../api/steps.js';
import type { Document, Milestone, Ref, Step, StepInclude, Tag, WebhookSubscription } from '../api/types.js';
import { listWebhooks } from '../api/webhooks.js';

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

/** A tag of a company's vocabulary, as its tasks carry it. */
export interface TagSummary extends Tag {
  /** Tasks the caller can see that carry it. */
  steps: number;
}

export class Structure {
  readonly #phases = new Map<number, PhaseSummary>();
  readonly #projects = new Map<number, ProjectSummary>();
  readonly #phasesOfProject = new Map<number, Set<number>>();
  readonly clients = new Map<number, Ref>();
  readonly companies = new Map<number, Ref>();
  /** Lower-cased names of the tags seen on each company's tasks (when tasks were read with their tags). */
  readonly #tagNames = new Map<number, Set<string>>();
  /** The tags seen on each company's tasks, by id. */
  readonly #tags = new Map<number, Map<number, TagSummary>>();

  addStep(step: Step): void {
    const project = this.#project(step.project, step.client, step.company);
    project.steps++;
    if (step.tags?.length) {
      const names = this.#tagNames.get(step.company.id) ?? new Set();
      const tags = this.#tags.get(step.company.id) ?? new Map<number, TagSummary>();
      for (const tag of step.tags) {
        names.add(tag.name.trim().toLowerCase());
        const summary = tags.get(tag.id) ?? { id: tag.id, name: tag.name, color: tag.color, steps: 0 };
        summary.steps++;
        tags.set(tag.id, summary);
      }
      this.#tagNames.set(step.company.id, names);
      this.#tags.set(step.company.id, tags);
    }
    const phase = this.#phases.get(step.phase.id) ?? {
      id: step.phase.id,
      title: step.phase.title,
      is_internal: step.phase.is_internal,
      project: ref(step.project),
      client: ref(step.client),
      company: ref(step.company),
      steps: 0,
    };
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

  /** A subscription names its company, which may have no other record the caller sees. */
  addWebhook(hook: WebhookSubscription): void {
    if (hook.company) this.companies.set(hook.company.id, ref(hook.company));
  }

  /** Phases by project title, then by id (the order they were created in). */
  phases(): PhaseSummary[] {
    return [...this.#phases.values()].sort(
      (a, b) => a.project.title.localeCompare(b.project.title) || a.project.id - b.project.id || a.id - b.id,
    );
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

  phase(id: number): PhaseSummary | undefined {
    return this.#phases.get(id);
  }

  /** The tags a company's tasks carry (read with include=tags), by name. */
  tags(companyId: number): TagSummary[] {
    return [...(this.#tags.get(companyId)?.values() ?? [])].sort(
      (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id,
    );
  }

  /** Whether a tag of this name was seen on one of the company's tasks (names match case-insensitively). */
  hasTag(companyId: number, name: string): boolean {
    return this.#tagNames.get(companyId)?.has(name.trim().toLowerCase()) ?? false;
  }

  /** The phases, projects, clients or companies with this title, by id. */
  titled(kind: StructureKind, title: string): Ref[] {
    const all: Ref[] =
      kind === 'phases'
        ? this.phases()
        : kind === 'projects'
          ? this.projects()
          : [...this[kind].values()].sort((a, b) => a.id - b.id);
    return all.filter((r) => r.title === title).map(ref);
  }

  has(kind: StructureKind, id: number): boolean {
    return kind === 'phases' ? this.#phases.has(id) : kind === 'projects' ? this.#projects.has(id) : this[kind].has(id);
  }

  #project(project: Ref, client: Ref | null, company: Ref): ProjectSummary {
    this.#owners(client, company);
    let summary = this.#projects.get(project.id);
    if (!summary) {
      summary = {
        id: project.id,
        title: project.title,
        client: client ? ref(client) : null,
        company: ref(company),
        phases: 0,
        steps: 0,
        documents: 0,
        milestones: 0,
      };
      this.#projects.set(project.id, summary);
    }
    return summary;
  }

  #owners(client: Ref | null, company: Ref): void {
    if (client) this.clients.set(client.id, ref(client));
    this.companies.set(company.id, ref(company));
  }
}

/** The kinds of record the structure is made of, named as `--map` names them. */
export type StructureKind = 'phases' | 'projects' | 'clients' | 'companies';

/** A list read for its records as well: what each record should include, and who gets it. */
export interface RecordsRead<T, I extends string = never> {
  include?: readonly I[];
  each?(record: T): void;
}

/**
 * Which lists to read: tasks alone tell the phases; projects are named by documents and
 * milestones too; subscriptions name companies.
 */
export interface StructureParts {
  steps?: boolean | RecordsRead<Step, StepInclude>;
  documents?: boolean | RecordsRead<Document, 'content'>;
  milestones?: boolean | RecordsRead<Milestone>;
  webhooks?: boolean | RecordsRead<WebhookSubscription>;
}

/** Read the lists (each once, all at once, in pages of 1000) and what they name. */
export async function readStructure(
  client: ApiClient,
  companyId: number | undefined,
  parts: StructureParts,
): Promise<Structure> {
  const structure = new Structure();
  const reads: Promise<void>[] = [];
  const { steps, documents, milestones, webhooks } = parts;
  if (steps)
    reads.push(
      each(
        listSteps(client, { company_id: companyId, include: includeOf(steps) }, 'all'),
        (s) => structure.addStep(s),
        steps,
      ),
    );
  if (documents)
    reads.push(
      each(
        listDocuments(client, { company_id: companyId, include: includeOf(documents) }, 'all'),
        (d) => structure.addDocument(d),
        documents,
      ),
    );
  if (milestones)
    reads.push(
      each(listMilestones(client, { company_id: companyId }, 'all'), (m) => structure.addMilestone(m), milestones),
    );
  if (webhooks)
    reads.push(each(listWebhooks(client, { company_id: companyId }, 'all'), (w) => structure.addWebhook(w), webhooks));
  await Promise.all(reads);
  return structure;
}

function includeOf<I extends string>(part: boolean | RecordsRead<never, I>): I[] | undefined {
  return typeof part === 'object' && part.include ? [...part.include] : undefined;
}

async function each<T>(
  records: AsyncIterable<T>,
  add: (record: T) => void,
  part: boolean | RecordsRead<T, string>,
): Promise<void> {
  const read = typeof part === 'object' ? part : undefined;
  for await (const record of records) {
    add(record);
    read?.each?.(record);
  }
}

/** Only {id, title}: an embedded reference may carry more (a phase's is_internal). */
function ref(value: Ref): Ref {
  return { id: value.id, title: value.title };
}
