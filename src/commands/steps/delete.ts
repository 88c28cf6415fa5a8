import { deleteStep, getStep } from '../../api/steps.js';
import type { RunOf } from '../declare.js';
import { deleteEach } from '../delete-each.js';
import type { remove } from './bulk-verbs.js';

export const run: RunOf<typeof remove> = async (ctx, opts) => {
  await deleteEach(ctx, opts.ids, {
    what: ['task', 'tasks'],
    remove: deleteStep,
    title: async (client, id) => (await getStep(client, id)).title,
    concurrency: opts.concurrency,
  });
};
