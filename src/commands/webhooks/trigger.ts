import { WEBHOOK_EVENTS } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { CommandFailedError, NetworkError } from '../../errors.js';
import { escapeInline } from '../../output/sanitize.js';
import { parseEnum, parseHttpUrl } from '../../validate.js';
import { VERSION } from '../../version.js';
import { postFailure, postRaw } from '../../webhooks/post.js';
import { samplePayload } from '../../webhooks/samples.js';
import { signBody } from '../../webhooks/signature.js';
import { readInputBytes } from '../read-input.js';
import { resolveSecret } from './secret-option.js';

export interface TriggerOptions {
  to: string;
  secret?: string;
  file?: string;
}

export interface TriggerResult {
  event: string;
  url: string;
  status: number;
  status_text: string;
  duration_ms: number;
  bytes: number;
  signature: string;
}

export async function run(ctx: Factory, eventArg: string, opts: TriggerOptions): Promise<void> {
  const event = parseEnum(eventArg, WEBHOOK_EVENTS, '<event>');
  const url = parseHttpUrl(opts.to, '--to');
  const secret = resolveSecret(ctx, opts.secret);
  const body = opts.file === undefined ? Buffer.from(JSON.stringify(samplePayload(event)), 'utf8') : await readInputBytes(ctx, opts.file, '--file');
  if (opts.file !== undefined && !isJson(body)) ctx.io.warn(`--file is not valid JSON; sending it as is`);
  const signature = signBody(secret, body);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': `pwctl/${VERSION} webhooks trigger`,
    Signature: signature,
  };

  if (ctx.dryRun) {
    await ctx.output.value({ dry_run: true, method: 'POST', url, headers, body: body.toString('utf8') }, () =>
      ctx.output.raw(`POST ${url}\nSignature: ${signature}\n\n${escapeInline(body.toString('utf8'))}\n`),
    );
    return;
  }

  let status: number;
  let statusText: string;
  let ms: number;
  try {
    ({ status, statusText, ms } = await postRaw(new URL(url), body, headers, { timeoutMs: ctx.settings.timeoutMs }));
  } catch (error) {
    throw new NetworkError(`cannot deliver to ${url}: ${postFailure(error)}`);
  }
  const result: TriggerResult = { event, url, status, status_text: statusText, duration_ms: ms, bytes: body.length, signature };
  await ctx.output.value(result, () => ctx.output.raw(`${status} ${escapeInline(statusText)} in ${ms} ms from ${url} (${event}, ${body.length} bytes)\n`));
  if (status < 200 || status > 299) throw new CommandFailedError(`the receiver answered ${status} ${statusText}; a delivery counts only with a 2xx answer`);
}

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
