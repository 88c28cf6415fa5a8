import { deleteDocument } from '../../api/documents.js';
import type { Context } from '../../context.js';
import { parseUuid } from '../../validate.js';
import { readBulkIds, runBulk } from '../bulk.js';

export async function run(ctx: Context, args: string[]): Promise<void> {
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
    { done: 'deleted' },
  );
}
