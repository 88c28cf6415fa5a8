// Webhook subscriptions, the verifying local receiver, and tools for building receivers:
// every verb, declared once. Their run functions are the files beside this one.
import { WEBHOOK_EVENTS } from '../../api/types.js';
import { parseTrueFalse } from '../../validate.js';
import { groupedCount } from '../../output/view.js';
import { bind, nounBody, verb } from '../declare.js';
import {
  byteSize,
  count,
  custom,
  flag,
  id,
  listOf,
  oneOf,
  path,
  port,
  raw,
  seconds,
  text,
  texts,
  url,
} from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { DEFAULT_INBOX_SIZE, MAX_INBOX_SIZE, MIN_INBOX_BYTES } from '../../webhooks/inbox/size.js';
import { pickWebhook } from '../pick.js';
import { deliveries } from './deliveries/index.js';

const HOOK_ID = { required: true, complete: { ids: 'webhooks' }, prompt: pickWebhook() } as const;
const hookId = id('<id>', 'subscription id', HOOK_ID);

export const list = verb({
  name: 'list',
  summary: 'list webhook subscriptions (stored secrets are never shown)',
  flags: () => ({
    company: id('--company', 'only this company (default: config key company)', { field: 'company_id' }),
    ...LIST_FLAGS,
  }),
  examples: ['pwctl webhooks list', 'pwctl webhooks list --company 1 -o json'],
  mcp: { description: 'List webhook subscriptions.' },
});

export const get = verb({
  name: 'get',
  summary: 'show one subscription',
  flags: () => ({ id: hookId }),
  examples: ['pwctl webhooks get 12'],
  mcp: { description: 'Get a webhook subscription.' },
});

export const create = verb({
  name: 'create',
  summary: 'subscribe a URL to one event type; prints the signing secret once and stores it for `listen`',
  details: `Event types: ${WEBHOOK_EVENTS.slice(0, 4).join(', ')},\n  ${WEBHOOK_EVENTS.slice(4).join(', ')}`,
  flags: () => ({
    url: url('--url', 'URL that receives the deliveries (http or https)', { required: true }),
    event: oneOf('--event', WEBHOOK_EVENTS, 'event type, e.g. task.completed', {
      required: true,
      placeholder: '<type>',
    }),
    company: id('--company', 'company to subscribe to (default: config key company)', { field: 'company_id' }),
    saveSecret: flag('--no-save-secret', 'do not keep the secret in the config store'),
  }),
  examples: ['pwctl webhooks create --url http://127.0.0.1:8787/ --event task.completed --company 1'],
  effects: { writes: true },
});

export const update = verb({
  name: 'update',
  summary: "change a subscription's URL or active state",
  flags: () => ({
    id: hookId,
    url: url('--url', 'new http(s) URL'),
    active: custom(
      '--active',
      'true delivers, false pauses',
      parseTrueFalse,
      { schema: { type: 'boolean' }, fromJson: (v) => v === true },
      { placeholder: '<true|false>', complete: { values: ['true', 'false'] } },
    ),
  }),
  examples: ['pwctl webhooks update 12 --url https://example.com/hooks', 'pwctl webhooks update 12 --active false'],
  effects: { writes: true },
  rules: [{ anyOf: ['url', 'active'], what: 'nothing to change' }],
});

export const pause = verb({
  name: 'pause',
  summary: 'stop deliveries to a subscription (active false)',
  flags: () => ({ id: hookId }),
  examples: ['pwctl webhooks pause 12'],
  effects: { writes: true },
});

export const resume = verb({
  name: 'resume',
  summary: 'restart deliveries to a paused subscription (active true)',
  flags: () => ({ id: hookId }),
  examples: ['pwctl webhooks resume 12'],
  effects: { writes: true },
});

export const remove = verb({
  name: 'delete',
  summary: 'delete a subscription and forget its stored secret',
  flags: () => ({ id: hookId }),
  examples: ['pwctl webhooks delete 12 --yes'],
  effects: { writes: true, confirms: true },
});

