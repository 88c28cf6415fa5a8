// What the shell may offer for an option's value or a positional argument, attached to the
// commander Option/Argument where it is declared, so the build-time tree walker
// (./tree.ts) finds it. Single-valued enums validated by commander (`.choices()`) need
// nothing from here; this is for values commander does not check itself: comma lists
// (`--include content,tags`), enums a verb validates with its own message, and ids.
import type { IdKind } from '../id-kinds.js';

/** A value with the text a shell shows beside it (zsh, fish). */
export type Described = readonly [value: string, description: string];

export interface CompletionSpec {
  /** The accepted values. */
  values?: readonly (string | Described)[];
  /** A comma-separated list of `values` (complete after the last comma). */
  list?: boolean;
  /** Ids remembered by the local cache of records recently printed in this profile. */
  ids?: IdKind;
  /** File names (`--content-file`, `--state`). */
  files?: boolean;
  /** Values chosen by the previous positional argument (`config set <key> <value>`). */
  byPrevious?: Readonly<Record<string, readonly string[]>>;
  /** Stored profile names (read from the config file at completion time). */
  profiles?: boolean;
  /** Stored alias names (`alias delete <name>`), read from the config file at completion time. */
  aliases?: boolean;
}

const SPECS = new WeakMap<object, CompletionSpec>();

/** Declare what completes `target` (an Option or Argument); returns it for chaining. */
export function completeWith<T extends object>(target: T, spec: CompletionSpec): T {
  SPECS.set(target, spec);
  return target;
}

export function completionSpecOf(target: object): CompletionSpec | undefined {
  return SPECS.get(target);
}
