import { listTags } from '../../api/tags.js';
import { UsageError } from '../../errors.js';
import type { View } from '../../output/view.js';
import type { RunOf } from '../declare.js';
import { limitOf } from '../list-flags.js';
import { readStructure, type TagSummary } from '../structure.js';
import { printSummaries } from '../summaries.js';
import type { list } from './index.js';
import { printTagChange, TAG_ROW_VIEW } from './print.js';

/** A company's tags as its tasks carry them. */
export const TAG_VOCABULARY_VIEW: View<TagSummary> = {
  fields: ['id', 'name', 'color', 'steps'],
  columns: [
    { header: 'ID', field: 'id', value: (t) => t.id, fit: 'whole' },
    { header: 'NAME', field: 'name', value: (t) => t.name, fit: 'shrink' },
    { header: 'COLOR', field: 'color', value: (t) => t.color, fit: 'whole' },
    { header: 'TASKS', field: 'steps', value: (t) => t.steps, fit: 'whole' },
  ],
};

export const run: RunOf<typeof list> = async (ctx, opts) => {
  if (opts.stepId !== undefined) {
    if (opts.limit !== undefined || opts.all)
      throw new UsageError("--limit and --all apply to a company's tags (--company <id>), not to one task's");
    if (ctx.output.tabular) ctx.output.checkFields(TAG_ROW_VIEW);
    const client = await ctx.api();
    await printTagChange(ctx, opts.stepId, await listTags(client, opts.stepId));
    return;
  }
  const company = opts.company ?? ctx.settings.company;
  if (company === undefined)
    throw new UsageError(
      "tags list needs a task or a company: `pwctl tags list <step-id>` for a task's tags, `pwctl tags list --company <id>` for the tags a company's tasks carry (`pwctl config set company <id>` makes it the default)",
    );
  const limit = limitOf(opts);
  ctx.output.checkFields(TAG_VOCABULARY_VIEW);
  const structure = await readStructure(await ctx.api(), company, { steps: { include: ['tags'] } });
  await printSummaries(
    ctx,
    TAG_VOCABULARY_VIEW,
    structure.tags(company),
    limit,
    `no task of company ${company} that you can see carries a tag`,
  );
};