export const listen = verb({
  name: 'listen',
  summary: 'run a local receiver that verifies signed deliveries, prints them, and can forward them',
  details: `Output: a line per delivery (time, event, resource, subscription, duplicate mark);
  with -o json or -o ndjson one object per line: {received_at, event, subscription_id, duplicate, payload}.
Rejections go to stderr, one line each; in a flood, one summary line per second.
--forward-to relays a delivery once: a duplicate (marked so) is not relayed again, and a line
  on stderr says so.
Bodies not yet verified hold at most 4 × --max-body (at least 1 MiB) together; past that
  the sender that has been sending longest is answered 503 and dropped.
While it runs, \`pwctl webhooks trigger <event>\` finds it (no --to) and signs with the secret the
  profile stored for that event's subscription; the banner prints such a line (try: …).
Every delivery answered (accepted, or rejected for its signature or size) is kept in the
  profile's inbox, after its answer: \`pwctl webhooks deliveries list | show | replay\`.
--inspect also serves a live page on 127.0.0.1 (its address, with this run's key, is printed
  on stderr): the inbox's newest deliveries, then every delivery as it arrives, verified or
  rejected with the reason, its headers and payload, and a Replay button that sends it again
  as \`deliveries replay\` does: to the URL typed beside it (else to its --forward-to target),
  with its own Signature or re-signed with its subscription's stored secret (a rejected one
  only once you confirm it: its bytes came from an unverified sender). Only the page opened at
  that address can read or replay deliveries; it holds the newest 1,000.`,
  flags: () => ({
    port: port('--port', 'port to listen on; 0 picks a free one', { default: 8787 }),
    host: text('--host', 'address to bind (anything but loopback is reachable from other machines)', {
      default: '127.0.0.1',
      nonEmpty: true,
      placeholder: '<addr>',
    }),
    path: raw('--path', 'accept deliveries only at this path (default: any path)', { placeholder: '<p>' }),
    secretFile: texts(
      '--secret-file',
      'file of signing secrets to accept, one per line (also PWCTL_WEBHOOK_SECRET and every secret stored for the profile)',
      { placeholder: '<path>', complete: { files: true } },
    ),
    secret: texts('--secret', 'signing secret to accept (other users can see it in ps: prefer --secret-file)', {
      placeholder: '<s>',
    }),
    events: listOf('--events', WEBHOOK_EVENTS, 'show and forward only these event types (comma-separated)'),
    forwardTo: texts(
      '--forward-to',
      'relay accepted deliveries (the body byte for byte, with its Content-Type, Signature and User-Agent); event=url relays only that event',
      { placeholder: '<[event=]url>' },
    ),
    maxBody: count('--max-body', 'answer 413 to bodies larger than this', {
      default: 1024 * 1024,
      placeholder: '<bytes>',
    }),
    maxConnections: count('--max-connections', 'close connections beyond this many open at once', { default: 256 }),
    readTimeout: seconds('--read-timeout', 'drop a sender that has not sent a whole request within this time', {
      default: 10,
    }),
    forwardTimeout: seconds('--forward-timeout', 'give up on a forward target after this time', { default: 10 }),
    inspect: port(
      '--inspect',
      'also serve a live page of the deliveries on 127.0.0.1 at this port (default 8788; 0 picks a free one)',
      { bare: 8788 },
    ),
    inbox: flag('--no-inbox', 'keep no delivery in the inbox (`webhooks deliveries`)'),
    inboxSize: count(
      '--inbox-size',
      `keep the newest this many deliveries in the inbox (default ${groupedCount(DEFAULT_INBOX_SIZE)})`,
      { max: MAX_INBOX_SIZE },
    ),
    inboxBytes: byteSize(
      '--inbox-bytes',
      'and at most about this much of them on disk, dropping the oldest first (default 512M)',
      { min: MIN_INBOX_BYTES, minInWords: '1M' },
    ),
  }),
  rules: [{ exclusive: ['inbox', 'inboxSize'] }, { exclusive: ['inbox', 'inboxBytes'] }],
  examples: [
    'pwctl webhooks listen --port 8787 --secret-file ~/.config/pwctl-hooks.secret',
    'pwctl webhooks listen -o ndjson | jq .payload.title',
    'pwctl webhooks listen --forward-to task.completed=http://localhost:3000/hooks --forward-to http://localhost:4000/all',
    'pwctl webhooks listen --inspect --forward-to http://localhost:3000/hooks',
  ],
});

