// What a verb's run function receives: the streams, the resolved settings, and lazy
// factories for the expensive things (config store, API client, embedded sandbox), so a
// verb pays only for what it uses and `--help` pays for none of it.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from './api/client.js';
import { cacheDir, rememberIds } from './completion/id-cache.js';
import { ConfigStore } from './config/store.js';
import { configDir } from './config/paths.js';
import { resolveProfileName, resolveSettings, type GlobalFlags, type Settings } from './config/settings.js';
import { AuthRequiredError, UsageError } from './errors.js';
import type { IO } from './io.js';
import { parseFieldList } from './output/fields.js';
import { toJson } from './output/json.js';
import { resolvePager } from './output/pager.js';
import { escapeInline } from './output/sanitize.js';
import { OutputWriter } from './output/writer.js';
import { VERSION } from './version.js';

export class Context {
  #store: ConfigStore | undefined;
  #settings: Settings | undefined;
  #client: Promise<ApiClient> | undefined;
  #writer: OutputWriter | undefined;
  #cleanups: Array<() => Promise<void>> = [];

  constructor(
    readonly flags: GlobalFlags,
    readonly env: NodeJS.ProcessEnv,
    readonly io: IO,
  ) {}

  get store(): ConfigStore {
    return (this.#store ??= new ConfigStore(configDir(this.env)));
  }

  get profileName(): string {
    return resolveProfileName(this.flags, this.env);
  }

  get settings(): Settings {
    if (!this.#settings) {
      const name = this.profileName;
      this.#settings = resolveSettings(this.flags, this.env, this.store.profile(name), name);
    }
    return this.#settings;
  }

  get quiet(): boolean {
    return this.flags.quiet === true;
  }

  get dryRun(): boolean {
    return this.flags.dryRun === true;
  }

  get output(): OutputWriter {
    return (this.#writer ??= new OutputWriter(
      this.io,
      this.settings.output,
      this.flags.fields === undefined ? undefined : parseFieldList(this.flags.fields),
      resolvePager(this.flags, this.env),
    ));
  }

  /** The API client for this profile (or the embedded sandbox), built on first use. */
  api(): Promise<ApiClient> {
    return (this.#client ??= this.#createClient());
  }

  /** Runs when the command ends, success or not (closing sockets, flushing the sandbox). */
  onClose(cleanup: () => Promise<void>): void {
    this.#cleanups.push(cleanup);
  }

  async close(): Promise<void> {
    for (const cleanup of this.#cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Closing is best effort; the command's own outcome has already been decided.
      }
    }
    this.#cleanups = [];
    this.#saveCompletionIds();
  }

