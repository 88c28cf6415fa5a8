// The delete verbs (steps, docs, milestones): read and check the ids, confirm once for all
// of them, then delete each through the bulk runner.
import type { ApiClient } from '../../api/client.js';
import type { Factory } from '../../factory.js';
import { confirmOrCancel } from '../confirm.js';
import { readBulkIds } from './ids.js';
import type { BulkFlags } from './options.js';
import { runBulk } from './run-bulk.js';

export interface DeleteSpec<I> {
  /** Checks one id argument ('<id>', '<uuid>'). */
  parse: (value: string, name: string) => I;
  argName: string;
  /** The confirmation question for these ids: `Permanently delete task 42?` */
  question: (ids: I[]) => string;
  remove: (client: ApiClient, id: I) => Promise<unknown>;
}

export async function deleteEach<I extends string | number>(ctx: Factory, args: string[], opts: BulkFlags, spec: DeleteSpec<I>): Promise<void> {
  const ids = await readBulkIds(ctx, args, spec.parse, spec.argName);
  if (ids.length > 0) await confirmOrCancel(ctx, spec.question(ids));
  await runBulk(
    ctx,
    ids,
    async (client, id) => {
      await spec.remove(client, id);
      return undefined;
    },
    { done: 'deleted', concurrency: opts.concurrency },
  );
}
