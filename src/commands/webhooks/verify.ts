import type { Factory } from '../../factory.js';
import { CommandFailedError } from '../../errors.js';
import { describeMalformedSignature, verifySignature } from '../../webhooks/signature.js';
import { readInputBytes } from '../read-input.js';
import { resolveSecret } from './secret-option.js';

export interface VerifyOptions {
  secret?: string;
  signature: string;
  file?: string;
}

export async function run(ctx: Factory, opts: VerifyOptions): Promise<void> {
  const secret = resolveSecret(ctx, opts.secret);
  const body = await readInputBytes(ctx, opts.file ?? '-', '--file');
  // The very function `listen` uses, so the two always agree.
  const valid = verifySignature(body, opts.signature, secret);
  const reason = valid ? undefined : (describeMalformedSignature(opts.signature) ?? 'signature does not match');
  if (ctx.settings.output !== 'table') await ctx.output.value(valid ? { valid, bytes: body.length } : { valid, bytes: body.length, reason });
  if (!valid) throw new CommandFailedError(reason);
  if (ctx.settings.output === 'table') ctx.io.notice(`✓ signature matches the ${body.length}-byte body`);
}
