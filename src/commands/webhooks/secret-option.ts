import type { Ctx } from '../context.js';
import { UsageError } from '../../errors.js';
import { requireNonEmpty } from '../../validate.js';

/** --secret, else PWCTL_WEBHOOK_SECRET; one of them is required. */
export function resolveSecret(ctx: Ctx, flag: string | undefined): string {
  if (flag !== undefined) return requireNonEmpty(flag, '--secret');
  const env = ctx.env.PWCTL_WEBHOOK_SECRET;
  if (env !== undefined && env !== '') return env;
  throw new UsageError('--secret <s> is required (or set PWCTL_WEBHOOK_SECRET)');
}
