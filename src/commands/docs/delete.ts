import { deleteDocument } from '../../api/documents.js';
import type { Factory } from '../../factory.js';
import { parseUuid } from '../../validate.js';
import { deleteEach } from '../bulk/delete.js';
import type { BulkFlags } from '../bulk/options.js';

export async function run(ctx: Factory, args: string[], opts: BulkFlags = {}): Promise<void> {
  await deleteEach(ctx, args, opts, {
    parse: parseUuid,
    argName: '<uuid>',
    question: (uuids) => `Delete ${uuids.length === 1 ? `document ${uuids[0]} and its attachments` : `${uuids.length} documents and their attachments`}?`,
    remove: deleteDocument,
  });
}
