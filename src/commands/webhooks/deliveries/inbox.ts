// The profile's delivery inbox, as the commands reach it: opened for writing by `listen`,
// read by `deliveries list/show/replay`, with the failures said in the commands' words.
import { CommandFailedError, ConfigError, NotFoundError, UsageError } from '../../../errors.js';
import { escapeInline } from '../../../io/sanitize.js';
import type { InboxEntry } from '../../../webhooks/inbox/entry.js';
import { matchIds, type IdMatch } from '../../../webhooks/inbox/reader.js';
import type { EntrySummary } from '../../../webhooks/inbox/record.js';
import { inboxDir } from '../../../webhooks/inbox/segments.js';
import { DEFAULT_INBOX_BYTES, DEFAULT_INBOX_SIZE } from '../../../webhooks/inbox/size.js';
import { InboxWriter } from '../../../webhooks/inbox/writer.js';
import type { Ctx } from '../../context.js';
import { localTime } from './views.js';

export function inboxDirOf(ctx: Ctx): string {
  return inboxDir(ctx.env, ctx.profileName);
}

/** The inbox `listen` writes to; a failure to write it later is a warning (once per cause), never the end of the listener. */
export async function openInbox(
  ctx: Ctx,
  size = DEFAULT_INBOX_SIZE,
  bytes = DEFAULT_INBOX_BYTES,
): Promise<InboxWriter> {
  const dir = inboxDirOf(ctx);
  const warned = new Set<string>();
  try {
    return await InboxWriter.open(dir, {
      size,
      bytes,
      onError(error) {
        const cause = causeOf(error);
        if (warned.has(cause)) return;
        warned.add(cause);
        ctx.io.warn(`cannot write the inbox in ${dir} (${cause}): deliveries are not being kept; listening goes on`);
      },
    });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new CommandFailedError(
      `cannot keep deliveries in ${dir} (${causeOf(error)}); set PWCTL_DATA_DIR to a directory of your own, or pass --no-inbox`,
    );
  }
}

/**
 * The kept deliveries these ids name, in the order given. An id may be its first few
 * characters, as git and docker take theirs: several deliveries starting with them is a
 * usage error listing them, none is "not found" (exit 3).
 */
export function entriesByIds(ctx: Ctx, ids: readonly string[]): InboxEntry[] {
  const dir = inboxDirOf(ctx);
  const matches = readInbox(() => matchIds(dir, ids), dir);
  matches.forEach((match, i) => {
    if (match.kind === 'several') throw ambiguous(ids[i]!, match.candidates);
  });
  const missing = ids.filter((_, i) => matches[i]!.kind === 'none');
  if (missing.length > 0) {
    const which = missing.length === 1 ? `delivery ${missing[0]}` : `deliveries ${missing.join(', ')}`;
    throw new NotFoundError(
      `${which} not found in the inbox of profile ${ctx.profileName} (it keeps the newest --inbox-size deliveries); \`pwctl webhooks deliveries list\` shows what it keeps`,
    );
  }
  return matches.map((match) => (match as Extract<IdMatch, { kind: 'one' }>).entry);
}

/** Candidates named in the message; the rest are counted. */
const NAMED_CANDIDATES = 5;

function ambiguous(prefix: string, candidates: readonly EntrySummary[]): UsageError {
  const named = candidates
    .slice(0, NAMED_CANDIDATES)
    .map((d) => `${d.id} (${localTime(d.received_at)} ${d.event ?? 'unknown event'})`);
  const more = candidates.length - named.length;
  return new UsageError(
    `delivery id ${prefix} is ambiguous: ${candidates.length} kept deliveries start with it: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}; give more of the id`,
  );
}

/** Reading the inbox, its failures said as the commands say them. */
export function readInbox<T>(read: () => T, dir: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new CommandFailedError(`cannot read the inbox in ${dir} (${causeOf(error)})`);
  }
}

function causeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? escapeInline(error instanceof Error ? error.message : String(error));
}
