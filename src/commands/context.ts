// What a verb's run function receives: its context. The command line wires one (src/cli/
// factory.ts: the terminal, the config store, the output writer, an API client for the
// profile); the MCP server wires another (src/mcp/: results collected for the agent, no
// terminal); a test can wire its own (a client over a recorded transport). A verb reaches
// the world only through this object, so the same run function serves every front end.
import type { ApiClient } from '../api/client.js';
import type { BulkOptions, BulkWork } from '../bulk/bulk-options.js';
import type { ConfigStore } from '../config/store.js';
import type { GlobalFlags, Settings } from '../config/settings.js';
import type { IO } from '../io/io.js';
import type { Output } from '../output/output.js';
import type { Choice, Flag } from './flags.js';

/**
 * Asking the person at the terminal. Each question rejects with an InterruptedError when
 * they press Ctrl-C (exit 130; nothing was sent).
 */
export interface Asker {
  /**
   * A line of text; `check` throws (a UsageError) for a value the flag would refuse, and the
   * question is asked again. `placeholder` shows the accepted forms until something is typed.
   */
  text(message: string, check: (value: string) => unknown, placeholder?: string): Promise<string>;
  /** One of the choices, filtered as they type. */
  choose(message: string, choices: readonly Choice[]): Promise<string>;
  /** Any number of the choices (none is an answer too), filtered as they type. */
  chooseMany(message: string, choices: readonly Choice[]): Promise<string[]>;
}

export interface Ctx {
  readonly env: NodeJS.ProcessEnv;
  /** The process's streams: TTY-ness, notices and warnings on stderr, the status line. */
  readonly io: IO;
  /** The global flags as given (most verbs read `settings` instead). */
  readonly flags: GlobalFlags;
  readonly store: ConfigStore;
  readonly profileName: string;
  /** Every setting resolved: flag > environment > profile > default. */
  readonly settings: Settings;
  /** --dry-run: requests that change data are shown, not sent (the client refuses them). */
  readonly dryRun: boolean;
  /**
   * The person at the terminal, when one may be asked (contract, "Interactive use"):
   * undefined in scripts, in CI, with --no-input, and for agents.
   */
  readonly ask: Asker | undefined;
  /** Where results go: printed in the chosen format, or collected for an agent. */
  readonly output: Output;
  /** The API client of this run (profile or sandbox), made on first use. */
  api(): Promise<ApiClient>;
  /** Runs when the command ends, success or not (closing sockets, stopping a sandbox). */
  onClose(cleanup: () => Promise<void>): void;
  /**
   * How this front end's user gave `flag` with `value`, for a message that names it:
   * `--no-create` on the command line, `create_missing: false` for an agent.
   */
  given(flag: Flag, value: unknown): string;
  /**
   * Ask before something that cannot be undone: --yes (or --dry-run) answers it, a person at
   * a terminal is asked, and otherwise it is a usage error raised before any request.
   * Declining is a usage error too: nothing was done, at the user's word. `naming` words the
   * question with what the records are called (their titles); it runs only when asking.
   */
  confirm(question: string, naming?: () => Promise<string>): Promise<void>;
  /**
   * Do `work` for every item, several at once within the service's rate limit, and report
   * one result per item (bulk verbs): a failure of some items is exit 8.
   */
  bulk<I, T>(items: readonly I[], work: BulkWork<I, T>, options: BulkOptions<I, T>): Promise<void>;
  /**
   * An API client for a token that is not (yet) the profile's — the one `auth login` is
   * about to store — with this run's user agent, timeout, network settings and redacted trace.
   */
  clientWithToken(baseUrl: string, token: string): Promise<ApiClient>;
  /**
   * The context of another stored profile as it is stored: what `--profile <name>` would
   * use, less this run's overrides (--base-url, --sandbox, PWCTL_TOKEN, PWCTL_BASE_URL).
   * `auth status` checks every profile this way; close it when done.
   */
  storedProfile(name: string): Ctx & { close(): Promise<void> };
}
