// The command line's wiring of a verb's context (src/commands/context.ts): the process's I/O,
// the parsed global flags, and lazy factories for the expensive things (config store,
// settings, output writer, API client), so a verb pays only for what it uses and `--help`
// pays for none of it. It builds things; it prints nothing (that is the I/O object's and the
// output writer's job).
import type { ApiClient } from '../api/client.js';
import type { BulkOptions, BulkWork } from '../bulk/bulk-options.js';
import type { Asker, Ctx } from '../commands/context.js';
import { onCommandLine, type Flag } from '../commands/flags.js';
import type { IdRecorder } from '../completion/id-recorder.js';
import { openConfigStore, type ConfigStore } from '../config/store.js';
import { resolveProfileName, resolveSettings, type GlobalFlags, type Settings } from '../config/settings.js';
import type { IO } from '../io/io.js';
import { parseFieldList } from '../output/fields.js';
import type { JqFilter } from '../output/jq.js';
import { resolvePager } from '../output/pager.js';
import type { View } from '../output/view.js';
import { OutputWriter } from '../output/writer.js';
import { TerminalAsker } from './prompts.js';
import { StatusLine } from './status-line.js';

/** Records kept for the id cache before a recorder exists: as many as it keeps of a kind. */
const MAX_UNRECORDED = 200;

export class Factory implements Ctx {
  #store: ConfigStore | undefined;
  #settings: Settings | undefined;
  #client: Promise<ApiClient> | undefined;
  #writer: OutputWriter | undefined;
  #ids: IdRecorder | undefined;
  /** Records printed before any recorder existed (src/completion/id-recorder.ts). */
  #unrecorded: Array<[unknown, View<never>]> = [];
  #jq: JqFilter | undefined;
  #cleanups: Array<{ cleanup: () => Promise<void>; exitDoesIt: boolean }> = [];
  #asker: Asker | undefined;
  #statusLine: StatusLine | undefined;
  #interruption: AbortController | undefined;

  constructor(
    readonly flags: GlobalFlags,
    readonly env: NodeJS.ProcessEnv,
    readonly io: IO,
  ) {}

