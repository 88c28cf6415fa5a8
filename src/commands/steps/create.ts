import { createStep } from '../../api/steps.js';
import type { CreateStepBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseDate, parseId, requireNonEmpty } from '../../validate.js';
import { readContentFlags } from '../content-input.js';
import { atMostOne } from './options.js';
import { STEP_VIEW } from './views.js';

export interface CreateOptions {
  phase?: string;
  title?: string;
  content?: string;
  contentFile?: string;
  due?: string;
  published?: boolean;
  draft?: boolean;
  approval?: boolean;
  completed?: boolean;
}

export async function run(ctx: Factory, opts: CreateOptions): Promise<void> {
  const body = await createBody(ctx, opts);
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  const step = await createStep(client, body);
  await ctx.output.record(step, STEP_VIEW);
  if (step) ctx.io.notice(`✓ created task ${step.id} in phase ${body.phase_id}`);
}

async function createBody(ctx: Factory, opts: CreateOptions): Promise<CreateStepBody> {
  if (opts.phase === undefined) throw new UsageError('--phase <id> is required: the phase to create the task in');
  if (opts.title === undefined) throw new UsageError('--title <text> is required');
  atMostOne([['--published', opts.published === true], ['--draft', opts.draft === true]]);
  const body: CreateStepBody = {
    title: requireNonEmpty(opts.title, '--title'),
    phase_id: parseId(opts.phase, '--phase'),
  };
  const content = (await readContentFlags(ctx, opts))?.text;
  if (content !== undefined) body.content = content;
  if (opts.due !== undefined) body.due_date = parseDate(opts.due, '--due');
  if (opts.published) body.published = true;
  if (opts.draft) body.published = false;
  if (opts.approval) body.is_approval = true;
  if (opts.completed) body.completed = true;
  return body;
}
