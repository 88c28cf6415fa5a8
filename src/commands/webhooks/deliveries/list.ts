import type { Screen } from '../../../output/output.js';
import { readSummaries } from '../../../webhooks/inbox/reader.js';
import type { OptionsFor, RunOf } from '../../declare.js';
import { DEFAULT_LIMIT } from '../../list-flags.js';
import type { list } from './index.js';
import { inboxDirOf, readInbox } from './inbox.js';
import { DELIVERY_LIST_VIEW, rowOf } from './views.js';

type Options = OptionsFor<typeof list>;

export const run: RunOf<typeof list> = async (ctx, opts) => {
  ctx.output.checkFields(DELIVERY_LIST_VIEW);
  const dir = inboxDirOf(ctx);
  const read = () => {
    const matching = readInbox(() => readSummaries(dir), dir).filter(
      (d) =>
        (opts.event === undefined || d.event === opts.event) &&
        (opts.verdict === undefined || d.verdict === opts.verdict) &&
        (opts.since === undefined || Date.parse(d.received_at) >= opts.since),
    );
    const limit = opts.all ? matching.length : (opts.limit ?? DEFAULT_LIMIT);
    return { shown: matching.slice(0, limit).map(rowOf), truncated: limit < matching.length };
  };
  if (opts.watch === undefined) return print(ctx, read(), opts);
  // The inbox is a local file: no request, no rate limit to keep to.
  const { watch } = await import('../../../output/watch/watch.js');
  await watch(ctx.output, ctx.io, opts.watch, {
    title: 'pwctl webhooks deliveries list',
    view: DELIVERY_LIST_VIEW,
    key: (row) => row.id,
    read: async () => ({ data: read(), requests: 0 }),
    draw: (screen, data) => print(screen, data, opts),
    records: (data) => data.shown,
  });
};

async function print(
  screen: Screen,
  { shown, truncated }: { shown: ReturnType<typeof rowOf>[]; truncated: boolean },
  opts: Options,
): Promise<void> {
  const count = await screen.output.list(shown, DELIVERY_LIST_VIEW, { truncated, requests: 0 });
  if (count === 0 && screen.output.forPeople)
    screen.io.notice(
      opts.event || opts.verdict || opts.since !== undefined
        ? 'no kept delivery matches'
        : 'the inbox is empty: `pwctl webhooks listen` keeps every delivery it answers',
    );
}
