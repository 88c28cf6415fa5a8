// What the picker offers when `deliveries show` is run without an id on a terminal.
import type { Choice } from '../../flags.js';
import type { Ctx } from '../../context.js';
import { readSummaries } from '../../../webhooks/inbox/reader.js';
import { inboxDirOf, readInbox } from './inbox.js';
import { localTime } from './views.js';

const OFFERED = 100;

export async function deliveryChoices(ctx: Ctx): Promise<Choice[]> {
  const dir = inboxDirOf(ctx);
  return readInbox(() => readSummaries(dir), dir)
    .slice(0, OFFERED)
    .map((d) => ({
      value: d.id,
      label: `${localTime(d.received_at)} ${d.event ?? 'unknown event'}`,
      hint: d.verdict === 'verified' ? 'verified' : (d.reason ?? 'rejected'),
    }));
}
