// `webhooks deliveries`: what `listen` kept in the profile's inbox — listed, shown whole, and
// sent again. Declared once; the run functions are the files beside this one.
import { WEBHOOK_EVENTS } from '../../../api/types.js';
import { UsageError } from '../../../errors.js';
import { isDeliveryIdPrefix, MIN_ID_PREFIX } from '../../../webhooks/inbox/ids.js';
import { parseCount, parseMoment } from '../../../validate.js';
import { bind, noun, verb } from '../../declare.js';
import { watchFlag } from '../../watch-flag.js';
import { choice, custom, customList, flag, oneOf, pick, url } from '../../flags.js';

function parseDeliveryId(value: string, name: string): string {
  const id = value.trim().toLowerCase();
  if (!isDeliveryIdPrefix(id))
    throw new UsageError(
      `${name} must be a delivery id as \`pwctl webhooks deliveries list\` shows it (11 letters and digits), or its first ${MIN_ID_PREFIX} or more, got ${JSON.stringify(value)}`,
    );
  return id;
}

const ID_SCHEMA = { type: 'string', pattern: `^[0-9a-z]{${MIN_ID_PREFIX},11}$` };
const pickDelivery = pick(
  'Delivery',
  async (ctx) => (await import('./choices.js')).deliveryChoices(ctx),
  'the inbox is empty: `pwctl webhooks listen` keeps every delivery it answers',
);

export const list = verb({
  name: 'list',
  summary: 'list the deliveries listen kept, newest first',
  details: `Output: {id, received_at, event, subscription_id, verdict, reason, duplicate, size,
  suggested_subscription_id} per delivery.
A rejected delivery's reason is one of: no signature, malformed signature, no secret matches,
  body over --max-body. No secret vouches for its sender, so its subscription_id is null: its
  event, and suggested_subscription_id (shown as 12? in the table), are only what its payload's
  shape suggests.`,
  flags: () => ({
    event: oneOf('--event', WEBHOOK_EVENTS, 'only deliveries of this event type', { placeholder: '<type>' }),
    verdict: choice(
      {
        '--verified': ['verified', 'only deliveries whose signature verified'],
        '--rejected': ['rejected', 'only deliveries that were rejected'],
      },
      'only verified or only rejected deliveries',
      { field: 'verdict' },
    ),
    since: custom(
      '--since',
      'only deliveries received since then: 30m, 2h, 3d (ago), YYYY-MM-DD, today, HH:MM, YYYY-MM-DDTHH:MM',
      parseMoment,
      { schema: { type: 'string' }, fromJson: (v, f) => parseMoment(String(v), f) },
      { placeholder: '<time>' },
    ),
    limit: custom(
      '--limit',
      'at most this many (default 30)',
      (value, name) => parseCount(value, name),
      { schema: { type: 'integer', minimum: 1 }, fromJson: (v, f) => parseCount(String(v), f) },
      { placeholder: '<n>' },
    ),
    all: flag('--all', 'every delivery the inbox keeps'),
    watch: watchFlag(),
  }),
  rules: [{ exclusive: ['limit', 'all'] }],
  examples: [
    'pwctl webhooks deliveries list',
    'pwctl webhooks deliveries list --rejected --since 2h',
    'pwctl webhooks deliveries list --watch',
    'pwctl webhooks deliveries list --event task.completed -o json',
  ],
  effects: { offline: true },
});

export const show = verb({
  name: 'show',
  // As `get` is shown by other nouns.
  aliases: ['get', 'view'],
  summary: 'show one kept delivery: its result, headers and payload',
  details: `With -o json (or yaml, ndjson) the record holds the exact bytes received in body: as text
  when they are valid UTF-8 (body_encoding "utf-8"), else in base64 (body_encoding "base64");
  payload is the body parsed, when it is JSON.`,
  flags: () => ({
    id: custom(
      '<id>',
      'delivery id (from `deliveries list`), or its first few characters',
      parseDeliveryId,
      { schema: ID_SCHEMA, fromJson: (v, f) => parseDeliveryId(String(v), f) },
      { required: true, complete: { ids: 'deliveries' }, prompt: pickDelivery },
    ),
  }),
  examples: [
    'pwctl webhooks deliveries show k3x9q2m1a07',
    'pwctl webhooks deliveries show k3x9q2m1a07 -o json | jq -r .body > body.json',
  ],
  effects: { offline: true },
});

export const replay = verb({
  name: 'replay',
  summary: 'send kept deliveries again, byte for byte, to --to or to where they were forwarded',
  details: `Each delivery goes out as it came: the exact body, with its Content-Type, Signature and
  User-Agent; with --resign its Signature is made anew with its subscription's stored secret.
A rejected delivery's bytes came from an unverified sender: it is never re-signed without
  --resign-rejected (--resign alone refuses it, before anything is sent). Without either, it is
  sent as it came, with the Signature it came with, if any.
Without --to, a delivery goes to every --forward-to target listen relayed it to.
They are sent one at a time, in the order given (a receiver may care about the order).
One result per delivery and receiver, as for bulk verbs; a receiver's answer other than 2xx fails.`,
  flags: () => ({
    ids: customList(
      '<id...>',
      'delivery ids (from `deliveries list`), or their first few characters',
      parseDeliveryId,
      {
        schema: { type: 'array', items: ID_SCHEMA, minItems: 1 },
        fromJson: (v, f) => (v as unknown[]).map((x, i) => parseDeliveryId(String(x), `${f}[${i}]`)),
      },
      { required: true, complete: { ids: 'deliveries' } },
    ),
    to: url('--to', 'receiver to send them to (default: the --forward-to targets each was relayed to)'),
    resign: flag('--resign', "sign each verified delivery anew with its subscription's stored secret"),
    resignRejected: flag(
      '--resign-rejected',
      'sign rejected deliveries anew too (implies --resign for them), with the secret of the subscription their shape suggests: their bytes came from an unverified sender, and a new signature makes them look genuine',
    ),
  }),
  examples: [
    'pwctl webhooks deliveries replay k3x9q2m1a07 --to http://localhost:3000/hooks',
    'pwctl webhooks deliveries replay k3x9q2m1a07 k3x9q2m1b07 --resign',
    'pwctl webhooks deliveries replay k3x9q2m1c07 --to http://localhost:3000/hooks --resign-rejected',
  ],
  // It sends to a receiver, not to the service: --dry-run shows the deliveries instead.
  effects: { writes: true },
});

export const deliveries = noun({
  name: 'deliveries',
  summary: "the deliveries `listen` kept in the profile's inbox: list, show, replay",
  details: `Every delivery listen answers (accepted, or rejected for its signature or size) is kept:
  the newest 10,000 (listen --inbox-size), unless listen runs with --no-inbox. Rejected ones
  take at most a tenth of that, so that forgeries cannot push verified deliveries out.`,
  examples: [
    'pwctl webhooks deliveries list --rejected',
    'pwctl webhooks deliveries replay k3x9q2m1a07 --to http://localhost:3000/hooks',
  ],
  commands: [
    bind(list, () => import('./list.js')),
    bind(show, () => import('./show.js')),
    bind(replay, () => import('./replay.js')),
  ],
});
