// Tasks keep their order within a phase, as far as the API allows. The export lists each
// phase's tasks in the service's order; a task created again lands at the end of its phase.
// So the tasks this run places in one phase are created one after another, in the export's
// order, and one that would otherwise land after a task that belongs after it is moved
// (POST /steps/{id}/reorder) right behind the nearest task before it in the export — or to
// the front. A task appended behind nothing that belongs after it needs no move, so a phase
// whose missing tasks were its last ones costs no reorder at all.
import type { ReorderStepBody } from '../../api/types.js';

interface Entry {
  /** On the service in this phase now, with this id, and left there by this run. */
  present?: number;
  /** Placed by this run (created, or finished after an earlier run's create): its id once it has its place. */
  placing?: Promise<number | undefined>;
  settle?: (id: number | undefined) => void;
}

/** A task this run places: its turn in its phase, and where it goes. */
export interface StepSlot {
  /** Resolves when every task before this one in its phase that this run places has its place. */
  turn(): Promise<void>;
  /** Whether a task that stays where it is comes after this one in the export (then an appended task is out of order). */
  readonly needsMove: boolean;
  /** Where to move it: right after the nearest task before it in the phase, or first when there is none. */
  position(): Promise<ReorderStepBody>;
  /** It has its place (its id), or it was not created (undefined). */
  placed(id: number | undefined): void;
}

export class StepOrder {
  readonly #phases = new Map<number, Entry[]>();
  readonly #placing = new Map<number, { entries: Entry[]; index: number }>();
  /** Per phase, once every task is added: for each entry, whether a task that stays comes after it. */
  readonly #staysAfter = new Map<Entry[], boolean[]>();

  /** A task of the export, in the export's order: on the service in `phase` now (with its id), or placed there by this run. */
  add(oldId: number, phase: number, state: { present: number } | 'placing'): void {
    const entries = this.#phases.get(phase) ?? [];
    this.#phases.set(phase, entries);
    if (state !== 'placing') {
      entries.push({ present: state.present });
      return;
    }
    let settle!: (id: number | undefined) => void;
    const placing = new Promise<number | undefined>((resolve) => (settle = resolve));
    const index = entries.push({ placing, settle }) - 1;
    this.#placing.set(oldId, { entries, index });
  }

  slot(oldId: number): StepSlot | undefined {
    const at = this.#placing.get(oldId);
    if (!at) return undefined;
    const { entries, index } = at;
    const previous = () => {
      for (let i = index - 1; i >= 0; i--) if (entries[i]!.placing) return entries[i]!.placing;
      return undefined;
    };
    const staysAfter = this.#staysAfterOf(entries);
    return {
      turn: async () => {
        await previous();
      },
      needsMove: staysAfter[index]!,
      position: async () => {
        for (let i = index - 1; i >= 0; i--) {
          const entry = entries[i]!;
          const id = entry.present ?? (await entry.placing);
          if (id !== undefined) return { after_step_id: id };
        }
        return { position: 'first' };
      },
      placed: (id) => entries[index]!.settle!(id),
    };
  }

  #staysAfterOf(entries: Entry[]): boolean[] {
    let flags = this.#staysAfter.get(entries);
    if (!flags) {
      flags = new Array<boolean>(entries.length);
      let stays = false;
      for (let i = entries.length - 1; i >= 0; i--) {
        flags[i] = stays;
        if (entries[i]!.present !== undefined) stays = true;
      }
      this.#staysAfter.set(entries, flags);
    }
    return flags;
  }
}
