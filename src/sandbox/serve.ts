// `pwctl sandbox serve`: run the sandbox in the foreground until SIGINT/SIGTERM/SIGHUP or abort.
import { isLoopbackHost } from '../api/no-proxy.js';
import { escapeInline } from '../io/sanitize.js';
import { onStopSignals } from '../stop-signals.js';
import { startSandbox, type RunningSandbox } from './index.js';
import type { RequestLogEntry, SandboxOptions } from './types.js';

/** Where text goes: a stream, or the CLI's IO (which sanitises what reaches a terminal). */
export interface TextSink {
  write(text: string): unknown;
}

/** Where a running sandbox is, and a token for each role: what `ready` is told. */
export interface SandboxReady {
  base_url: string;
  tokens: { manager: string; member: string; client: string };
}

export interface ServeOptions extends SandboxOptions {
  /**
   * Says the sandbox is ready: `ready` for programs (the contract's JSON line), `text` for
   * people (the same with examples of use). The caller picks, in its output format.
   */
  announce(ready: SandboxReady, text: string): Promise<void> | void;
  /** Request lines and warnings. */
  stderr: TextSink;
  signal?: AbortSignal;
  /** No per-request lines on stderr. */
  quiet?: boolean;
}

export function formatRequestLine(entry: RequestLogEntry, ms: number): string {
  const query = new URLSearchParams(entry.query).toString();
  const status = entry.status === 0 ? '---' : String(entry.status);
  // A client chooses the path: a request line shows control characters instead of obeying them.
  return `${escapeInline(entry.method)} ${escapeInline(entry.path)}${query ? `?${escapeInline(query)}` : ''} ${status} ${Math.round(ms)}ms\n`;
}

function readyText(sandbox: RunningSandbox, statePath: string | undefined): string {
  const { baseUrl, tokens } = sandbox;
  const env = (token: string): string => `PWCTL_BASE_URL=${baseUrl} PWCTL_TOKEN=${token}`;
  return [
    `pwctl sandbox is running (seed: ${sandbox.state.seed}, state: ${statePath ?? 'in memory'})`,
    '',
    `  Base URL  ${baseUrl}`,
    `  Manager   ${tokens.manager}`,
    `  Member    ${tokens.member}`,
    `  Client    ${tokens.client}`,
    '',
    'Try:',
    `  ${env(tokens.manager)} pwctl steps list`,
    `  ${env(tokens.client)} pwctl docs list`,
    '',
    `OAuth: ${baseUrl}/oauth/authorize and ${baseUrl}/oauth/token (pwctl auth login --web)`,
    `Webhook deliveries: GET ${baseUrl}/_sandbox/deliveries with a team token`,
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

export async function serveSandbox(opts: ServeOptions): Promise<void> {
  const { announce, stderr, signal, quiet, ...options } = opts;
  if (signal?.aborted) return;
  const sandbox = await startSandbox({
    requestLogLimit: 10_000,
    ...options,
    onRequest: (entry, ms) => {
      options.onRequest?.(entry, ms);
      if (!quiet) stderr.write(formatRequestLine(entry, ms));
    },
  });
  // Listen for Ctrl-C before saying "ready": a signal sent as soon as the text shows must stop
  // the sandbox cleanly, not kill the process.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      stopListening();
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const stopListening = onStopSignals(stop);
    signal?.addEventListener('abort', stop);
  });
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    stderr.write(
      `warning: --host ${host} is reachable from other machines: anyone on that network can reach this sandbox, and the tokens printed here let them read and change its data; bind to 127.0.0.1 unless that is what you want\n`,
    );
  }
  const { manager, member, client } = sandbox.tokens;
  try {
    await announce(
      { base_url: sandbox.baseUrl, tokens: { manager, member, client } },
      readyText(sandbox, options.statePath),
    );
    await stopped;
  } finally {
    await sandbox.close();
  }
}
