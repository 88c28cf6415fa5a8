import { getStep } from '../../api/steps.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
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
  await ctx.output.record(step, view);
  // In a table the body would be one escaped line; show it below the fields as Markdown.
  if (ctx.output.format === 'table' && !ctx.output.fields && typeof step.content === 'string' && step.content !== '') {
    await ctx.output.text(`\n${step.content}`);
  }
}
