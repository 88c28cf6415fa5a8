// `restore --map auto`: the map a restore into another service needs, made from titles. Each
// parent the exported records hang from (a task's phase, a milestone's project, a document's
// project, client or company, a subscription's company) is mapped to the target's record of
// the same title when exactly one exists, and never guessed otherwise: a title the target has
// twice is "ambiguous" (its ids are listed), one it lacks is "missing"; both are left out of
// the map, and their records would be unplaceable until the map names them.
//
// Phases are titled alike across projects (every project has its "Design"), so a phase is
// first looked for within the project its project maps to; only when that project does not
// map is every phase of that title a candidate.
import type { Step } from '../../api/types.js';
import type { ExportPart } from '../export/manifest.js';
import type { Structure, StructureKind } from '../structure.js';
import type { Export } from './export-dir.js';
import { PARENT_KINDS } from './parent-map.js';
import type { ParentRef } from './placement.js';
import type { RecordKind } from './record-kind.js';

export type AutoMapStatus = 'mapped' | 'ambiguous' | 'missing';

/** One exported parent and where it maps: what `--map auto` prints. */
export interface AutoMapRow {
  kind: StructureKind;
  /** The parent's id in the export. */
  id: number;
  title: string;
  status: AutoMapStatus;
  new_id: number | null;
  /** The target's records of that title (for an ambiguous one, more than one). */
  candidates: number[];
  /** A phase looked for only within this project of the target (its project's mapping). */
  within_project: number | null;
}

/** The map as `--map <file>` reads it: {"phases": {"<old>": <new>}, …}. */
export type MapFile = Record<StructureKind, Record<string, number>>;

export function autoMap(
  exported: Export,
  kinds: readonly ExportPart[],
  // biome-ignore lint/suspicious/noExplicitAny: the four kinds, each with its own record type
  specs: Record<ExportPart, RecordKind<any, any>>,
  target: Structure,
): { rows: AutoMapRow[]; map: MapFile } {
  const parents = new Map<string, ParentRef>();
  /** The project each exported phase belongs to, as its tasks name it. */
  const projectOfPhase = new Map<number, ParentRef>();
  const add = (ref: ParentRef) => parents.set(`${ref.kind} ${ref.id}`, ref);
  for (const kind of kinds) {
    for (const record of exported.records[kind] as unknown[]) {
      for (const parent of specs[kind].parents(record)) add(parent);
      if (kind !== 'steps') continue;
      const { phase, project } = record as Step;
      const ref: ParentRef = { kind: 'projects', id: project.id, title: project.title };
      projectOfPhase.set(phase.id, ref);
      add(ref);
    }
  }

  const rows: AutoMapRow[] = [];
  const mapped = (kind: StructureKind, id: number) =>
    rows.find((row) => row.kind === kind && row.id === id && row.status === 'mapped')?.new_id ?? undefined;
  // Phases last: they are looked for within the projects mapped before them.
  for (const kind of ['companies', 'clients', 'projects', 'phases'] as const) {
    const refs = [...parents.values()].filter((ref) => ref.kind === kind).sort((a, b) => a.id - b.id);
    for (const ref of refs) {
      let candidates = target.titled(kind, ref.title).map((r) => r.id);
      const project = kind === 'phases' ? projectOfPhase.get(ref.id) : undefined;
      const within = project && mapped('projects', project.id);
      if (within !== undefined) candidates = candidates.filter((id) => target.phase(id)?.project.id === within);
      const status: AutoMapStatus =
        candidates.length === 1 ? 'mapped' : candidates.length === 0 ? 'missing' : 'ambiguous';
      rows.push({
        kind,
        id: ref.id,
        title: ref.title,
        status,
        new_id: status === 'mapped' ? candidates[0]! : null,
        candidates,
        within_project: within ?? null,
      });
    }
  }

  const map = Object.fromEntries(PARENT_KINDS.map((kind) => [kind, {}])) as MapFile;
  for (const row of rows) if (row.status === 'mapped') map[row.kind][String(row.id)] = row.new_id!;
  // Kinds in the map's own order; in each, what needs a person first.
  const order: AutoMapStatus[] = ['ambiguous', 'missing', 'mapped'];
  rows.sort(
    (a, b) =>
      PARENT_KINDS.indexOf(a.kind) - PARENT_KINDS.indexOf(b.kind) ||
      order.indexOf(a.status) - order.indexOf(b.status) ||
      a.id - b.id,
  );
  return { rows, map };
}
