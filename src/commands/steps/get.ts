import { getStep } from '../../api/steps.js';
import type { Step } from '../../api/types.js';
import type { Ctx } from '../context.js';
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
  // Content is only in the answer when it was asked for (--include content or --fields content).
  const print = (screen: Pick<Ctx, 'output' | 'io'>, step: Step) =>
    printRecordWithBody(screen, step, view, step.content, true);
  const read = () => getStep(client, opts.id, include);
  if (opts.watch === undefined) return print(ctx, await read());
  const { watchRecord } = await import('../watching.js');
  await watchRecord(ctx, opts.watch, {
    title: `pwctl steps get ${opts.id}`,
    view,
    read,
    draw: print,
    key: (s) => s.id,
    client,
  });
};
