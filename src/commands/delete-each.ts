// The delete verbs (steps, docs, milestones): confirm once for all the ids, then delete each
// through the bulk runner.
import type { ApiClient } from '../api/client.js';
import type { Ctx } from './context.js';

export interface DeleteSpec<I> {
  /** What one and several of them are called: ['task', 'tasks']. */
  what: readonly [one: string, many: string];
  remove: (client: ApiClient, id: I) => Promise<unknown>;
  concurrency?: number;
  /** The question, when `Permanently delete <what> <id>?` does not say enough. */
  question?: (ids: readonly I[]) => string;
}

export async function deleteEach<I extends string | number>(ctx: Ctx, ids: readonly I[], spec: DeleteSpec<I>): Promise<void> {
  const [one, many] = spec.what;
  const question = spec.question?.(ids) ?? `Permanently delete ${ids.length === 1 ? `${one} ${ids[0]}` : `${ids.length} ${many} (${preview(ids)})`}?`;
  if (ids.length > 0) await ctx.confirm(question);
  await ctx.bulk(
    ids,
    async (client, id) => {
      await spec.remove(client, id);
      return undefined;
    },
    { done: 'deleted', concurrency: spec.concurrency },
  );
}

function preview(ids: readonly (string | number)[]): string {
  return ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')}, …`;
}
