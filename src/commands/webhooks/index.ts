import { Argument, Option, type Command } from 'commander';
import { WEBHOOK_EVENTS } from '../../api/types.js';
import { completeWith } from '../../completion/values.js';
import { action, collect, type Session } from '../action.js';
import { addListOptions } from '../list-options.js';
import type { CreateOptions } from './create.js';
import type { ListOptions } from './list.js';
import type { ListenOptions } from './listen.js';
import type { TriggerOptions } from './trigger.js';
import type { UpdateOptions } from './update.js';
import type { VerifyOptions } from './verify.js';

export function registerWebhooks(program: Command, session: Session): void {
  const webhooks = program
    .command('webhooks')
    .description('webhook subscriptions, a verifying local receiver, and tools for building receivers');

  addListOptions(
    webhooks
      .command('list')
      .description('list webhook subscriptions (stored secrets are never shown)')
      .option('--company <id>', 'only this company (default: config key company)'),
  ).action(action(session, async (ctx, opts: ListOptions) => (await import('./list.js')).run(ctx, opts)));

  webhooks
    .command('get')
    .description('show one subscription')
    .argument('<id>', 'subscription id')
    .action(action(session, async (ctx, id: string) => (await import('./get.js')).run(ctx, id)));

  webhooks
    .command('create')
    .description('subscribe a URL to one event type; prints the signing secret once and stores it for `listen`')
    .requiredOption('--url <url>', 'http(s) URL that receives the deliveries')
    .addOption(completeWith(new Option('--event <type>', 'event type, e.g. task.completed (see `pwctl webhooks create --help`)').makeOptionMandatory(), { values: WEBHOOK_EVENTS }))
    .option('--company <id>', 'company to subscribe to (default: config key company)')
    .option('--no-save-secret', 'do not keep the secret in the config store')
    .addHelpText(
      'after',
      '\nEvent types: project.created, task.created, task.completed, task.due_date_updated,\n  task.tags_updated, phase.updated, milestone.created, milestone.updated\n\nExample:\n  pwctl webhooks create --url http://127.0.0.1:8787/ --event task.completed --company 1',
    )
    .action(action(session, async (ctx, opts: CreateOptions) => (await import('./create.js')).run(ctx, opts)));

  webhooks
    .command('update')
    .description('change a subscription\'s URL or active state')
    .argument('<id>', 'subscription id')
    .option('--url <url>', 'new http(s) URL')
    .addOption(completeWith(new Option('--active <true|false>', 'true delivers, false pauses'), { values: ['true', 'false'] }))
    .action(action(session, async (ctx, id: string, opts: UpdateOptions) => (await import('./update.js')).run(ctx, id, opts)));

  webhooks
    .command('pause')
    .description('stop deliveries to a subscription (active false)')
    .argument('<id>', 'subscription id')
    .action(action(session, async (ctx, id: string) => (await import('./update.js')).setActive(ctx, id, false)));

  webhooks
    .command('resume')
    .description('restart deliveries to a paused subscription (active true)')
    .argument('<id>', 'subscription id')
    .action(action(session, async (ctx, id: string) => (await import('./update.js')).setActive(ctx, id, true)));

  webhooks
    .command('delete')
    .description('delete a subscription and forget its stored secret')
    .argument('<id>', 'subscription id')
    .action(action(session, async (ctx, id: string) => (await import('./delete.js')).run(ctx, id)));

  webhooks
    .command('listen')
    .description('run a local receiver that verifies signed deliveries, prints them, and can forward them')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '8787')
    .option('--host <addr>', 'address to bind (anything but loopback is reachable from other machines)', '127.0.0.1')
    .option('--path <p>', 'accept deliveries only at this path (default: any path)')
    .option('--secret-file <path>', 'file of signing secrets to accept, one per line (repeatable; also PWCTL_WEBHOOK_SECRET and every secret stored for the profile)', collect)
    .option('--secret <s>', 'signing secret to accept (repeatable; other users can see it in ps: prefer --secret-file)', collect)
    .addOption(completeWith(new Option('--events <types>', 'show and forward only these event types (comma-separated)'), { values: WEBHOOK_EVENTS, list: true }))
    .option('--forward-to <[event=]url>', 'relay accepted deliveries (the body byte for byte, with its Content-Type, Signature and User-Agent); event=url relays only that event (repeatable)', collect)
    .option('--max-body <bytes>', 'answer 413 to bodies larger than this', String(1024 * 1024))
    .option('--max-connections <n>', 'close connections beyond this many open at once', '256')
    .addOption(new Option('--read-timeout <seconds>', 'drop a sender that has not sent a whole request within this time').default('10'))
    .addOption(new Option('--forward-timeout <seconds>', 'give up on a forward target after this time').default('10'))
    .addHelpText(
      'after',
      '\nOutput: a line per delivery (time, event, resource, subscription, duplicate mark);\n  with -o json or -o ndjson one object per line: {received_at, event, subscription_id, duplicate, payload}.\nRejections go to stderr, one line each; in a flood, one summary line per second.\nBodies not yet verified hold at most 4 × --max-body (at least 1 MiB) together; past that\n  the sender that has been sending longest is answered 503 and dropped.\n\nExamples:\n  pwctl webhooks listen --port 8787 --secret-file ~/.config/pwctl-hooks.secret\n  pwctl webhooks listen -o ndjson | jq .payload.title\n  pwctl webhooks listen --forward-to task.completed=http://localhost:3000/hooks --forward-to http://localhost:4000/all',
    )
    .action(action(session, async (ctx, opts: ListenOptions) => (await import('./listen.js')).run(ctx, opts)));

  webhooks
    .command('verify')
    .description('check a delivery\'s signature: exit 0 if it matches, 1 if not (the rules `listen` uses)')
    .option('--secret-file <path>', 'file of signing secrets, one per line; the body verifies if one matches (default: PWCTL_WEBHOOK_SECRET)')
    .option('--secret <s>', 'the signing secret itself (other users can see it in ps: prefer --secret-file)')
    .requiredOption('--signature <hex>', 'the Signature header\'s value')
    .option('--file <path|->', 'the raw body; - or nothing reads standard input')
    .action(action(session, async (ctx, opts: VerifyOptions) => (await import('./verify.js')).run(ctx, opts)));

  webhooks
    .command('trigger')
    .description('send one signed delivery of an event type to a receiver you are building')
    .addArgument(completeWith(new Argument('[event]', 'event type, e.g. task.completed (with --subscription: the subscription\'s)'), { values: WEBHOOK_EVENTS }))
    .option('--to <url>', 'receiver URL (with --subscription: default the subscription\'s URL)')
    .option('--secret-file <path>', 'file holding the signing secret (default: PWCTL_WEBHOOK_SECRET)')
    .option('--secret <s>', 'the signing secret itself (other users can see it in ps: prefer --secret-file)')
    .addOption(completeWith(new Option('--subscription <id>', 'send as this subscription: its stored secret, event type and URL'), { ids: 'webhooks' }))
    .option('--file <payload.json>', 'send this body instead of a realistic sample (- for standard input)')
    .addHelpText(
      'after',
      '\nExamples:\n  pwctl webhooks trigger task.completed --to http://localhost:3000/hooks --secret-file ~/.config/hooks.secret\n  pwctl webhooks trigger --subscription 12 --to http://localhost:3000/hooks',
    )
    .action(action(session, async (ctx, event: string | undefined, opts: TriggerOptions) => (await import('./trigger.js')).run(ctx, event, opts)));
}
