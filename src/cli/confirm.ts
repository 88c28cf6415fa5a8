// Confirmation before a destructive action: --yes (or --dry-run) answers it; a person at a
// TTY is asked; without a TTY it is a usage error raised before any request. Declining ends
// the command with exit 2, as gh does: nothing was done, at the user's word.
import { UsageError } from '../errors.js';
import type { Factory } from './factory.js';

export async function confirmOrCancel(ctx: Factory, question: string): Promise<void> {
  if (ctx.flags.yes || ctx.dryRun) return;
  if (!ctx.io.canPrompt) throw new UsageError(`${question.replace(/\?$/, '')}: refusing without a terminal to confirm; pass --yes`);
  const answer = await ctx.io.ask(`${question} [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError('cancelled; nothing was changed');
}
