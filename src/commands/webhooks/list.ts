import { listWebhooks } from '../../api/webhooks.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { printList, resolveLimit, type ListFlags } from '../list-options.js';
import { WEBHOOK_VIEW } from './views.js';

export interface ListOptions extends ListFlags {
  company?: string;
}

export async function run(ctx: Factory, opts: ListOptions): Promise<void> {
  const limit = resolveLimit(opts);
  const company = opts.company === undefined ? ctx.settings.company : parseId(opts.company, '--company');
  ctx.output.checkFields(WEBHOOK_VIEW);
  const client = await ctx.api();
  // Records are printed as the API returns them: stored secrets are never merged in.
  await printList(ctx, WEBHOOK_VIEW, (result) => listWebhooks(client, { company_id: company }, limit, result));
}
