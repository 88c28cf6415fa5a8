import { listWebhooks } from '../../api/webhooks.js';
import type { Context } from '../../context.js';
import { parseId } from '../../validate.js';
import { resolveLimit, type ListFlags } from '../list-options.js';
import { WEBHOOK_VIEW } from './views.js';

export interface ListOptions extends ListFlags {
  company?: string;
}

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const limit = resolveLimit(opts);
  const company = opts.company === undefined ? ctx.settings.company : parseId(opts.company, '--company');
  ctx.output.checkFields(WEBHOOK_VIEW);
  const client = await ctx.api();
  const result = { truncated: false, requests: 0 };
  // Records are printed as the API returns them: stored secrets are never merged in.
  const count = await ctx.output.list(listWebhooks(client, { company_id: company }, limit, result), WEBHOOK_VIEW);
  if (result.truncated && ctx.io.stderrIsTTY) ctx.notice(`showing the first ${count}; more exist (use --limit <n> or --all)`);
}
