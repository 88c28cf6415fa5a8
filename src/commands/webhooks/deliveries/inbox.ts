// The profile's delivery inbox, as the commands reach it: opened for writing by `listen`,
// read by `deliveries list/show/replay`, with the failures said in the commands' words.
import { CommandFailedError, ConfigError, UsageError } from '../../../errors.js';
import { escapeInline } from '../../../io/sanitize.js';
import type { InboxEntry } from '../../../webhooks/inbox/entry.js';
import { findEntries } from '../../../webhooks/inbox/reader.js';
import { inboxDir } from '../../../webhooks/inbox/segments.js';
import { DEFAULT_INBOX_BYTES, DEFAULT_INBOX_SIZE } from '../../../webhooks/inbox/size.js';
import { InboxWriter } from '../../../webhooks/inbox/writer.js';
import type { Ctx } from '../../context.js';

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

/** The kept deliveries with these ids, in the order given; an id the inbox does not keep is a usage error. */
export function entriesByIds(ctx: Ctx, ids: readonly string[]): InboxEntry[] {
  const dir = inboxDirOf(ctx);
  const found = readInbox(() => findEntries(dir, ids), dir);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const which = missing.length === 1 ? `delivery ${missing[0]} is` : `deliveries ${missing.join(', ')} are`;
    throw new UsageError(
      `${which} not in the inbox of profile ${ctx.profileName} (it keeps the newest --inbox-size deliveries); \`pwctl webhooks deliveries list\` shows what it keeps`,
    );
  }
  return ids.map((id) => found.get(id)!);
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
