import { Network } from '../../api/network.js';
import { isLoopbackHost } from '../../api/no-proxy.js';
import { CommandFailedError, UsageError } from '../../errors.js';
import { escapeInline } from '../../io/sanitize.js';
import { groupedCount } from '../../output/view.js';
import { onStopSignals } from '../../stop-signals.js';
import { byteSizeText, requireNonEmpty } from '../../validate.js';
import { parseForwardTarget } from '../../webhooks/forward.js';
import type { Inspector } from '../../webhooks/inspect/server.js';
import { startListener } from '../../webhooks/listener.js';
import { reachableOrigin, registerListener, type ListenerRecord } from '../../webhooks/listener-registry.js';
import { profileSecrets } from '../../webhooks/profile-secrets.js';
import { RejectionThrottle } from '../../webhooks/rejection-throttle.js';
import { SigningSecrets, type KnownSecret } from '../../webhooks/signing-secrets.js';
import type { Ctx } from '../context.js';
import { openInbox } from './deliveries/inbox.js';
import {
  contradictionLine,
  describeSources,
  duplicateLine,
  forwardLine,
  rejectionLine,
  rejectionSummaryLine,
  summaryLine,
  triggerHint,
} from './listen-lines.js';
import { readSecretFile, SECRET_ON_COMMAND_LINE, warnAboutSecrets } from './secret-option.js';
import { DELIVERY_VIEW } from './views.js';
import type { RunOf } from '../declare.js';
import type { listen } from './index.js';

/** Open requests and relays get this long to finish after Ctrl-C. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Deliveries of earlier runs the inspector page opens on. */
const INSPECTOR_HISTORY = 200;

export const run: RunOf<typeof listen> = async (ctx, opts) => {
  const { port, host, maxBody, maxConnections } = opts;
  const path = opts.path === undefined ? undefined : parsePath(opts.path);
  const events = opts.events === undefined ? undefined : new Set<string>(opts.events);
  const forwardTo = opts.forwardTo.map(parseForwardTarget);
  const readTimeoutMs = opts.readTimeout * 1000;
  const forwardTimeoutMs = opts.forwardTimeout * 1000;
  // Checks --fields too, before the port is opened.
  const output = await ctx.output.stream(DELIVERY_VIEW);

  const fixed: KnownSecret[] = [
    ...opts.secret.map((secret): KnownSecret => ({ secret: requireNonEmpty(secret, '--secret'), source: '--secret' })),
    ...(ctx.env.PWCTL_WEBHOOK_SECRET ? [{ secret: ctx.env.PWCTL_WEBHOOK_SECRET, source: 'PWCTL_WEBHOOK_SECRET' }] : []),
  ];
  const secretWarnings = opts.secret.length > 0 ? [SECRET_ON_COMMAND_LINE] : [];
  const secretFiles: Array<{ path: string; count: number }> = [];
  for (const file of opts.secretFile) {
    const { secrets, warnings } = await readSecretFile(file);
    for (const secret of secrets) fixed.push({ secret, source: '--secret-file' });
    secretFiles.push({ path: file, count: secrets.length });
    secretWarnings.push(...warnings);
  }
  const secrets = new SigningSecrets(fixed, profileSecrets(ctx.store.dir, ctx.profileName));
  // What `webhooks trigger` can send to this listener as printed (only a secret it finds itself, or a file).
  const tryLine = triggerHint({
    secrets: secrets.entries,
    events,
    secretFiles,
    profileFlag: ctx.flags.profile === undefined ? undefined : ctx.profileName,
  });
  const err = (line: string) => ctx.io.error(`${line}\n`);
  const rejections = new RejectionThrottle({
    show: (r) => err(rejectionLine(r)),
    summarise: (total, groups) => err(rejectionSummaryLine(total, groups)),
  });
  const inbox = opts.inbox ? await openInbox(ctx, opts.inboxSize, opts.inboxBytes) : undefined;

  const network = () => new Network({ caFile: ctx.settings.caFile, env: ctx.env });
  // The page's deliveries, kept only with --inspect (its code is loaded only then).
  const kept =
    opts.inspect === undefined
      ? undefined
      : new (await import('../../webhooks/inspect/memory-source.js')).MemorySource({
          network: network(),
          timeoutMs: forwardTimeoutMs,
          // A re-signed replay finds its subscription's secret as `deliveries replay --resign` does.
          storedSecrets: { configDir: ctx.store.dir, profileName: ctx.profileName },
        });
  // The page opens on what earlier runs kept too, not an empty list: the inbox's newest.
  if (kept && inbox) {
    const { readEntries } = await import('../../webhooks/inbox/reader.js');
    for (const entry of readEntries(inbox.dir, INSPECTOR_HISTORY).reverse()) kept.add(entry);
  }

  let listener: Awaited<ReturnType<typeof startListener>>;
  try {
    listener = await startListener(
      {
        host,
        port,
        path,
        maxBody,
        maxConnections,
        readTimeoutMs,
        secrets,
        events,
        forwardTo,
        forwardTimeoutMs,
        network: network(),
        inbox,
      },
      {
        ...(kept ? { onEntry: (entry) => kept.add(entry) } : {}),
        deliveries(records) {
          output.write(records);
        },
        rejected(r) {
          rejections.add(r);
        },
        contradicted(c) {
          ctx.io.warn(contradictionLine(c));
        },
        failed(error) {
          err(
            `error: could not print a delivery: ${escapeInline(error instanceof Error ? error.message : String(error))}`,
          );
        },
        duplicateNotForwarded(record, targets) {
          ctx.io.notice(duplicateLine(record, targets));
        },
        forwarded(record, outcome, entryId) {
          const line = forwardLine(record, outcome);
          if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) ctx.io.notice(line);
          else err(line);
          if (kept && entryId !== undefined)
            kept.forwarded(entryId, {
              target: outcome.target.url.href,
              status: outcome.status,
              ms: outcome.ms,
              error: outcome.error ?? null,
            });
        },
      },
    );
  } catch (error) {
    await inbox?.close();
    throw listenError(error, host, port);
  }

  let inspector: Inspector | undefined;
  if (kept) {
    const { startInspector } = await import('../../webhooks/inspect/server.js');
    try {
      inspector = await startInspector({
        port: opts.inspect!,
        source: kept,
        receiverUrl: `${listener.origin}${path ?? '/'}`,
        forwardTo: forwardTo.map(
          (target) => `${target.event === undefined ? '' : `${target.event}=`}${target.url.href}`,
        ),
        triggerCommand: tryLine,
      });
    } catch (error) {
      await listener.stop(0);
      await kept.close();
      throw inspectError(error, opts.inspect!);
    }
  }

  warnAboutSecrets(ctx, secretWarnings);
  if (!isLoopbackHost(host))
    ctx.io.warn(`--host ${host} is reachable from other machines; only correctly signed deliveries are accepted`);
  const count = secrets.entries.length;
  if (count === 0)
    ctx.io.warn(
      'no signing secrets known yet: every delivery is rejected until you pass --secret-file, set PWCTL_WEBHOOK_SECRET, or create a subscription with `pwctl webhooks create`',
    );
  else
    ctx.io.notice(
      `verifying with ${count} secret${count === 1 ? '' : 's'} (${describeSources(secrets.entries)}); secrets stored later are picked up without a restart`,
    );
  for (const target of forwardTo) ctx.io.notice(`forwarding ${target.event ?? 'every event'} to ${target.url.href}`);
  if (inbox)
    ctx.io.notice(
      `keeping deliveries in ${inbox.dir} (the newest ${groupedCount(inbox.options.size)}, at most ${byteSizeText(inbox.options.bytes)}): \`pwctl webhooks deliveries list\``,
    );
  // Before the ready line, so that a `trigger` run as soon as it is printed finds this listener.
  const unregister = register(
    ctx,
    {
      pid: process.pid,
      profile: ctx.profileName,
      url: `${reachableOrigin(listener.origin)}${path ?? '/'}`,
      started_at: new Date().toISOString(),
      events: opts.events ?? null,
    },
    listener.port,
  );
  if (tryLine) ctx.io.notice(`try: ${tryLine}`);
  ctx.io.notice('press Ctrl-C to stop');
  // Before the ready line: a script that signals as soon as it reads it must find the handler.
  const signalled = waitForSignal();
  // The key in it is this run's: whoever has the address can read and replay the deliveries.
  if (inspector) err(`inspector on ${inspector.url}`);
  // Last, so a script that waits for this line has seen every warning before it.
  err(`listening on ${listener.origin}${path ?? '/'}`);

  await signalled;
  unregister();
  await inspector?.close();
  const summary = await listener.stop(SHUTDOWN_GRACE_MS);
  await kept?.close();
  await inbox?.close();
  rejections.flush();
  await output.end();
  ctx.io.notice(summaryLine(summary, output.dropped, events !== undefined));
};