export const verify = verb({
  name: 'verify',
  summary: "check a delivery's signature: exit 0 if it matches, 1 if not (the rules `listen` uses)",
  flags: () => ({
    secretFile: path(
      '--secret-file',
      'file of signing secrets, one per line; the body verifies if one matches (default: PWCTL_WEBHOOK_SECRET)',
    ),
    secret: text('--secret', 'the signing secret itself (other users can see it in ps: prefer --secret-file)', {
      placeholder: '<s>',
    }),
    signature: text('--signature', "the Signature header's value", { required: true, placeholder: '<hex>' }),
    file: path('--file', 'the raw body; - or nothing reads standard input', { placeholder: '<path|->' }),
  }),
  rules: [{ exclusive: ['secret', 'secretFile'] }],
  examples: ['pwctl webhooks verify --secret-file hooks.secret --signature "$SIG" --file body.json'],
  effects: { offline: true },
});

export const trigger = verb({
  name: 'trigger',
  summary: 'send one signed delivery of an event type to a receiver you are building',
  details: `With a \`webhooks listen\` of this profile running, \`trigger <event>\` needs nothing else: it
  sends to that listener, signed with the secret the profile stored for its one subscription of
  that event (the secret listen verifies it with). Several subscriptions of the event: pick one
  with --subscription <id>. Several listeners: pick one with --to.`,
  flags: () => ({
    event: oneOf(
      '[event]',
      WEBHOOK_EVENTS,
      "event type, e.g. task.completed (with --subscription: the subscription's)",
    ),
    to: url(
      '--to',
      "receiver URL (default: the running `webhooks listen` of this profile; with --subscription: the subscription's URL)",
    ),
    secretFile: path(
      '--secret-file',
      'file holding the signing secret (default: PWCTL_WEBHOOK_SECRET, else the secret stored for the one subscription of <event>)',
    ),
    secret: text('--secret', 'the signing secret itself (other users can see it in ps: prefer --secret-file)', {
      placeholder: '<s>',
    }),
    subscription: id('--subscription', 'send as this subscription: its stored secret, event type and URL', {
      complete: { ids: 'webhooks' },
    }),
    file: path('--file', 'send this body instead of a realistic sample (- for standard input)', {
      placeholder: '<payload.json>',
    }),
  }),
  rules: [{ exclusive: ['secret', 'secretFile'] }],
  examples: [
    'pwctl webhooks trigger task.completed',
    'pwctl webhooks trigger task.completed --to http://localhost:3000/hooks --secret-file ~/.config/hooks.secret',
    'pwctl webhooks trigger --subscription 12 --to http://localhost:3000/hooks',
  ],
  // It sends to a receiver, not to the service: --dry-run shows the delivery instead.
  effects: { writes: true },
});

export const webhooks = nounBody({
  examples: [
    'pwctl webhooks create --url https://example.com/hooks --event task.completed --company 1',
    'pwctl webhooks pause 12 && pwctl webhooks resume 12',
    'pwctl webhooks listen --forward-to task.completed=http://localhost:3000/hooks',
  ],
  commands: [
    bind(list, () => import('./list.js')),
    bind(get, () => import('./get.js')),
    bind(create, () => import('./create.js')),
    bind(update, () => import('./update.js')),
    bind(pause, async () => ({ run: (await import('./update.js')).pause })),
    bind(resume, async () => ({ run: (await import('./update.js')).resume })),
    bind(remove, () => import('./delete.js')),
    bind(listen, () => import('./listen.js')),
    bind(verify, () => import('./verify.js')),
    bind(trigger, () => import('./trigger.js')),
    deliveries,
  ],
});
