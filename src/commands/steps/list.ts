import { listSteps, type StepFilters } from '../../api/steps.js';
import type { Step } from '../../api/types.js';
import type { OptionsFor, RunOf } from '../declare.js';
import { limitOf, printList } from '../list-flags.js';
import { matchesSearch, readsBeyondLimit, refine, type Refinement } from '../list-refine.js';
import type { list } from './index.js';
import { includesFor } from './includes.js';
import { stepView } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  const filters: StepFilters = {
    company_id: opts.company ?? ctx.settings.company,
    completed: opts.completed,
    has_due_date: opts.hasDueDate,
    include: includesFor(opts.include, ctx.output.fields),
  };
  const limit = limitOf(opts);
  const view = stepView({ tags: filters.include?.includes('tags') });
  const refinement: Refinement<Step> = { keep: keeper(opts), sort: opts.sort };
  const client = await ctx.api();
  await printList(
    ctx,
    view,
    (paging) =>
      refine(
        ctx,
        listSteps(client, filters, readsBeyondLimit(refinement) ? 'all' : limit, paging),
        refinement,
        limit,
        view,
        paging,
      ),
    'no tasks match',
  );
};

/** The client-side filters as one test; undefined when none was given. */
function keeper(opts: OptionsFor<typeof list>): ((step: Step) => boolean) | undefined {
  const tests: ((step: Step) => boolean)[] = [];
  if (opts.project !== undefined) tests.push((s) => s.project.id === opts.project);
  if (opts.phase !== undefined) tests.push((s) => s.phase.id === opts.phase);
  if (opts.client !== undefined) tests.push((s) => s.client?.id === opts.client);
  if (opts.assignee !== undefined) {
    const who = opts.assignee.trim().toLowerCase();
    tests.push((s) => (s.assignees ?? []).some((a) => String(a.id) === who || a.name.toLowerCase() === who));
  }
  if (opts.search !== undefined) tests.push((s) => matchesSearch(s.title, opts.search!));
  // Due dates are calendar days: the day part of the API's timestamp.
  if (opts.dueBefore !== undefined) tests.push((s) => s.due_date !== '' && s.due_date.slice(0, 10) <= opts.dueBefore!);
  if (opts.dueAfter !== undefined) tests.push((s) => s.due_date !== '' && s.due_date.slice(0, 10) >= opts.dueAfter!);
  return tests.length === 0 ? undefined : (step) => tests.every((test) => test(step));
}
