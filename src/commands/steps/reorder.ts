import { reorderStep } from '../../api/steps.js';
import type { ReorderStepBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';
import { atMostOne } from './options.js';
import { STEP_ORDER_VIEW } from './views.js';

export interface ReorderOptions {
  first?: boolean;
  last?: boolean;
  after?: string;
}

export async function run(ctx: Factory, idArg: string, opts: ReorderOptions): Promise<void> {
  const id = parseId(idArg, '<id>');
  const body = reorderBody(id, opts);
  ctx.output.checkFields(STEP_ORDER_VIEW);
  const client = await ctx.api();
  const step = await reorderStep(client, id, body);
  await ctx.output.record(step, STEP_ORDER_VIEW);
}

function reorderBody(id: number, opts: ReorderOptions): ReorderStepBody {
  atMostOne([['--first', opts.first === true], ['--last', opts.last === true], ['--after', opts.after !== undefined]]);
  if (opts.first) return { position: 'first' };
  if (opts.last) return { position: 'last' };
  if (opts.after === undefined) throw new UsageError('give one of --first, --last or --after <id>');
  const after = parseId(opts.after, '--after');
  if (after === id) throw new UsageError('--after must name another task of the same phase, not the task itself');
  return { after_step_id: after };
}