/**
 * Tell `webhooks trigger` where this listener is (src/webhooks/listener-registry.ts); the
 * function returned takes it back, and runs however the command ends. A registry that cannot
 * be written costs only that: trigger then needs --to.
 */
function register(ctx: Ctx, record: ListenerRecord, port: number): () => void {
  let unregister: () => void;
  try {
    ctx.store.ensureDir();
    unregister = registerListener(ctx.store.dir, record, port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    ctx.io.warn(`cannot tell \`webhooks trigger\` where this listener is (${code}): give it --to`);
    return () => {};
  }
  ctx.onClose(async () => unregister());
  return unregister;
}

function parsePath(value: string): string {
  if (!/^\/[^\s?#]*$/.test(value))
    throw new UsageError(`--path must start with / and contain no spaces, ? or #, got ${JSON.stringify(value)}`);
  return value;
}

function listenError(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new CommandFailedError(
      `port ${port} on ${host} is already in use; pick another with --port, or --port 0 for any free one`,
    );
  if (code === 'EACCES')
    return new CommandFailedError(`not allowed to listen on ${host}:${port}; ports below 1024 need privileges`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new UsageError(`--host ${host} is not an address of this machine`);
  return error instanceof Error ? error : new Error(String(error));
}

function inspectError(error: unknown, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new CommandFailedError(
      `--inspect: port ${port} on 127.0.0.1 is already in use; pick another with --inspect <port>, or --inspect 0 for any free one`,
    );
  if (code === 'EACCES')
    return new CommandFailedError(
      `--inspect: not allowed to listen on 127.0.0.1:${port}; ports below 1024 need privileges`,
    );
  return error instanceof Error ? error : new Error(String(error));
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stopListening = onStopSignals((signal) => {
      stopListening();
      resolve(signal);
    });
  });
}
