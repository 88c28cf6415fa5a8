// The kinds of record whose ids shell completion offers. A view records the ids it prints
// under its kind (`cache.kind`, src/output/view.ts); a flag completes the ids of a kind
// (`complete: { ids }`, src/completion/values.ts). Both name a kind from this one list, so a
// misspelt kind does not compile, and test/unit/id-kinds.test.ts checks that every kind is
// both recorded and completed. Nothing but the list here: the view and completion layers
// below the commands import it.

/** Each names a file in the id cache (src/completion/id-cache.ts), so it is letters only. */
export const ID_KINDS = ['steps', 'docs', 'milestones', 'phases', 'projects', 'webhooks', 'deliveries'] as const;

/** A kind of record whose ids are cached: the noun they belong to (`steps`, `phases`, …). */
export type IdKind = (typeof ID_KINDS)[number];
