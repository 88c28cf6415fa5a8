import { getStep } from '../../api/steps.js';
import type { RunOf } from '../declare.js';
import { printRecordWithBody } from '../record-body.js';
import type { get } from './read-verbs.js';
import { includesFor } from './includes.js';
import { stepView } from './views.js';

export const run: RunOf<typeof get> = async (ctx, opts) => {
  const include = includesFor(opts.include, ctx.output.fields);
  const view = stepView({ tags: include?.includes('tags') });
  ctx.output.checkFields(view);
  const client = await ctx.api();
  const step = await getStep(client, opts.id, include);
  // Content is only in the answer when it was asked for (--include content or --fields content).
  await printRecordWithBody(ctx, step, view, step.content, true);
};
