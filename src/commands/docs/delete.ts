import { deleteDocument } from '../../api/documents.js';
import type { Context } from '../../context.js';
import { ExitError } from '../../errors.js';
import { parseUuid } from '../../validate.js';
import { readBulkIds, runBulk } from '../bulk.js';

export async function run(ctx: Context, args: string[]): Promise<void> {
  const uuids = await readBulkIds(ctx, args, parseUuid, '<uuid>');
  const what = uuids.length === 1 ? `document ${uuids[0]} and its attachments` : `${uuids.length} documents and their attachments`;
  if (!(await ctx.confirm(`Delete ${what}?`))) throw new ExitError(1, 'cancelled; nothing was deleted');
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
