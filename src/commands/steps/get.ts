import { getStep } from '../../api/steps.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { printRecordWithBody } from '../record-body.js';
import { includesFor } from './options.js';
import { stepView } from './views.js';

export interface GetOptions {
  include?: string;
}

export async function run(ctx: Factory, idArg: string, opts: GetOptions): Promise<void> {
  const id = parseId(idArg, '<id>');
  const include = includesFor(opts.include, ctx.output.fields);
  const view = stepView({ tags: include?.includes('tags') });
  ctx.output.checkFields(view);
  const client = await ctx.api();
  const step = await getStep(client, id, include);
  // Content is only in the answer when it was asked for (--include content or --fields content).
  await printRecordWithBody(ctx, step, view, step.content, true);
}
