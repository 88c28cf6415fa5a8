// Where a run's IO (io.ts) comes from: the streams of the process or of a test, the colour
// and the asking that flags and environment allow, and help text, which is pwctl's own and is
// written straight to the streams.
import { writeSync } from 'node:fs';
import { isTerminal } from './is-terminal.js';
import { IO, type OutputStream, type StreamSet } from './io.js';

export interface ColorPreference {
  /** false for --no-color */
  color?: boolean;
  quiet?: boolean;
  /** false for --no-input */
  input?: boolean;
}

/** --no-input, PWCTL_NO_INPUT (any value but empty, 0 or false), or CI=true as CI services set it. */
export function inputRefused(env: NodeJS.ProcessEnv, pref: ColorPreference): boolean {
  const noInput = env.PWCTL_NO_INPUT;
  return (
    pref.input === false ||
    (noInput !== undefined && !['', '0', 'false'].includes(noInput.toLowerCase())) ||
    env.CI === 'true' ||
    env.CI === '1'
  );
}

export function colorLevel(isTTY: boolean, env: NodeJS.ProcessEnv, pref: ColorPreference): number {
  if (pref.color === false) return 0;
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    if (force === '2' || force === '3') return Number(force);
    return 1;
  }
  if (!isTTY || env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  return /256/.test(env.TERM ?? '') ? 2 : 1;
}

/**
 * The streams one run of the command line talks through, and which of them are terminals:
 * the process's own (processTerminal), or a test's in memory. It keeps what the run learns
 * about stdout — whether it was ever opened, whether its reader went away — so that nothing
 * of one run is left for the next one in the same process. Streams are taken from `source`
 * on first use; for the process's, that is when Node constructs them.
 */
export class Terminal {
  #stdout: OutputStream | undefined;
  #stderr: OutputStream | undefined;
  #stdoutClosed = false;
  readonly streams: StreamSet;

  constructor(
    source: StreamSet,
    readonly tty: { readonly stdin: boolean; readonly stdout: boolean; readonly stderr: boolean },
    /** File descriptors to write help to without constructing the streams (the process's 1 and 2). */
    private readonly fds?: { readonly stdout: number; readonly stderr: number },
  ) {
    const self = this;
    this.streams = {
      get stdin() {
        return source.stdin;
      },
      get stdout() {
        if (!self.#stdout) {
          self.#stdout = source.stdout;
          self.#stdout.on('error', (error: NodeJS.ErrnoException) => {
            if (error.code === 'EPIPE') self.#stdoutClosed = true;
          });
        }
        return self.#stdout;
      },
      get stderr() {
        if (!self.#stderr) {
          self.#stderr = source.stderr;
          self.#stderr.on('error', () => {});
        }
        return self.#stderr;
      },
    };
  }

  /** Whether this run used stdout (and so may have output still to flush). */
  get stdoutOpened(): boolean {
    return this.#stdout !== undefined;
  }

  /** Whether the reader of stdout went away (`pwctl … | head -1`): what was wanted was read. */
  get stdoutClosed(): boolean {
    return this.#stdoutClosed;
  }

  /** The terminal's width in columns, for help text; 80 when the stream is not a terminal. */
  helpWidth(stream: 'stdout' | 'stderr'): number {
    return (this.tty[stream] ? this.streams[stream].columns : undefined) ?? 80;
  }

  /**
   * Help text, written as commander produces it (it is ours, not the server's). On the
   * process's own descriptors it is written synchronously without constructing a stream; a
   * closed pipe (`pwctl --help | head -1`) is not an error.
   */
  writeHelp(stream: 'stdout' | 'stderr', text: string): void {
    if (!this.fds) {
      this.streams[stream].write(text);
      return;
    }
    try {
      writeSync(this.fds[stream], text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
    }
  }

  /** The IO of a run, with the color and --quiet its global flags and environment ask for. */
  io(env: NodeJS.ProcessEnv, pref: ColorPreference): IO {
    return new IO(this.streams, {
      stdinIsTTY: this.tty.stdin,
      stdoutIsTTY: this.tty.stdout,
      stderrIsTTY: this.tty.stderr,
      stdoutColor: colorLevel(this.tty.stdout, env, pref),
      stderrColor: colorLevel(this.tty.stderr, env, pref),
      quiet: pref.quiet,
      noInput: inputRefused(env, pref),
    });
  }
}

/**
 * The process's streams. process.stdin/stdout/stderr are getters that construct streams
 * (and load node:stream, net or tty) on first use, so they are touched only when a
 * command actually reads or writes. A closed stdout pipe makes later writes fail; the
 * entry point sees `stdoutClosed` and ends the run quietly.
 */
export function processTerminal(): Terminal {
  return new Terminal(
    {
      get stdin() {
        return process.stdin;
      },
      get stdout() {
        return process.stdout;
      },
      get stderr() {
        return process.stderr;
      },
    },
    { stdin: isTerminal(0), stdout: isTerminal(1), stderr: isTerminal(2) },
    { stdout: 1, stderr: 2 },
  );
}
