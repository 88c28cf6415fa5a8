import { isUtf8 } from 'node:buffer';
import type { InboxEntry } from '../../../webhooks/inbox/entry.js';
import { describeMalformedSignature } from '../../../webhooks/signature.js';
import type { RunOf } from '../../declare.js';
import type { show } from './index.js';
import { entriesByIds } from './inbox.js';
import { DELIVERY_VIEW, recordOf } from './views.js';

export const run: RunOf<typeof show> = async (ctx, opts) => {
  ctx.output.checkFields(DELIVERY_VIEW);
  const [entry] = entriesByIds(ctx, [opts.id]);
  if (!ctx.output.forPeople || ctx.output.fields) return ctx.output.record(recordOf(entry!), DELIVERY_VIEW);
  // For people, below the fields: the request's headers, then the payload formatted; one
  // page, through the pager on a terminal when it is taller than the screen.
  await ctx.output.paged(async (output) => {
    await output.record(recordOf(entry!), DELIVERY_VIEW);
    await output.text(`\n${headersText(entry!)}\n${payloadText(entry!)}`);
  });
};

function headersText(entry: InboxEntry): string {
  const lines = entry.headers.map(([name, value]) => `  ${name}: ${value}`);
  const signature = entry.headers.find(([name]) => name === 'signature')?.[1];
  // Why a signature could not even be checked, in the words listen answered with.
  const malformed = entry.reason === 'malformed signature' ? describeMalformedSignature(signature) : undefined;
  return `Headers:\n${lines.join('\n')}\n${malformed ? `  (${malformed})\n` : ''}`;
}

function payloadText(entry: InboxEntry): string {
  const { body } = entry;
  if (entry.reason === 'body over --max-body')
    return `Payload: not kept (${entry.size} bytes, over --max-body: listen did not read it)\n`;
  if (body.length === 0) return 'Payload: empty\n';
  if (entry.body_parses) return `Payload:\n${JSON.stringify(JSON.parse(body.toString('utf8')), null, 2)}\n`;
  if (isUtf8(body)) return `Payload (not JSON):\n${body.toString('utf8')}\n`;
  return `Payload: ${body.length} bytes that are not UTF-8 text; -o json gives them in base64\n`;
}
