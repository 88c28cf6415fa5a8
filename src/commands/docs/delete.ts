import { deleteDocument } from '../../api/documents.js';
import type { Context } from '../../context.js';
import { parseUuid } from '../../validate.js';
import { readBulkIds, runBulk } from '../bulk.js';
import type { BulkFlags } from '../bulk-options.js';

export async function run(ctx: Context, args: string[], opts: BulkFlags = {}): Promise<void> {
  const uuids = await readBulkIds(ctx, args, parseUuid, '<uuid>');
  const what = uuids.length === 1 ? `document ${uuids[0]} and its attachments` : `${uuids.length} documents and their attachments`;
  await ctx.confirmOrCancel(`Delete ${what}?`);
  await runBulk(
    ctx,
    uuids,
    async (client, uuid) => {
      await deleteDocument(client, uuid);
      return undefined;
    },
    { done: 'deleted', concurrency: opts.concurrency },
  );
}
