// The delete verbs (steps, docs, milestones): confirm once for all the ids — naming the
// records by their titles when a person is asked — then delete each through the bulk runner.
import type { ApiClient } from '../api/client.js';
import type { Ctx } from './context.js';

export interface DeleteSpec<I> {
  /** What one and several of them are called: ['task', 'tasks']. */
  what: readonly [one: string, many: string];
  remove: (client: ApiClient, id: I) => Promise<unknown>;
  /** The record's title, for the question a person is asked (a GET). */
  title: (client: ApiClient, id: I) => Promise<string>;
  concurrency?: number;
  /** Said after the records, when deleting takes more than them: ['and its attachments', 'and their attachments']. */
  also?: readonly [one: string, many: string];
  /** The verb of the question: "Permanently delete" unless said. */
  verb?: string;
}

/** Records named in a question; the rest are counted. */
const NAMED = 5;

export async function deleteEach<I extends string | number>(
  ctx: Ctx,
  ids: readonly I[],
  spec: DeleteSpec<I>,
): Promise<void> {
  if (ids.length > 0) await ctx.confirm(question(ids.map(String), spec), () => namedQuestion(ctx, ids, spec));
  await ctx.bulk(
    ids,
    async (client, id) => {
      await spec.remove(client, id);
      return undefined;
    },
    { done: 'deleted', concurrency: spec.concurrency },
  );
}

/** `Permanently delete task 101?`, `Permanently delete 3 tasks (101, 102, 103)?` */
function question(names: readonly string[], spec: Pick<DeleteSpec<never>, 'what' | 'also' | 'verb'>): string {
  const [one, many] = spec.what;
  const also = spec.also ? ` ${spec.also[names.length === 1 ? 0 : 1]}` : '';
  const shown =
    names.length <= NAMED ? names.join(', ') : `${names.slice(0, NAMED).join(', ')}, and ${names.length - NAMED} more`;
  return `${spec.verb ?? 'Permanently delete'} ${names.length === 1 ? `${one} ${names[0]}` : `${names.length} ${many} (${shown})`}${also}?`;
}

/** The same question with each record as `"Title" (id)`, read from the service (a record it cannot find keeps its bare id). */
async function namedQuestion<I extends string | number>(
  ctx: Ctx,
  ids: readonly I[],
  spec: DeleteSpec<I>,
): Promise<string> {
  const client = await ctx.api();
  const named = await Promise.all(
    ids.slice(0, NAMED).map(async (id) => `${JSON.stringify(await spec.title(client, id).catch(() => '?'))} (${id})`),
  );
  const [one, many] = spec.what;
  const also = spec.also ? ` ${spec.also[ids.length === 1 ? 0 : 1]}` : '';
  const rest = ids.length > NAMED ? `, and ${ids.length - NAMED} more` : '';
  return `${spec.verb ?? 'Permanently delete'} ${ids.length === 1 ? `${one} ${named[0]}` : `${ids.length} ${many}: ${named.join(', ')}${rest}`}${also}?`;
}