  /** Aborted when the user interrupts bulk work (Ctrl-C): waits for retries end, nothing is re-sent. Made when first asked for. */
  get interruption(): AbortController {
    return (this.#interruption ??= new AbortController());
  }

  get store(): ConfigStore {
    return (this.#store ??= openConfigStore(this.env));
  }

  get profileName(): string {
    return resolveProfileName(this.flags, this.env, this.store.defaultProfile());
  }

  get settings(): Settings {
    if (!this.#settings) {
      const name = this.profileName;
      this.#settings = resolveSettings(this.flags, this.env, this.store.profile(name), name);
    }
    return this.#settings;
  }

  get dryRun(): boolean {
    return this.flags.dryRun === true;
  }

  get output(): OutputWriter {
    return (this.#writer ??= new OutputWriter(
      this.io,
      this.settings.output,
      this.flags.fields === undefined ? undefined : parseFieldList(this.flags.fields),
      {
        // Records printed by a real run are remembered for shell completion; a dry run printed none.
        onRecord: this.dryRun ? undefined : (record, view) => this.#observe(record, view),
        jq: this.#jq,
        pager: resolvePager(this.flags, this.env, this.store.profile(this.profileName).pager),
        csvRaw: this.flags.csvRaw === true,
      },
    ));
  }

  /**
   * What must be checked before a verb runs and may cost a moment: --jq is compiled here,
   * so an expression that does not compile exits 2 before any request.
   */
  async prepare(): Promise<void> {
    if (this.flags.jq === undefined || this.#jq) return;
    const { JqFilter } = await import('../output/jq.js');
    void this.settings; // --jq's format rules first: a wrong -o is reported before jq loads
    this.#jq = await JqFilter.compile(this.flags.jq, this.env);
  }

  /** The API client for this profile (or the embedded sandbox), built on first use. */
  api(): Promise<ApiClient> {
    return (this.#client ??= this.#connect());
  }

  /** The transient line on a terminal's stderr: progress, rate-limit waits. */
  get statusLine(): StatusLine {
    return (this.#statusLine ??= new StatusLine(this.io));
  }

  /** Built when a person can be asked; the prompt library loads only when a question is put. */
  get ask(): Asker | undefined {
    if (!this.io.canPrompt) return undefined;
    return (this.#asker ??= new TerminalAsker(this.io));
  }

  async confirm(question: string, naming?: () => Promise<string>): Promise<void> {
    const { confirmOrCancel } = await import('./confirm.js');
    await confirmOrCancel(this, question, naming);
  }

  async bulk<I, T>(items: readonly I[], work: BulkWork<I, T>, options: BulkOptions<I, T>): Promise<void> {
    const { runBulk } = await import('./bulk-run.js');
    await runBulk(this, items, work, options);
  }

  async clientWithToken(baseUrl: string, token: string): Promise<ApiClient> {
    const [{ ApiClient }, { runOptions, knownSecrets, wrongServiceHint }] = await Promise.all([
      import('../api/client.js'),
      import('./connect.js'),
    ]);
    const source = baseUrl === this.settings.baseUrl ? this.settings.baseUrlSource : undefined;
    const client = new ApiClient({
      ...runOptions(this),
      baseUrl,
      token,
      secrets: [token, ...knownSecrets(this)],
      wrongServiceHint: wrongServiceHint(baseUrl, source),
    });
    this.onClose(() => client.close());
    return client;
  }

  storedProfile(name: string): Factory {
    const flags: GlobalFlags = { ...this.flags, profile: name, baseUrl: undefined, sandbox: false };
    const env = { ...this.env };
    for (const key of ['PWCTL_TOKEN', 'PWCTL_BASE_URL', 'PWCTL_PROFILE', 'PWCTL_SANDBOX']) delete env[key];
    return new Factory(flags, env, this.io);
  }

  given(flag: Flag, value: unknown): string {
    return onCommandLine(flag, value);
  }

  /** Runs when the command ends, success or not (closing sockets, flushing the sandbox). */
  onClose(cleanup: () => Promise<void>): void {
    this.#cleanups.push({ cleanup, exitDoesIt: false });
  }

  /**
   * As onClose, for what only gives this process's resources back (a client's idle sockets):
   * left undone when the process exits as the command ends (close({ exiting: true })), as the
   * exit gives them back itself.
   */
  onCloseUnlessExiting(cleanup: () => Promise<void>): void {
    this.#cleanups.push({ cleanup, exitDoesIt: true });
  }

  async close({ exiting = false }: { exiting?: boolean } = {}): Promise<void> {
    this.#statusLine?.end();
    for (const { cleanup, exitDoesIt } of this.#cleanups.reverse()) {
      if (exiting && exitDoesIt) continue;
      try {
        await cleanup();
      } catch {
        // Closing is best effort; the command's own outcome has already been decided.
      }
    }
    this.#cleanups = [];
    if (!this.#ids && this.#unrecorded.length > 0) {
      // A verb that connected to no service (the delivery inbox's): its ids are the profile's.
      try {
        const { IdRecorder } = await import('../completion/id-recorder.js');
        this.#ids = new IdRecorder(this.store, this.profileName, undefined);
        this.#recordUnrecorded();
      } catch {
        // The cache is a convenience: failing to write it never fails the command.
      }
    }
    this.#ids?.save();
  }

  /** A printed record, for the id cache; kept for later when no recorder exists yet (none is made before a client). */
  #observe(record: unknown, view: View<never>): void {
    if (this.#ids) this.#ids.observe(record, view);
    else if (view.cache && this.#unrecorded.length < MAX_UNRECORDED) this.#unrecorded.push([record, view]);
  }

  #recordUnrecorded(): void {
    for (const [record, view] of this.#unrecorded.splice(0)) this.#ids!.observe(record, view);
  }

  async #connect(): Promise<ApiClient> {
    const [{ connect }, { IdRecorder }] = await Promise.all([
      import('./connect.js'),
      import('../completion/id-recorder.js'),
    ]);
    const connection = await connect(this);
    // Ids are remembered per service: the sandbox's mean nothing to the real one.
    this.#ids = new IdRecorder(this.store, this.profileName, connection.serviceKey);
    this.#recordUnrecorded();
    return connection.client;
  }
}
