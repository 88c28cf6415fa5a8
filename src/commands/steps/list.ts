import { listSteps, type StepFilters } from '../../api/steps.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { printList, resolveLimit, type ListFlags } from '../list-options.js';
import { atMostOne, includesFor } from './options.js';
import { stepView } from './views.js';

export interface ListOptions extends ListFlags {
  company?: string;
  completed?: boolean;
  open?: boolean;
  hasDueDate?: boolean;
  /** false for --no-due-date (commander's negation of an implied --due-date). */
  dueDate?: boolean;
  include?: string;
}

export async function run(ctx: Factory, opts: ListOptions): Promise<void> {
  const filters = resolveFilters(ctx, opts);
  const limit = resolveLimit(opts);
  const view = stepView({ tags: filters.include?.includes('tags') });
  ctx.output.checkFields(view);
  const client = await ctx.api();
  const count = await printList(ctx, view, (result) => listSteps(client, filters, limit, result));
  if (count === 0 && ctx.output.format === 'table') ctx.io.notice('no tasks match');
}

function resolveFilters(ctx: Factory, opts: ListOptions): StepFilters {
  atMostOne([['--completed', opts.completed === true], ['--open', opts.open === true]]);
  atMostOne([['--has-due-date', opts.hasDueDate === true], ['--no-due-date', opts.dueDate === false]]);
  return {
    companyId: opts.company !== undefined ? parseId(opts.company, '--company') : ctx.settings.company,
    completed: opts.completed ? true : opts.open ? false : undefined,
    hasDueDate: opts.hasDueDate ? true : opts.dueDate === false ? false : undefined,
    include: includesFor(opts.include, ctx.output.fields),
  };
}
