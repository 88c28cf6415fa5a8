// What the picker offers when `deliveries show` is run without an id on a terminal: each
// delivery by its time, event and the record its payload names (`#107 Moodboard`), so that
// deliveries of one event in one second are told apart; the verdict and the id as the hint.
import type { Choice } from '../../flags.js';
import type { Ctx } from '../../context.js';
import { readEntries } from '../../../webhooks/inbox/reader.js';
import { payloadResource, resourceText } from '../../../webhooks/resource.js';
import { inboxDirOf, readInbox } from './inbox.js';
import { localTime } from './views.js';

const OFFERED = 100;
/** A title longer than this is cut: the line is one row of a terminal. */
const TITLE_CHARS = 40;

export async function deliveryChoices(ctx: Ctx): Promise<Choice[]> {
  const dir = inboxDirOf(ctx);
  return readInbox(() => readEntries(dir, OFFERED), dir).map((d) => {
    const resource = payloadResource(d.body, TITLE_CHARS);
    const verdict =
      d.verdict === 'verified' ? (d.duplicate ? 'verified, duplicate' : 'verified') : (d.reason ?? 'rejected');
    return {
      value: d.id,
      label: [localTime(d.received_at), d.event ?? 'unknown event', resource ? resourceText(resource) : null]
        .filter((part) => part !== null)
        .join(' '),
      hint: `${verdict} · ${d.id}`,
    };
  });
}
