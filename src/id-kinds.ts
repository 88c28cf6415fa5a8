/**
 * A kind of record whose ids are cached: the noun they belong to (`steps`, `phases`, …), as a
 * view's `cache.kind` names it and a flag's `complete.ids` asks for it. It names a file, so it
 * is letters only; any other name reads and remembers nothing.
 */
export type IdKind = string;
