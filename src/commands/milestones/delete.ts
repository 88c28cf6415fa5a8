import { deleteMilestone, getMilestone } from '../../api/milestones.js';
import type { RunOf } from '../declare.js';
import { deleteEach } from '../delete-each.js';
import type { remove } from './index.js';

export const run: RunOf<typeof remove> = async (ctx, opts) => {
  await deleteEach(ctx, opts.ids, {
    what: ['milestone', 'milestones'],
    remove: deleteMilestone,
    title: async (client, id) => (await getMilestone(client, id)).title,
    concurrency: opts.concurrency,
  });
};
