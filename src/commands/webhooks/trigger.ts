import { CommandFailedError, NetworkError } from '../../errors.js';
import { escapeInline } from '../../io/sanitize.js';
import { VERSION } from '../../version.js';
import { Network } from '../../api/network.js';
import { postFailure, postRaw } from '../../webhooks/post.js';
import { samplePayload } from '../../webhooks/samples.js';
import { signBody } from '../../webhooks/signature.js';
import { readInputBytes } from '../read-input.js';
import type { RunOf } from '../declare.js';
import type { trigger } from './index.js';
import { warnAboutSecrets } from './secret-option.js';
import { givenTarget, storedTarget } from './trigger-target.js';

export interface TriggerResult {
  event: string;
  url: string;
  status: number;
  status_text: string;
  duration_ms: number;
  bytes: number;
  signature: string;
}

export const run: RunOf<typeof trigger> = async (ctx, opts) => {
  const { event, url, secret, secretWarnings, found } =
    opts.subscription === undefined ? await givenTarget(ctx, opts) : storedTarget(ctx, opts.subscription, opts);
  const body =
    opts.file === undefined
      ? Buffer.from(JSON.stringify(samplePayload(event)), 'utf8')
      : await readInputBytes(ctx, opts.file, '--file');
  warnAboutSecrets(ctx, secretWarnings);
  if (found.length > 0) ctx.io.notice(`sending ${event} ${found.join(', ')}`);
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
  // The receiver is reached as the service is: its proxies, its trusted CAs (ca_file), its deadline.
  const network = new Network({ caFile: ctx.settings.caFile, env: ctx.env });
  ctx.onClose(() => network.close());
  const target = new URL(url);
  try {
    ({ status, statusText, ms } = await postRaw(network, target, body, headers, ctx.settings.timeoutMs));
  } catch (error) {
    throw new NetworkError(`cannot deliver to ${url}: ${postFailure(network, target, error)}`);
  }
  const result: TriggerResult = {
    event,
    url,
    status,
    status_text: statusText,
    duration_ms: ms,
    bytes: body.length,
    signature,
  };
  await ctx.output.value(result, () =>
    ctx.output.raw(`${status} ${escapeInline(statusText)} in ${ms} ms from ${url} (${event}, ${body.length} bytes)\n`),
  );
  if (status < 200 || status > 299)
    throw new CommandFailedError(
      `the receiver answered ${status} ${statusText}; a delivery counts only with a 2xx answer`,
    );
};

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