  /**
   * Remember the ids and titles this command printed, for shell completion (never for
   * --dry-run); with `config set completion_cache false`, forget the profile's cache instead.
   */
  #saveCompletionIds(): void {
    if (!this.#store) return;
    try {
      const profileDir = cacheDir(this.#store.dir, this.profileName);
      if (!profileDir) return;
      if (this.#store.profile(this.profileName).completion_cache === false) {
        rmSync(profileDir, { recursive: true, force: true });
      } else if (this.#writer && this.#writer.remembered.size > 0 && !this.dryRun) {
        rememberIds(cacheDir(this.#store.dir, this.profileName, this.settings.sandbox)!, this.#writer.remembered);
      }
    } catch {
      // The cache is a convenience: failing to write it never fails the command.
    }
  }

  /** A notice for people, on stderr; silenced by --quiet. */
  notice(message: string): void {
    if (!this.quiet) this.io.stderr.write(`${message}\n`);
  }

  warn(message: string): void {
    this.io.stderr.write(`warning: ${escapeInline(message)}\n`);
  }

  /**
   * Confirm a destructive action: --yes (or --dry-run) answers it; a person at a TTY is
   * asked; without a TTY it is a usage error raised before any request. Declining ends
   * the command with exit 2, as gh does: nothing was done, at the user's word.
   */
  async confirmOrCancel(question: string): Promise<void> {
    if (this.flags.yes || this.dryRun) return;
    if (!this.io.canPrompt) throw new UsageError(`${question.replace(/\?$/, '')}: refusing without a terminal to confirm; pass --yes`);
    const { createInterface } = await import('node:readline/promises');
    const rl = createInterface({ input: this.io.stdin, output: this.io.stderr });
    try {
      const answer = await rl.question(`${question} [y/N] `);
      if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError('cancelled; nothing was changed');
    } finally {
      rl.close();
    }
  }

  /** Every secret this process knows, for redaction. */
  secrets(): string[] {
    const profile = this.store.profile(this.profileName);
    return [
      this.settings.token,
      profile.refresh_token,
      this.env.PWCTL_WEBHOOK_SECRET,
      ...Object.values(profile.webhook_secrets ?? {}).map((s) => s.secret),
    ].filter((s): s is string => typeof s === 'string' && s !== '');
  }

  async #createClient(): Promise<ApiClient> {
    const settings = this.settings;
    let baseUrl = settings.baseUrl;
    let token = settings.token;
    if (settings.sandbox) {
      const { startEmbeddedSandbox } = await import('./sandbox/embedded.js');
      const sandbox = await startEmbeddedSandbox({ statePath: join(this.store.dir, 'sandbox-state.json') });
      this.onClose(() => sandbox.close());
      baseUrl = sandbox.baseUrl;
      token = sandbox.token;
    }
    if (!baseUrl) {
      throw new UsageError('no service URL configured: pass --base-url, set PWCTL_BASE_URL, run `pwctl config set base_url <url>`, or try --sandbox');
    }
    if (!token) {
      throw new AuthRequiredError(
        `no token for profile ${this.profileName}: run \`pwctl auth login\`, or set PWCTL_TOKEN`,
      );
    }
    const trace = settings.debug ? (line: string) => this.io.stderr.write(`debug: ${escapeInline(line)}\n`) : undefined;
    let renewToken: (() => Promise<string>) | undefined;
    const stored = this.store.profile(this.profileName);
    // Only a token this profile stores from an OAuth sign-in is renewed; an env token is the caller's.
    if (!settings.sandbox && settings.tokenSource === 'config' && (stored.refresh_token || stored.token_expires_at)) {
      const { TokenRenewer } = await import('./auth/token-renewal.js');
      const renewer = new TokenRenewer({ store: this.store, profileName: this.profileName, baseUrl, timeoutMs: settings.timeoutMs, trace }, token);
      token = await renewer.initial();
      renewToken = () => renewer.renewAfterRejection();
    }
    const { ApiClient } = await import('./api/client.js');
    const tty = this.io.stderrIsTTY;
    const client = new ApiClient({
      baseUrl,
      token,
      timeoutMs: settings.timeoutMs,
      userAgent: `pwctl/${VERSION} (node ${process.version}; ${process.platform})`,
      secrets: this.secrets(),
      trace,
      renewToken,
      dryRun: this.dryRun ? (request) => this.#printDryRun(request) : undefined,
      onWait: ({ delayMs, reason, status }) => {
        if (tty && !this.quiet && status === 429) this.io.stderr.write(`${reason}: waiting ${(delayMs / 1000).toFixed(1)} s…\n`);
      },
    });
    this.onClose(() => client.close());
    return client;
  }

  #printDryRun(request: { method: string; path: string; body: unknown }): void {
    if (this.settings.output === 'table') {
      const body = request.body === undefined ? '' : `\n${toJson(request.body, 2)}`;
      this.io.stdout.write(`${request.method} ${request.path}${body}\n`);
    } else {
      this.io.stdout.write(`${toJson({ dry_run: true, method: request.method, path: request.path, body: request.body ?? null })}\n`);
    }
  }
}
