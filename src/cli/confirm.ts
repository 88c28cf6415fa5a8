// Confirmation before a destructive action: --yes (or --dry-run) answers it; a person at a
// terminal is asked; otherwise it is a usage error raised before any request. Declining ends
// the command with exit 2, as gh does: nothing was done, at the user's word; Ctrl-C ends it
// with exit 130, as at every prompt. A question that names its records (their titles take a
// request) is put together only when it is actually asked.
import { CANCELLED, InterruptedError, UsageError } from '../errors.js';
import type { Factory } from './factory.js';

export async function confirmOrCancel(ctx: Factory, question: string, naming?: () => Promise<string>): Promise<void> {
  if (ctx.flags.yes || ctx.dryRun) return;
  if (!ctx.io.canPrompt)
    throw new UsageError(`${question.replace(/\?$/, '')}: refusing without a terminal to confirm; pass --yes`);
  const asked = naming ? await naming().catch(() => question) : question;
  const answer = await ctx.io.ask(`${asked} [y/N] `);
  if (answer === undefined) throw new InterruptedError(CANCELLED);
  if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError(CANCELLED);
}
