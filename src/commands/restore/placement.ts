// Where a record goes back: its parents (a task's phase; a milestone's project; a document's
// project, client or company; a subscription's company) on the service restored into.
//
// On the service the export came from, a parent is its own id, if the service still shows
// it: the API has no list of phases or projects, so what exists is what the records name
// (../structure.ts). A parent given in --map goes where the map says, unchecked (a phase with
// no task is invisible, and the service itself refuses a wrong one). On another service the
// export's ids mean nothing: every parent must be in --map, and one that is not is told with
// the target's parents of the same title, to copy into the map.
import type { Structure, StructureKind } from '../structure.js';
import type { ParentMap } from './parent-map.js';

/** A parent as the exported record names it. */
export interface ParentRef {
  kind: StructureKind;
  id: number;
  title: string;
}

/** The parents' ids on the target, by kind. */
export type PlacedParents = Partial<Record<StructureKind, number>>;

export type Placement = { placed: PlacedParents } | { unplaceable: string };

const SINGULAR: Record<StructureKind, string> = {
  phases: 'phase',
  projects: 'project',
  clients: 'client',
  companies: 'company',
};
const SEEN_THROUGH: Record<StructureKind, string> = {
  phases: 'no task you can see is in it, and a phase shows only through its tasks',
  projects: 'no task, document or milestone you can see names it',
  clients: 'no task, document or milestone you can see names it',
  companies: 'no record you can see names it',
};

export class Placer {
  constructor(
    private readonly map: ParentMap | undefined,
    /** The export came from the service restored into: its ids still mean the same records. */
    readonly sameService: boolean,
    private readonly structure: Structure,
  ) {}

  place(parents: readonly ParentRef[]): Placement {
    const placed: PlacedParents = {};
    for (const parent of parents) {
      const mapped = this.map?.[parent.kind].get(parent.id);
      if (mapped !== undefined) placed[parent.kind] = mapped;
      else if (!this.sameService)
        return { unplaceable: `${describe(parent)} is not in --map (${this.#sameTitle(parent)})` };
      else if (this.structure.has(parent.kind, parent.id)) placed[parent.kind] = parent.id;
      else {
        const example = JSON.stringify({ [parent.kind]: { [String(parent.id)]: parent.id } });
        return {
          unplaceable: `${describe(parent)} is not on the service (${SEEN_THROUGH[parent.kind]}); if it still exists, place records there with --map ${example}`,
        };
      }
    }
    return { placed };
  }

  /** The target's parents titled like the exported one: what the map entry probably is. */
  #sameTitle(parent: ParentRef): string {
    const found = this.structure.titled(parent.kind, parent.title);
    if (found.length === 0)
      return `no ${SINGULAR[parent.kind]} you can see on this service is titled ${JSON.stringify(parent.title)}`;
    return `${parent.kind} titled ${JSON.stringify(parent.title)} on this service: ${found.map((r) => r.id).join(', ')}`;
  }
}

export function describe(parent: ParentRef): string {
  return `${SINGULAR[parent.kind]} ${parent.id} ${JSON.stringify(parent.title)}`;
}
