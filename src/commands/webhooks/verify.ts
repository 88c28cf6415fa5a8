import { CommandFailedError } from '../../errors.js';
import { describeMalformedSignature, verifySignature } from '../../webhooks/signature.js';
import { readInputBytes } from '../read-input.js';
import { resolveSecret } from './secret-option.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { verify } from './index.js';

export const run: RunOf<typeof verify> = async (ctx, opts) => {
  const secret = resolveSecret(ctx, opts.secret);
  const body = await readInputBytes(ctx, opts.file ?? '-', '--file');
  // The very function `listen` uses, so the two always agree.
  const valid = verifySignature(body, opts.signature, secret);
  const reason = valid ? undefined : (describeMalformedSignature(opts.signature) ?? 'signature does not match');
  if (!ctx.output.forPeople) await ctx.output.value(valid ? { valid, bytes: body.length } : { valid, bytes: body.length, reason });
  if (!valid) throw new CommandFailedError(reason);
  if (ctx.output.forPeople) ctx.io.notice(`✓ signature matches the ${body.length}-byte body`);
};
