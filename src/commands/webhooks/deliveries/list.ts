import { readSummaries } from '../../../webhooks/inbox/reader.js';
import type { RunOf } from '../../declare.js';
import { DEFAULT_LIMIT } from '../../list-flags.js';
import type { list } from './index.js';
import { inboxDirOf, readInbox } from './inbox.js';
import { DELIVERY_LIST_VIEW, rowOf } from './views.js';

export const run: RunOf<typeof list> = async (ctx, opts) => {
  ctx.output.checkFields(DELIVERY_LIST_VIEW);
  const dir = inboxDirOf(ctx);
  const matching = readInbox(() => readSummaries(dir), dir).filter(
    (d) =>
      (opts.event === undefined || d.event === opts.event) &&
      (opts.verdict === undefined || d.verdict === opts.verdict) &&
      (opts.since === undefined || Date.parse(d.received_at) >= opts.since),
  );
  const limit = opts.all ? matching.length : (opts.limit ?? DEFAULT_LIMIT);
  const shown = matching.slice(0, limit).map(rowOf);
  const count = await ctx.output.list(shown, DELIVERY_LIST_VIEW, {
    truncated: shown.length < matching.length,
    requests: 0,
  });
  if (count === 0 && ctx.output.forPeople)
    ctx.io.notice(
      opts.event || opts.verdict || opts.since !== undefined
        ? 'no kept delivery matches'
        : 'the inbox is empty: `pwctl webhooks listen` keeps every delivery it answers',
    );
};
