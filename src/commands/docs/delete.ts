import { deleteDocument, getDocument } from '../../api/documents.js';
import type { RunOf } from '../declare.js';
import { deleteEach } from '../delete-each.js';
import type { remove } from './index.js';

export const run: RunOf<typeof remove> = async (ctx, opts) => {
  await deleteEach(ctx, opts.uuids, {
    what: ['document', 'documents'],
    verb: 'Delete',
    also: ['and its attachments', 'and their attachments'],
    remove: deleteDocument,
    title: async (client, uuid) => (await getDocument(client, uuid)).title,
    concurrency: opts.concurrency,
  });
};
