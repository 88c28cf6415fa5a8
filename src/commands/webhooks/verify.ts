import { CommandFailedError } from '../../errors.js';
import { describeMalformedSignature, matchSignature } from '../../webhooks/signature.js';
import { readInputBytes } from '../read-input.js';
import type { RunOf } from '../declare.js';
import type { verify } from './index.js';
import { resolveSecrets, warnAboutSecrets } from './secret-option.js';

export const run: RunOf<typeof verify> = async (ctx, opts) => {
  const { secrets, warnings } = await resolveSecrets(ctx, opts);
  const body = await readInputBytes(ctx, opts.file ?? '-', '--file');
  warnAboutSecrets(ctx, warnings);
  // The very function `listen` uses, so the two always agree (any of a file's secrets, as listen does).
  const valid = matchSignature(body, opts.signature, secrets) >= 0;
  const reason = valid ? undefined : (describeMalformedSignature(opts.signature) ?? 'signature does not match');
  if (!ctx.output.forPeople)
    await ctx.output.value(valid ? { valid, bytes: body.length } : { valid, bytes: body.length, reason });
  if (!valid) throw new CommandFailedError(reason);
  if (ctx.output.forPeople) ctx.io.notice(`✓ signature matches the ${body.length}-byte body`);
};
