import { updateStep } from '../../api/steps.js';
import type { UpdateStepBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { parseDate, parseId, requireNonEmpty } from '../../validate.js';
import { readContentFlags } from '../content-input.js';
import { atMostOne } from './options.js';
import { STEP_VIEW } from './views.js';

export interface UpdateOptions {
  title?: string;
  content?: string;
  contentFile?: string;
  published?: boolean;
  draft?: boolean;
  /** true for --approval, false for --no-approval. */
  approval?: boolean;
  /** Which of --approval and --no-approval were typed (index.ts records them). */
  approvalForms?: string[];
  due?: string;
  phase?: string;
  allowRemovingAttachments?: boolean;
}

const SETTABLE = '--title, --content, --content-file, --published, --draft, --approval, --no-approval, --due or --phase';

export async function run(ctx: Factory, idArg: string, opts: UpdateOptions): Promise<void> {
  const id = parseId(idArg, '<id>');
  const body = await updateBody(ctx, opts);
  ctx.output.checkFields(STEP_VIEW);
  const client = await ctx.api();
  const step = await updateStep(client, id, body);
  await ctx.output.record(step, STEP_VIEW);
}

async function updateBody(ctx: Factory, opts: UpdateOptions): Promise<UpdateStepBody> {
  atMostOne([['--published', opts.published === true], ['--draft', opts.draft === true]]);
  atMostOne((opts.approvalForms ?? []).map((form) => [form, true] as const));
  const body: UpdateStepBody = {};
  if (opts.title !== undefined) body.title = requireNonEmpty(opts.title, '--title');
  const content = (await readContentFlags(ctx, opts))?.text;
  if (content !== undefined) body.content = content;
  if (opts.published) body.published = true;
  if (opts.draft) body.published = false;
  if (opts.approval !== undefined) body.is_approval = opts.approval;
  if (opts.due !== undefined) body.due_date = parseDue(opts.due);
  if (opts.phase !== undefined) body.phase_id = parseId(opts.phase, '--phase');
  if (opts.allowRemovingAttachments) {
    if (content === undefined) throw new UsageError('--allow-removing-attachments applies only with --content or --content-file');
    body.allow_removing_attachments = true;
  }
  if (Object.keys(body).length === 0) throw new UsageError(`nothing to update: give at least one of ${SETTABLE}`);
  return body;
}

/** YYYY-MM-DD, or `none` to clear the due date (sent as JSON null). */
function parseDue(value: string): string | null {
  if (value.trim().toLowerCase() === 'none') return null;
  try {
    return parseDate(value, '--due');
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; or none to clear it`);
  }
}
