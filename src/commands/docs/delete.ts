import { deleteDocument } from '../../api/documents.js';
import type { RunOf } from '../declare.js';
import { deleteEach } from '../delete-each.js';
import type { remove } from './index.js';

export const run: RunOf<typeof remove> = async (ctx, opts) => {
  await deleteEach(ctx, opts.uuids, {
    what: ['document', 'documents'],
    question: (uuids) => `Delete ${uuids.length === 1 ? `document ${uuids[0]} and its attachments` : `${uuids.length} documents and their attachments`}?`,
    remove: deleteDocument,
    concurrency: opts.concurrency,
  });
};
