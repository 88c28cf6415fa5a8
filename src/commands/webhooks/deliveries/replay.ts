import { isUtf8 } from 'node:buffer';
import { Network } from '../../../api/network.js';
import { CommandFailedError, NetworkError, UsageError } from '../../../errors.js';
import { escapeInline } from '../../../io/sanitize.js';
import type { InboxEntry } from '../../../webhooks/inbox/entry.js';
import { postFailure } from '../../../webhooks/post.js';
import {
  replayRequest,
  replayTargets,
  resignNeedsAcknowledgement,
  sendReplay,
  subscriptionSecret,
  UNVERIFIED_SENDER_RISK,
  type ReplayRequest,
} from '../../../webhooks/replay.js';
import type { Ctx } from '../../context.js';
import type { OptionsFor, RunOf } from '../../declare.js';
import type { replay } from './index.js';
import { entriesByIds } from './inbox.js';
import { REPLAY_RESULT_VIEW, type ReplayResult } from './views.js';

interface Item {
  id: string;
  request: ReplayRequest;
}

export const run: RunOf<typeof replay> = async (ctx, opts) => {
  // Everything is checked before anything is sent: the ids, where each goes, the secrets.
  const entries = entriesByIds(ctx, opts.ids);
  const to = opts.to === undefined ? undefined : new URL(opts.to);
  const nowhere = entries.filter((entry) => replayTargets(entry, to).length === 0);
  if (nowhere.length > 0) {
    const which =
      nowhere.length === 1
        ? `delivery ${nowhere[0]!.id} was`
        : `deliveries ${nowhere.map((e) => e.id).join(', ')} were`;
    const why = nowhere.every((entry) => entry.duplicate)
      ? 'listen forwards only the first copy of a delivery, not its duplicates'
      : 'listen ran without a --forward-to for it';
    throw new UsageError(`${which} not forwarded anywhere (${why}): give --to <url>`);
  }
  const secrets = resignSecrets(ctx, entries, opts);
  const items: Item[] = entries.flatMap((entry) =>
    replayTargets(entry, to).map((url) => ({
      id: entry.id,
      request: replayRequest(entry, url, secrets.get(entry.id)),
    })),
  );

  if (ctx.dryRun) {
    for (const item of items) await showUnsent(ctx, item);
    if (items.length > 1) ctx.io.notice(`--dry-run: ${items.length} deliveries shown, none sent`);
    return;
  }

  // Receivers are reached as the service is: its proxies, its trusted CAs (ca_file), its deadline.
  const network = new Network({ caFile: ctx.settings.caFile, env: ctx.env });
  ctx.onClose(() => network.close());
  await ctx.bulk(
    items,
    {
      offline: async ({ request }): Promise<ReplayResult> => {
        const url = request.url.href;
        let answer: Awaited<ReturnType<typeof sendReplay>>;
        try {
          answer = await sendReplay(network, request, ctx.settings.timeoutMs);
        } catch (error) {
          throw new NetworkError(`cannot deliver to ${url}: ${postFailure(network, request.url, error)}`);
        }
        if (answer.status < 200 || answer.status > 299) {
          throw Object.assign(
            new CommandFailedError(
              `${url} answered ${answer.status} ${answer.statusText}; a delivery counts only with a 2xx answer`,
            ),
            { status: answer.status },
          );
        }
        return {
          url,
          status: answer.status,
          status_text: answer.statusText,
          duration_ms: answer.ms,
          bytes: request.body.length,
          signature: request.signature ?? null,
          resigned: request.resigned,
        };
      },
    },
    // One at a time, in the order given: a receiver may care about the order of events.
    { done: 'replayed', concurrency: 1, view: REPLAY_RESULT_VIEW, key: (item) => ({ id: item.id }) },
  );
};

/**
 * The secret of each delivery to be signed anew: verified ones with --resign, rejected ones
 * only with --resign-rejected. A rejected one given --resign alone, or one without a stored
 * secret, is a usage error before anything is sent.
 */
function resignSecrets(ctx: Ctx, entries: readonly InboxEntry[], opts: OptionsFor<typeof replay>): Map<string, string> {
  const secrets = new Map<string, string>();
  const acknowledged = opts.resignRejected === true;
  const resigned = entries.filter((entry) =>
    resignNeedsAcknowledgement(entry) ? opts.resign || acknowledged : opts.resign,
  );
  const unacknowledged = acknowledged ? [] : resigned.filter(resignNeedsAcknowledgement);
  if (unacknowledged.length > 0) {
    const one = unacknowledged.length === 1;
    const which = one
      ? `delivery ${unacknowledged[0]!.id} was rejected (${unacknowledged[0]!.reason})`
      : `deliveries ${unacknowledged.map((e) => e.id).join(', ')} were rejected`;
    throw new UsageError(
      `--resign: ${which}: ${UNVERIFIED_SENDER_RISK}; give --resign-rejected to re-sign ${one ? 'it' : 'them'} anyway, or leave out --resign to send ${one ? 'it as it' : 'them as they'} came`,
    );
  }
  for (const entry of resigned) {
    const found = subscriptionSecret(ctx.store.dir, ctx.profileName, entry, acknowledged);
    const flag = resignNeedsAcknowledgement(entry) ? '--resign-rejected' : '--resign';
    if ('problem' in found)
      throw new UsageError(`${flag}: ${found.problem}; replay it without ${flag} to send its original Signature`);
    secrets.set(entry.id, found.secret);
  }
  return secrets;
}

/** --dry-run: the delivery as it would go out. */
async function showUnsent(ctx: Ctx, { id, request }: Item): Promise<void> {
  const text = isUtf8(request.body);
  const body = request.body.toString(text ? 'utf8' : 'base64');
  await ctx.output.value(
    {
      dry_run: true,
      id,
      method: 'POST',
      url: request.url.href,
      headers: request.headers,
      body_encoding: text ? 'utf-8' : 'base64',
      body,
    },
    () =>
      ctx.output.raw(
        `POST ${request.url.href}\n${Object.entries(request.headers)
          .map(([name, value]) => `${name}: ${escapeInline(value)}`)
          .join('\n')}\n\n${escapeInline(body)}\n`,
      ),
  );
}
